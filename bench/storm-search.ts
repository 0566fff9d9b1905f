// Title search during a storm (issue 42 item 3), in process: a store holding `storm` open alerts
// titled "Disk usage high on host-N", as many "Certificate expires soon on cert-N" filed after them
// (newer, so first in list order), and 100 rare titles, then `GET /api/alerts?q=…`'s list read
// (the service's `list`, default statuses, limit 50) timed: the storm's word, the other common
// word, a rare word and the plain list. p50/p99 over `reads` sequential reads. The alerts are
// written by SQL (alerts, their words in SQLite's title search tables), not through ingest: the
// reads are what is measured, and an ingest fill of 200,000 alerts takes minutes on this machine.
// A script, not a test: it asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { type Dialect, connectDb } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { listAlerts } from '../src/modules/alert/search/index.ts';
import { sqliteListWordsInsertSql } from '../src/modules/alert/writers/list-words.ts';

export interface StormSearchRow {
  dialect: Dialect;
  alerts: number;
  read: string;
  p50_ms: number;
  p99_ms: number;
  n: number;
  /** Which storm (run.ts labels its two). */
  shape?: string;
}

export const STORM_ORG = 'org_storm';
const ORG = STORM_ORG;
const SERVICE = 'svc_storm';
const NOW = '2026-12-05T12:00:00.000Z';

/**
 * Fills the storm: `storm` open "Disk usage high on host-N" alerts, then `storm` open
 * "Certificate expires soon on cert-N", then 100 rare ones (`Needle 7f3c9q N`). Ids are
 * time-ordered as the application's are: the later kinds are newer, listed first.
 */
export async function fillStorm(db: Kysely<Database>, dialect: Dialect, storm: number, shape: StormShape = {}): Promise<number> {
  await sql`insert into organizations (id, name, created_at, updated_at) values (${ORG}, 'Storm', ${NOW}, ${NOW})`.execute(db);
  await sql`insert into services (id, org_id, name, created_at, updated_at) values (${SERVICE}, ${ORG}, 'storm', ${NOW}, ${NOW})`.execute(db);
  const disk: Kind = [(n) => `'Disk usage high on host-' || ${n}`, (n) => `'disk usage high on host ' || ${n}`, storm, 'open'];
  const cert: Kind = [(n) => `'Certificate expires soon on cert-' || ${n}`, (n) => `'certificate expires soon on cert ' || ${n}`, storm, shape.certificates ?? 'open'];
  const kinds: Kind[] = [
    ...(shape.diskNewer ? [cert, disk] : [disk, cert]),
    [(n) => `'Needle 7f3c9q ' || ${n}`, (n) => `'needle 7f3c9q ' || ${n}`, 100, 'open'],
  ];
  let base = 0;
  for (const [title, words, count, status] of kinds) {
    const n = 'n';
    // alr_ + 26 characters, increasing with base + n: the list's newest first is the last filled.
    const id = dialect === 'postgres' ? `'alr_' || lpad((${base} + n)::text, 26, '0')` : `'alr_' || substr('00000000000000000000000000' || (${base} + n), -26)`;
    const cols = `id, org_id, service_id, title, title_words, body, event_key, priority, urgency, status, duplicate_count, source, details, level, integration_id, created_at, updated_at, last_signal_at`;
    const values = `${id}, '${ORG}', '${SERVICE}', ${title(n)}, ${words(n)}, '', 'k' || (${base} + n), 3, 'high', '${status}', 0, 'storm', '{}', 1, null, '${NOW}', '${NOW}', '${NOW}'`;
    if (dialect === 'postgres') await sql.raw(`insert into alerts (${cols}) select ${values} from generate_series(1, ${count}) n`).execute(db);
    else await sql.raw(`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${count}) insert into alerts (${cols}) select ${values} from s`).execute(db);
    base += count;
  }
  if (dialect === 'sqlite') {
    // No insert trigger writes an alert's words (migrations 2026-11-30T020000, 2026-12-06T100000): the application does.
    await sql`insert into alerts_fts (rowid, title_words) select rowid, title_words from alerts`.execute(db);
    await sql`insert into alerts_unresolved_words (rowid, title_words) select rowid, title_words from alerts where status <> 'resolved'`.execute(db);
    await sql.raw(sqliteListWordsInsertSql('1 = 1')).execute(db);
  } else {
    // What autovacuum reaches soon after such a fill: statistics, and the GIN indexes' pending
    // lists merged (a search reads a pending list whole).
    await sql`vacuum analyze alerts`.execute(db);
  }
  return base;
}
type RawSql = string;
type Kind = [title: (n: string) => RawSql, words: (n: string) => RawSql, count: number, status: 'open' | 'resolved'];
/** The storm by default; the other shapes for comparison. */
export interface StormShape {
  /** The storm's alerts filed after the certificates (first in list order). */
  diskNewer?: boolean;
  certificates?: 'open' | 'resolved';
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};

