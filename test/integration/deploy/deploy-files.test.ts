import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findBinary } from '../../helpers/binaries.ts';
import { docShellLines } from '../../helpers/deploy-doc-lines.ts';

/**
 * Issue 40 item 3: the files of deploy/ checked by their own programs. The alerting rules with
 * `promtool check rules` and `promtool test rules` (deploy/klaxon-alerts.test.yml), the systemd
 * unit with `systemd-analyze verify`, the Caddyfile with `caddy validate`. A missing program skips
 * its test with the reason printed (.ci/run installs them all: prometheus, systemd, caddy).
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const PROMTOOL = findBinary('promtool');
const SYSTEMD_ANALYZE = findBinary('systemd-analyze');
const CADDY = findBinary('caddy');
for (const [name, bin, pkg] of [['promtool', PROMTOOL, 'prometheus'], ['systemd-analyze', SYSTEMD_ANALYZE, 'systemd'], ['caddy', CADDY, 'caddy']] as const) {
  if (!bin) console.log(`deploy-files.test.ts: ${name} is not installed (Debian package ${pkg}); its test is skipped`);
}

describe('deploy/ checked by the real programs', () => {
  it.skipIf(!PROMTOOL)('promtool check rules deploy/klaxon-alerts.yml', async () => {
    const { stdout } = await run(PROMTOOL!, ['check', 'rules', 'deploy/klaxon-alerts.yml'], { cwd: ROOT });
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it.skipIf(!PROMTOOL)('promtool test rules deploy/klaxon-alerts.test.yml', async () => {
    const { stdout } = await run(PROMTOOL!, ['test', 'rules', 'deploy/klaxon-alerts.test.yml'], { cwd: ROOT });
    expect(stdout).toMatch(/SUCCESS/);
  });

  it.skipIf(!SYSTEMD_ANALYZE)('systemd-analyze verify deploy/klaxon.service', async () => {
    // verify exits non-zero on an error in the unit; warnings go to stderr, and there must be none.
    const { stderr } = await run(SYSTEMD_ANALYZE!, ['verify', 'deploy/klaxon.service'], { cwd: ROOT, env: { ...process.env, SYSTEMD_LOG_LEVEL: 'warning' } });
    expect(stderr.split('\n').filter((l) => l.includes('klaxon.service'))).toEqual([]);
  });

  it.skipIf(!CADDY)('caddy validate --config deploy/Caddyfile', async () => {
    const { stdout, stderr } = await run(CADDY!, ['validate', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], { cwd: ROOT, env: { ...process.env, HOME: process.env.HOME ?? '/tmp' } });
    expect(stdout + stderr).toContain('Valid configuration');
    // The adapted JSON: the live stream is flushed at once, and the body limit is Klaxon's 10 MiB.
    const adapted = JSON.parse((await run(CADDY!, ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], { cwd: ROOT })).stdout) as unknown;
    const text = JSON.stringify(adapted);
    expect(text).toContain('"flush_interval":-1');
    expect(text).toContain('"max_size":10000000');
  });
});

/**
 * docs/deploy.md's own sections, as written: each `sh` line run with bash in the repository's folder
 * (test/unit/deploy-docs.test.ts checks that every line of the page is run by some test or CI).
 */
describe('docs/deploy.md: the commands of its sections run as written', () => {
  for (const section of ['A single server with TLS', 'Monitoring Klaxon']) {
    for (const line of docShellLines(section)) {
      const program = line.split(/\s+/)[0]!;
      const bin = findBinary(program);
      if (!bin) console.log(`deploy-files.test.ts: "${line}" skipped: ${program} is not installed`);
      it.skipIf(!bin)(`${section}: ${line}`, async () => {
        const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', line], { cwd: ROOT, env: { ...process.env, HOME: process.env.HOME ?? '/tmp' } });
        if (program === 'openssl') expect(stdout.trim()).toMatch(/^[0-9a-f]{64}$/);
      });
    }
  }
});
