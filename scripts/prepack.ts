// `prepack` (docs/adr/0867): package.json gets its bundleDependencies for this pack only
// (scripts/pack-manifest.ts; `postpack` takes them out again). Then, before `npm pack` bundles
// node_modules, every file there that shares its
// inode with another file there becomes a copy of its own. npm packs the second path of a hard-linked
// pair as a tar link entry and npm's extraction drops link entries: esbuild's install replaces
// `esbuild/bin/esbuild` with a hard link to `@esbuild/<platform>/bin/esbuild`, so the installed
// esbuild had no binary and its install script failed. Content is unchanged; each copy is written
// beside its path and renamed over it, so the shared inode itself is never written.
//
//   node --import tsx scripts/prepack.ts
import { copyFileSync, lstatSync, readdirSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleForPack } from './pack-manifest.ts';

const root = resolve(import.meta.dirname, '..');
const modules = join(root, 'node_modules');

const byInode = new Map<string, string[]>();
function walk(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.isFile()) {
      const s = lstatSync(path);
      if (s.nlink < 2) continue;
      const key = `${s.dev}:${s.ino}`;
      byInode.set(key, [...(byInode.get(key) ?? []), path]);
    }
  }
}
walk(modules);

let copied = 0;
for (const paths of byInode.values()) {
  for (const path of paths.slice(1)) {
    const tmp = `${path}.prepack-copy`;
    copyFileSync(path, tmp);
    renameSync(tmp, path);
    copied++;
  }
}
if (copied) console.log(`prepack: ${copied} hard-linked file(s) in node_modules made copies, so npm pack stores them as files`);

const bundled = bundleForPack(root);
console.log(`prepack: package.json bundles ${bundled.length} production dependencies for this pack (postpack restores it)`);
