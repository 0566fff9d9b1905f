import { appendFileSync } from 'node:fs';

const LOG = process.env.KLAXON_IMPORT_LOG;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (LOG) appendFileSync(LOG, `${resolved.url}\n`);
  return resolved;
}
