#!/usr/bin/env node
// The `klaxon` program. TypeScript runs through tsx's loader, so a checkout needs no build step
// (docs/adr/0002-run-typescript-with-tsx.md); an installed package runs the same way (docs/adr/0860).
import { readFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

const [first] = process.argv.slice(2);
if (first === '--version' || first === '-v' || first === 'version') {
  // Answered before the loader and the server's modules: a version check on a busy host is instant.
  console.log(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
} else {
  register();
  const { main } = await import('../src/cli.ts');
  process.exitCode = await main(process.argv.slice(2));
}
