import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ORIGINAL_NAME, bundleForPack, restoreAfterPack } from '../../scripts/pack-manifest.ts';
import { REPO } from '../helpers/process.ts';

/**
 * ADR 0867 (amended): `bundleDependencies` in the checked-in package.json makes `npm ci` in a
 * clone spin until the heap is gone (CI ran out of memory after 20 min), so the field exists only
 * while `npm pack` runs: `prepack` writes it, `postpack` restores the file byte for byte.
 */
describe('package.json bundles its dependencies only while npm pack runs', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const fixture = () => {
    const dir = mkdtempSync(join(tmpdir(), 'klaxon-pack-manifest-'));
    dirs.push(dir);
    // Formatting of its own (4 spaces, no final newline): restoring must give these bytes back.
    const text = JSON.stringify({ name: 'x', version: '1.0.0', dependencies: { a: '^1', '@s/b': '^2' }, devDependencies: { c: '^3' } }, null, 4);
    writeFileSync(join(dir, 'package.json'), text);
    return { dir, text };
  };

  it('the checked-in package.json has no bundleDependencies (npm ci would never finish)', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Record<string, unknown> & { scripts: Record<string, string> };
    expect(pkg).not.toHaveProperty('bundleDependencies');
    expect(pkg).not.toHaveProperty('bundledDependencies');
    expect(pkg.scripts.prepack).toContain('scripts/prepack.ts');
    expect(pkg.scripts.postpack).toContain('scripts/postpack.ts');
    expect(existsSync(join(REPO, ORIGINAL_NAME)), 'a pack left package.json changed: run node --import tsx scripts/postpack.ts').toBe(false);
  });

  it('prepack bundles exactly the production dependencies; postpack gives back the same bytes', () => {
    const { dir, text } = fixture();
    expect(bundleForPack(dir)).toEqual(['a', '@s/b']);
    const packed = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(packed.bundleDependencies).toEqual(['a', '@s/b']);
    expect(packed.devDependencies).toEqual({ c: '^3' });
    expect(restoreAfterPack(dir)).toBe(true);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(text);
    expect(existsSync(join(dir, ORIGINAL_NAME))).toBe(false);
    expect(restoreAfterPack(dir), 'nothing to restore twice').toBe(false);
  });

  it('a pack that stopped before postpack: the next prepack starts from the original', () => {
    const { dir, text } = fixture();
    bundleForPack(dir);
    bundleForPack(dir); // no postpack between
    restoreAfterPack(dir);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(text);
  });
});
