import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  for (const section of ['Monitoring Klaxon']) {
    for (const line of docShellLines(section)) {
      const program = line.split(/\s+/)[0]!;
      const bin = findBinary(program);
      if (!bin) console.log(`deploy-files.test.ts: "${line}" skipped: ${program} is not installed`);
      it.skipIf(!bin)(`${section}: ${line}`, async () => {
        await run('bash', ['-euo', 'pipefail', '-c', line], { cwd: ROOT, env: { ...process.env, HOME: process.env.HOME ?? '/tmp' } });
      });
    }
  }
});

/**
 * "A single server with TLS" as the operator runs it: every `sh` line in order, as root, in the
 * repository's folder (the page's `deploy/…` paths), so the user, the folders and the files it
 * installs are there for the checks after them (`systemd-analyze verify` of the installed unit,
 * `nginx -t` of Debian's nginx with the installed site). The machine is not changed: the lines run
 * in a mount namespace of their own where /etc and /var are overlays on the real ones, thrown away
 * after. What the page presumes is put there first: a certificate at Let's Encrypt's paths for the
 * example host name, as certbot leaves it. `systemctl` lines are not run: they need systemd as PID 1
 * managing this machine, and its /etc is not the test's.
 */
const TLS = 'A single server with TLS';
const tlsLines = docShellLines(TLS);
const needsSystemd = (line: string) => /^systemctl\b/.test(line);
const PID1 = (() => {
  try {
    return readFileSync('/proc/1/comm', 'utf8').trim();
  } catch {
    return 'unknown';
  }
})();

/** Why the lines cannot run here in a private /etc and /var, or undefined when they can. */
function privateRootUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'not root';
  for (const p of ['unshare', 'useradd', 'nginx', 'caddy', 'systemd-analyze', 'openssl']) if (!findBinary(p)) return `${p} is not installed`;
  const t = mkdtempSync(join(tmpdir(), 'klaxon-private-root-'));
  mkdirSync(join(t, 'upper'));
  mkdirSync(join(t, 'work'));
  const r = spawnSync('unshare', ['--mount', '--propagation', 'private', 'mount', '-t', 'overlay', 'overlay', '-o', `lowerdir=/etc,upperdir=${t}/upper,workdir=${t}/work`, '/etc'], { encoding: 'utf8' });
  rmSync(t, { recursive: true, force: true });
  return r.status === 0 ? undefined : `no private overlay of /etc (unshare --mount, overlayfs): ${r.stderr.trim()}`;
}

const SCRIPT = String.raw`set -euo pipefail
T=$1
for d in etc var; do
  mkdir -p "$T/$d/upper" "$T/$d/work"
  mount -t overlay overlay -o "lowerdir=/$d,upperdir=$T/$d/upper,workdir=$T/$d/work" "/$d"
done
live=/etc/letsencrypt/live/klaxon.example.com
mkdir -p "$live"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=klaxon.example.com -keyout "$live/privkey.pem" -out "$live/fullchain.pem" 2>/dev/null
for f in "$T"/lines/*; do
  i=$(basename "$f")
  if bash -euo pipefail -c "$(cat "$f")" >"$T/out/$i" 2>&1; then echo 0 >"$T/rc/$i"; else echo $? >"$T/rc/$i"; fi
done
{
  getent passwd klaxon
  stat -c '%n %a %U:%G' /etc/klaxon /etc/klaxon/klaxon.env /etc/systemd/system/klaxon.service /etc/nginx/conf.d/klaxon.conf /etc/caddy/Caddyfile
  cmp deploy/klaxon.service /etc/systemd/system/klaxon.service && echo unit-identical
  cmp deploy/nginx.conf /etc/nginx/conf.d/klaxon.conf && echo nginx-identical
  cmp deploy/Caddyfile /etc/caddy/Caddyfile && echo caddy-identical
} >"$T/after" 2>&1
`;

