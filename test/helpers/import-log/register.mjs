// `node --import` this file (NODE_OPTIONS) to log every ES module the process resolves, one URL a
// line, to the file named by KLAXON_IMPORT_LOG (test/integration/cli/options.test.ts: what a
// command loads). CommonJS require() calls inside packages are not seen; our own imports of a
// package (pg, better-sqlite3, fastify) are.
import { register } from 'node:module';

register(new URL('./hooks.mjs', import.meta.url));
