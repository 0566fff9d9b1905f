import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './binaries.ts';

/**
 * A PostgreSQL server of a test's own (initdb/pg_ctl on its own folder and port, as the postgres
 * user; the machine's shared server is untouched), to stop and start during an outage test. CI
 * installs postgresql-15 (.ci/run).
 */
const PG_BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the postgres user (PostgreSQL refuses to run as root). */
const asPostgres = (prog: string, args: string[]) =>
  isRoot ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, prog), ...args]) : run(join(PG_BIN, prog), args);

export interface OwnPostgres {
  port: number;
  /** postgres://… of database `klaxon` on this server. */
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it if it runs (afterAll). */
  dispose(): Promise<void>;
}

/** Creates and starts a server under `dir` (which must be empty or absent), with a database `klaxon`. */
export async function startOwnPostgres(dir: string): Promise<OwnPostgres> {
  if (!existsSync(join(PG_BIN, 'initdb'))) throw new Error(`${PG_BIN}/initdb is missing: install postgresql-15 (see .ci/run)`);
  const pgDir = join(dir, 'pg');
  const pgData = join(pgDir, 'data');
  mkdirSync(pgDir, { recursive: true });
  chmodSync(dir, 0o755);
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(pgDir, Number(stdout.trim()), Number(gid.trim()));
  }
  await asPostgres('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  let running = false;
  const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', pgData, ...args]);
  const server: OwnPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/klaxon`,
    async start() {
      await pgCtl('-w', '-t', '60', '-l', join(pgDir, 'log'), '-o', `-p ${port} -k ${pgDir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');
      running = true;
    },
    async stop() {
      await pgCtl('-w', '-t', '60', '-m', 'fast', 'stop');
      running = false;
    },
    async dispose() {
      if (running) await server.stop().catch(() => undefined);
    },
  };
  await server.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database klaxon');
  await admin.end();
  return server;
}
