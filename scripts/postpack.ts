// `postpack` (docs/adr/0867): package.json back as checked in (see scripts/pack-manifest.ts).
//
//   node --import tsx scripts/postpack.ts
import { resolve } from 'node:path';
import { restoreAfterPack } from './pack-manifest.ts';

restoreAfterPack(resolve(import.meta.dirname, '..'));