const unavailable = privateRootUnavailable();
if (unavailable) console.log(`deploy-files.test.ts: "${TLS}" not run: ${unavailable} (CI runs as root with every program installed)`);
describe.skipIf(!!unavailable)(`docs/deploy.md "${TLS}": every line, in order, as root in a private /etc and /var`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'klaxon-tls-section-'));
  const results = new Map<number, { rc: number; out: string }>();
  let after = '';
  const hostHadUser = spawnSync('getent', ['passwd', 'klaxon']).status === 0;
  const hostHadFolder = existsSync('/etc/klaxon');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    for (const sub of ['lines', 'out', 'rc']) mkdirSync(join(dir, sub));
    tlsLines.forEach((line, i) => {
      if (!needsSystemd(line)) writeFileSync(join(dir, 'lines', String(i).padStart(3, '0')), line);
    });
    await run('unshare', ['--mount', '--propagation', 'private', 'bash', '-c', SCRIPT, 'tls-section', dir], { cwd: ROOT, env: { ...process.env, SYSTEMD_LOG_LEVEL: 'warning' } });
    for (const f of readdirSync(join(dir, 'rc'))) {
      results.set(Number(f), { rc: Number(readFileSync(join(dir, 'rc', f), 'utf8')), out: readFileSync(join(dir, 'out', f), 'utf8') });
    }
    after = readFileSync(join(dir, 'after'), 'utf8');
  }, 120_000);

  it('the section is the one these checks are written for', () => {
    expect(tlsLines).toEqual([
      'useradd --system --home-dir /var/lib/klaxon --shell /usr/sbin/nologin klaxon',
      'install -m 0644 deploy/klaxon.service /etc/systemd/system/klaxon.service',
      'install -d -m 0750 /etc/klaxon',
      'install -m 0640 -g klaxon /dev/null /etc/klaxon/klaxon.env',
      'openssl rand -hex 32',
      'systemd-analyze verify /etc/systemd/system/klaxon.service',
      'systemctl daemon-reload',
      'systemctl enable --now klaxon',
      'install -m 0644 deploy/nginx.conf /etc/nginx/conf.d/klaxon.conf',
      'nginx -t',
      'systemctl reload nginx',
      'install -m 0644 deploy/Caddyfile /etc/caddy/Caddyfile',
      'caddy validate --config /etc/caddy/Caddyfile --adapter caddyfile',
      'systemctl reload caddy',
    ]);
  });

  tlsLines.forEach((line, i) => {
    if (needsSystemd(line)) {
      it.skip(`${line} — not run: systemctl needs systemd as PID 1 managing the machine (PID 1 here: ${PID1})`, () => {});
      return;
    }
    it(line, () => {
      const r = results.get(i)!;
      expect(r, 'the line was not reached').toBeDefined();
      expect(r.rc, r.out).toBe(0);
      if (line.startsWith('openssl')) expect(r.out.trim()).toMatch(/^[0-9a-f]{64}$/);
      // verify exits non-zero on an error in the unit; a warning about it must not be printed either.
      if (line.startsWith('systemd-analyze')) expect(r.out.split('\n').filter((l) => l.includes('klaxon.service'))).toEqual([]);
      if (line === 'nginx -t') expect(r.out).toContain('test is successful');
      if (line.startsWith('caddy validate')) expect(r.out).toContain('Valid configuration');
    });
  });

  it('left the user, folders and files the unit and the proxies need, only in the private copy', () => {
    expect(after).toMatch(/^klaxon:x:\d+:\d+::\/var\/lib\/klaxon:\/usr\/sbin\/nologin$/m);
    expect(after).toContain('/etc/klaxon 750 root:root');
    expect(after).toContain('/etc/klaxon/klaxon.env 640 root:klaxon');
    expect(after).toContain('/etc/systemd/system/klaxon.service 644 root:root');
    expect(after).toContain('/etc/nginx/conf.d/klaxon.conf 644 root:root');
    for (const copy of ['unit-identical', 'nginx-identical', 'caddy-identical']) expect(after).toContain(copy);
    if (!hostHadUser) expect(spawnSync('getent', ['passwd', 'klaxon']).status).not.toBe(0);
    if (!hostHadFolder) expect(existsSync('/etc/klaxon')).toBe(false);
  });
});
