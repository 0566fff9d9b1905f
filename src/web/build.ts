import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The dashboard's build (docs/adr/0600-dashboard-stack-and-packaging.md): `npm ci` builds it through
 * the `prepare` script; `klaxon serve` checks the stamp written beside the build and rebuilds when
 * the build is missing or older than the sources (a checkout after `git pull`, an install with
 * `--ignore-scripts`).
 */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB_SOURCE = join(PACKAGE_ROOT, 'web');
export const WEB_BUILD = join(PACKAGE_ROOT, 'dist', 'web');
const STAMP = '.klaxon-build';
/** The package's version (`klaxon --version`). */
export const PACKAGE_VERSION = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** A hash of everything the build reads: the dashboard's sources and the package's own version. */
export function sourceStamp(source = WEB_SOURCE): string {
  const hash = createHash('sha256');
  hash.update(`klaxon ${PACKAGE_VERSION}\n`);
  for (const file of filesUnder(source)) {
    hash.update(relative(source, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Whether `out` holds a build of the current sources. */
export function isBuildCurrent(out = WEB_BUILD, source = WEB_SOURCE): boolean {
  try {
    return readFileSync(join(out, STAMP), 'utf8').trim() === sourceStamp(source) && existsSync(join(out, 'index.html'));
  } catch {
    return false;
  }
}

/**
 * Builds the dashboard into a folder of its own, then moves it into place, so a process serving
 * the previous build never reads a half-written one and two processes starting together do not
 * mix their outputs.
 */
export async function buildDashboard(out = WEB_BUILD, source = WEB_SOURCE): Promise<void> {
  const { build } = await import('vite');
  const stamp = sourceStamp(source);
  const tmp = `${out}.tmp-${process.pid}-${Date.now()}`;
  // Vite picks packages' development exports when NODE_ENV is anything but production (a test run
  // sets "test"): the dashboard is always built for production.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(source, 'vite.config.ts'), logLevel: 'warn', build: { outDir: tmp, emptyOutDir: true } });
    writeFileSync(join(tmp, STAMP), `${stamp}\n`);
    const old = `${out}.old-${process.pid}-${Date.now()}`;
    if (existsSync(out)) renameSync(out, old);
    try {
      renameSync(tmp, out);
    } catch (err) {
      // Another process moved its build in between: keep it when it is of these sources.
      if (!isBuildCurrent(out, source)) throw err;
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    if (env === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = env;
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The dashboard's folder, built first when missing or stale. An installed package (`npm pack`,
 * docs/adr/0860) carries the build and not its sources: its build is served as it is.
 */
export async function ensureDashboard(opts: { out?: string; source?: string; onBuild?: (reason: string) => void } = {}): Promise<string> {
  const out = opts.out ?? WEB_BUILD;
  const source = opts.source ?? WEB_SOURCE;
  if (!existsSync(source) && existsSync(join(out, 'index.html'))) return out;
  if (!isBuildCurrent(out, source)) {
    opts.onBuild?.(existsSync(join(out, 'index.html')) ? 'the dashboard build is older than its sources' : 'the dashboard is not built yet');
    await buildDashboard(out, source);
  }
  return out;
}