/** The reads, each `reads` times after one untimed. */
export async function timeStormReads(db: Kysely<Database>, dialect: Dialect, alerts: number, reads: number): Promise<StormSearchRow[]> {
  const out: StormSearchRow[] = [];
  const unresolved = ['open', 'acknowledged', 'snoozed'];
  const cases: Array<[string, string | undefined]> = [
    ['q=disk (storm word, older half)', 'disk'],
    ['q=certificate (newer half)', 'certificate'],
    ['q=7f3c9q (rare)', '7f3c9q'],
    ['plain list', undefined],
  ];
  for (const [read, q] of cases) {
    const run = () => listAlerts(db, dialect, { orgId: ORG, status: unresolved, q, limit: 51 });
    await run();
    const ms: number[] = [];
    for (let i = 0; i < reads; i++) {
      const t = performance.now();
      await run();
      ms.push(performance.now() - t);
    }
    out.push({ dialect, alerts, read, p50_ms: round(quantile(ms, 0.5)), p99_ms: round(quantile(ms, 0.99)), n: reads });
  }
  return out;
}
const round = (x: number) => Math.round(x * 100) / 100;

/** A fresh store per dialect (PostgreSQL: a database created on `pgUrl` and dropped), filled and read. */
export async function benchStormSearch(opts: { storm: number; reads: number; dialects: Dialect[]; pgUrl: string; shape?: StormShape }): Promise<StormSearchRow[]> {
  const rows: StormSearchRow[] = [];
  for (const dialect of opts.dialects) {
    const dir = mkdtempSync(join(tmpdir(), 'klaxon-storm-'));
    let dbName: string | undefined;
    let url = '';
    if (dialect === 'postgres') {
      dbName = `klaxon_storm_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: opts.pgUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const u = new URL(opts.pgUrl);
      u.pathname = `/${dbName}`;
      url = u.toString();
    }
    const store = connectDb({ dialect, sqlitePath: join(dir, 'klaxon.db'), databaseUrl: url });
    try {
      await migrateToLatest(store.db);
      const alerts = await fillStorm(store.db, dialect, opts.storm, opts.shape);
      rows.push(...(await timeStormReads(store.db, dialect, alerts, opts.reads)));
    } finally {
      await store.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: opts.pgUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const storm = Number(process.argv[2] ?? 100_000);
  const shape: StormShape = { diskNewer: process.env.STORM_DISK_NEWER === '1', certificates: process.env.STORM_CERTS === 'resolved' ? 'resolved' : 'open' };
  const dialects = (process.argv[3] ?? 'sqlite,postgres').split(',') as Dialect[];
  const rows = await benchStormSearch({ storm, reads: Number(process.argv[4] ?? 20), dialects, shape, pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  for (const r of rows) console.log(`${r.dialect.padEnd(8)} ${String(r.alerts).padStart(7)} alerts  ${r.read.padEnd(34)} p50 ${String(r.p50_ms).padStart(7)} ms  p99 ${String(r.p99_ms).padStart(7)} ms`);
}
