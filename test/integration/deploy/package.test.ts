import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deployDocCommands } from '../../helpers/deploy-doc.ts';
import { REPO } from '../../helpers/process.ts';
import { type KlaxonProc, cleanup, freePort, startKlaxon, tempDir } from '../../helpers/procs.ts';

/**
 * PRODUCT.md 15, docs/adr/0860: `npm pack` in this checkout, the tarball installed globally into a
 * clean prefix folder from the npm registry (better-sqlite3 may compile: minutes), then the installed
 * `klaxon` answers /healthz and serves the dashboard. The commands are docs/deploy.md's, as written;
 * only npm's prefix and the tarball's folder are set through npm's own environment variables.
 */
// Opt-in (KLAXON_TEST_PACKAGE=1): it installs from the npm registry and compiles better-sqlite3, minutes
// on a quiet machine and it stalled twice under load; it is not yet part of `npm test` (issue 40 stays open).
const packageTest = process.env.KLAXON_TEST_PACKAGE === '1';
if (!packageTest) console.log('package test skipped: set KLAXON_TEST_PACKAGE=1 to pack, install globally and serve');
describe.skipIf(!packageTest)('the npm package installs with npm install -g and runs klaxon serve, the dashboard built in', () => {
  const dir = tempDir('klaxon-package-');
  const prefix = join(dir, 'prefix');
  const installed = join(prefix, 'lib', 'node_modules', 'klaxon');
  let server: KlaxonProc | undefined;
  afterAll(async () => {
    await server?.kill('SIGTERM');
    cleanup(dir);
  });

  it('npm pack, npm install -g, klaxon --version, klaxon serve: /healthz and the dashboard', async () => {
    const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
    // A clean environment: no npm_config_* of the npm that may run this test.
    const env = {
      PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: process.env.HOME ?? '/tmp',
      npm_config_prefix: prefix,
      npm_config_pack_destination: dir,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    };
    const [pack, ...onHost] = deployDocCommands('Install from the package');
    expect(pack).toBe('npm pack');
    expect(onHost).toEqual(['npm install -g ./klaxon-*.tgz', 'klaxon --version', 'klaxon serve']);

    const packed = spawnSync('bash', ['-euo', 'pipefail', '-c', pack!], { cwd: REPO, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 600_000 });
    expect(packed.status, packed.stderr).toBe(0);
    expect(readdirSync(dir)).toContain(`klaxon-${version}.tgz`);
    // The shrinkwrap is written for the pack only.
    expect(existsSync(join(REPO, 'npm-shrinkwrap.json'))).toBe(false);

    const run = (line: string) => spawnSync('bash', ['-euo', 'pipefail', '-c', line], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 3_000_000 });
    const install = run(onHost[0]!);
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
    // What the package carries: the built dashboard and the pinned tree, not the sources or build tools.
    expect(existsSync(join(installed, 'dist/web/index.html'))).toBe(true);
    expect(existsSync(join(installed, 'npm-shrinkwrap.json'))).toBe(true);
    expect(existsSync(join(installed, 'web'))).toBe(false);
    expect(existsSync(join(installed, 'test'))).toBe(false);
    for (const tool of ['vite', 'react', 'vitest', 'typescript', 'playwright-core']) expect(existsSync(join(installed, 'node_modules', tool)), tool).toBe(false);
    // The override of package.json (ADR 0736) reaches an installed package through the shrinkwrap.
    expect(JSON.parse(readFileSync(join(installed, 'node_modules/cookie/package.json'), 'utf8')).version).toMatch(/^1\./);

    const printed = run(onHost[1]!);
    expect(printed.status, printed.stderr).toBe(0);
    expect(printed.stdout.trim()).toBe(version);

    // `klaxon serve` as on the host: the installed program from PATH, its SQLite store in a data folder.
    const data = join(dir, 'data');
    mkdirSync(data);
    const port = await freePort();
    expect(onHost[2]).toBe('klaxon serve');
    server = await startKlaxon(
      { ...env, HOST: '127.0.0.1', PORT: String(port), SMTP_PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: `sqlite:${join(data, 'klaxon.db')}`, KLAXON_PUBLIC_URL: `http://localhost:${port}` },
      { port, cwd: dir, program: join(prefix, 'bin', 'klaxon'), startWithinMs: 240_000 },
    );
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true });
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${server.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    // Served from the package's build, not rebuilt at start.
    expect(server.output.join('')).not.toMatch(/building the dashboard/);
  }, 3_600_000);
});
