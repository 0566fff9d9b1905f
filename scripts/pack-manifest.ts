// The package's bundleDependencies exist only while `npm pack` runs (docs/adr/0867, amended).
// With `bundleDependencies` in the checked-in package.json, `npm ci` in a clone never finishes:
// npm 11.19's tree building spins until the heap is gone (CI's clone: out of memory after 20 min,
// nothing installed; `true` and an explicit list alike). So `prepack` writes the field into
// package.json, the original kept beside it, and `postpack` puts the original back byte for byte.
// A pack that stopped between the two left the original beside: the next `prepack` starts from it,
// and `restoreAfterPack` is safe to call at any time.
import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ORIGINAL_NAME = '.package.json.before-pack';

export function bundleForPack(root: string): string[] {
  const manifest = join(root, 'package.json');
  const original = join(root, ORIGINAL_NAME);
  restoreAfterPack(root);
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown> & { dependencies?: Record<string, string> };
  const bundled = Object.keys(pkg.dependencies ?? {});
  copyFileSync(manifest, original);
  // Written beside and renamed over, so a reader of package.json never sees half a file.
  const tmp = `${manifest}.pack-tmp`;
  writeFileSync(tmp, `${JSON.stringify({ ...pkg, bundleDependencies: bundled }, null, 2)}\n`);
  renameSync(tmp, manifest);
  return bundled;
}

export function restoreAfterPack(root: string): boolean {
  const original = join(root, ORIGINAL_NAME);
  if (!existsSync(original)) return false;
  renameSync(original, join(root, 'package.json'));
  return true;
}
