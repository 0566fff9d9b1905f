import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/process.ts';

// semver is npm's own range logic (here through the lock file, as a dependency of dependencies).
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

/**
 * The README promises Node.js 20 or 22 and package.json's `engines` says which 20: `npm ci` warned
 * `EBADENGINE cookie@2.0.2` (wanted Node >= 22; pulled by @fastify/cookie and fastify's
 * light-my-request), and a warning on the first command a new team runs teaches them to ignore
 * warnings. Every package the lock file installs must admit the oldest Node package.json admits
 * (docs/adr/0736).
 */
describe('the lock file and the Node versions the README promises', () => {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: unknown; optional?: boolean }> };
  const oldest = semver.minVersion(pkg.engines.node)!.version;

  it('package.json admits Node 20 and 22', () => {
    expect(oldest).toMatch(/^20\./);
    expect(semver.satisfies('22.12.0', pkg.engines.node)).toBe(true);
  });

  it(`every installed package admits Node ${oldest}, so npm ci prints no EBADENGINE warning`, () => {
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const node = (entry.engines as { node?: unknown } | undefined)?.node;
      if (!path || typeof node !== 'string') continue;
      if (!semver.satisfies(oldest, node)) refusing.push(`${path}@${entry.version} wants node ${node}`);
    }
    expect(refusing).toEqual([]);
  });
});
