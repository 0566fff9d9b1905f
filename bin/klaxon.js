#!/usr/bin/env node
// The `klaxon` program. TypeScript runs through tsx's loader, so a checkout needs no build step
// (docs/adr/0002-run-typescript-with-tsx.md).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
