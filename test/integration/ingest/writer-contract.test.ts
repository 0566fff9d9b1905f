import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.ts';
import type { Dialect } from '../../../src/db/connect.ts';
import { type Signal, type SettledEventTypes, kyselyAlertWriter, normalizeSignal } from '../../../src/modules/alert/index.ts';
import { type IngestUnit, applyUnit, createPgExecutor, receiptRepository, sqliteBatchApplier } from '../../../src/modules/ingest/index.ts';
import type { ReceiptWriter } from '../../../src/modules/ingest/committer.ts';
import { createTestStore, type TestStore } from '../../helpers/app.ts';

// One writer contract (ARCHITECTURE.md, "Storage paths"): the Kysely reference writer
// (src/modules/alert/writers/kysely.ts), the SQLite thread's prepared statements (writers/sqlite.ts
// through the ingest batch) and the PostgreSQL batch statement (writers/pg.ts through
// ingest.pg.ts) run the same sequence of ingest units, so the same alert plans (alert.plan.ts:
// opens, repeats, raised priority and urgency, acknowledgements, resolves, a key resolved and
// opened again in one batch, an Idempotency-Key replayed, a vendor batch, a settled event type,
// a title that is not ASCII), and must leave the same rows: alerts, alert_log and its templates,
// outbox_events, receipts, usage_hours, alert_list_words, and on SQLite the words in both title search tables. Ids
// are random per run, so each is replaced by its rank among the run's ids of its kind (they are
// time-ordered and made in the same order by the same plans). A writer changed alone fails here.

const ORG = 'org_contract';
const SERVICES = ['svc_contract_a', 'svc_contract_b'];
const T0 = Date.parse('2026-12-05T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
/** Event types written already processed (SettledEventTypes): alert.repeated is consumed by nobody here. */
const SETTLED: SettledEventTypes = new Set(['alert.repeated']);

let unitNo = 0;
const unit = (second: number, signals: Array<Signal & { service?: number }>, extra: Partial<IngestUnit> = {}): IngestUnit => ({
  receiptId: `rcp_${String(++unitNo).padStart(26, '0')}`,
  orgId: ORG,
  credentialId: 'key_contract',
  idempotencyKey: null,
  actor: { type: 'integration', id: 'int_contract', orgId: ORG, name: 'Contract source' },
  integrationId: 'int_contract',
  signals: signals.map(({ service, ...s }) => ({ serviceId: SERVICES[service ?? 0]!, signal: normalizeSignal(s) })),
  response: signals.length > 1 ? 'vendor_batch' : 'native',
  receivedAt: at(second),
  ...extra,
});

/** The batches, in order; each is one transaction on every path. */
function batches(): IngestUnit[][] {
  unitNo = 0;
  const t = (eventKey: string, title: string, more: Partial<Signal> & { service?: number } = {}): Signal & { service?: number } => ({ action: 'trigger', eventKey, title, ...more });
  return [
    [
      unit(1, [t('k1', 'Disk usage high on host-1', { priority: 'medium', urgency: 'low', details: { host: 'h1' }, source: 'nagios' })]),
      unit(2, [t('k2', 'Certificate expires soon', { priority: 'high', urgency: 'high', body: 'cert body' })]),
      unit(3, [t('k1', 'Disk usage high on host-1', { priority: 'medium', urgency: 'low' })]),
      unit(4, [t('k1', 'Disk usage high on host-1', { priority: 'critical', urgency: 'low' })]),
      unit(5, [{ action: 'resolve', eventKey: 'k9' }]),
      unit(6, [{ action: 'acknowledge', eventKey: 'k2' }]),
    ],
    [
      unit(60, [{ action: 'resolve', eventKey: 'k1' }]),
      unit(61, [t('k1', 'Disk usage high on host-1 again', { priority: 'low', urgency: 'low' })]),
      unit(62, [t('k1', 'Disk usage high on host-1 again', { priority: 'low', urgency: 'high' })]),
      unit(63, [t('k3', 'Idempotent one')], { idempotencyKey: 'idem-1' }),
      unit(64, [t('k3', 'Idempotent one')], { idempotencyKey: 'idem-1' }),
      unit(65, [t('k4', 'Vendor batch first', { service: 1 }), t('k4', 'Vendor batch first', { service: 1 }), t('k5', 'Vendor batch second', { service: 1 }), { action: 'resolve', eventKey: 'k5', service: 1 }]),
    ],
    [
      unit(3700, [{ action: 'acknowledge', eventKey: 'k1' }]),
      unit(3701, [{ action: 'resolve', eventKey: 'k2' }]),
      unit(3702, [{ action: 'resolve', eventKey: 'k4', service: 1 }]),
      unit(3703, [t('k2', 'Zertifikat läuft ab — Ünïcode ẞtraße', { priority: 'info' })]),
      unit(3704, [t('k6', 'Needle 7f3c9q rare', { service: 1 })]),
    ],
  ];
}

const TABLES: Array<[table: string, order: string]> = [
  ['alerts', 'id'],
  ['alert_log', 'id'],
  ['alert_log_templates', 'id'],
  ['outbox_events', 'id'],
  ['receipts', 'id'],
  ['usage_hours', 'org_id, hour'],
  // Each unresolved alert's words in list order (docs/adr/0781): on SQLite an insert's rows are
  // the writer's own (the batch's end, insertIfNoOpen), the rest the database's on both stores.
  ['alert_list_words', 'org_id, word, status, priority, alert_id'],
];
type Dump = Record<string, Array<Record<string, unknown>>>;

/** Ids replaced by their rank among the dump's ids of their kind; numbers and JSON text as values. */
function canonical(dump: Dump): Dump {
  const text = JSON.stringify(dump);
  const ids = [...new Set(text.match(/\b(alr|log)_[0-9a-z]{26}\b/g) ?? [])].sort();
  const rank = new Map(ids.map((id) => [id, `${id.slice(0, 3)}#${ids.filter((x) => x.slice(0, 3) === id.slice(0, 3) && x < id).length + 1}`]));
  const value = (v: unknown): unknown => {
    if (typeof v === 'bigint') return Number(v);
    if (typeof v !== 'string') return v;
    const s = v.replace(/\b(alr|log)_[0-9a-z]{26}\b/g, (id) => rank.get(id)!);
    if (/^[[{]/.test(s)) {
      try {
        return value(JSON.parse(s));
      } catch {
        return s;
      }
    }
    return s;
  };
  const deep = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(deep) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)])) : value(v);
  return deep(dump) as Dump;
}

async function seed(db: Kysely<Database>): Promise<void> {
  const now = at(0);
  await sql`insert into organizations (id, name, created_at, updated_at) values (${ORG}, 'Contract', ${now}, ${now})`.execute(db);
  for (const s of SERVICES) await sql`insert into services (id, org_id, name, created_at, updated_at) values (${s}, ${ORG}, ${s}, ${now}, ${now})`.execute(db);
}

/** Every row of the written tables; on SQLite also which alerts each title word finds in both search tables. */
async function dumpOf(db: Kysely<Database>, dialect: Dialect): Promise<Dump> {
  const dump: Dump = {};
  for (const [table, order] of TABLES) {
    // usage_hours's shard is the writing connection's (PostgreSQL: its backend pid modulo 8): the
    // count of an hour is their sum.
    const from = table === 'usage_hours' ? sql`(select org_id, hour, cast(sum(alerts_created) as integer) as alerts_created from usage_hours group by org_id, hour) u` : sql.table(table);
    // PostgreSQL's integers of 8 bytes come back as text: the same numbers as SQLite's.
    dump[table] = (await sql<Record<string, unknown>>`select * from ${from} order by ${sql.raw(order)}`.execute(db)).rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, dialect === 'postgres' && typeof v === 'string' && /^(id|count|alerts_created|template_id|event_id|attempts)$/.test(k) && /^\d+$/.test(v) ? Number(v) : v])),
    );
  }
  if (dialect === 'sqlite') {
    const words = [...new Set(dump.alerts!.flatMap((a) => String(a.title_words).split(' ')))].sort();
    for (const index of ['alerts_fts', 'alerts_unresolved_words']) {
      dump[index] = [];
      for (const w of words) {
        const ids = (await sql<{ id: string }>`select a.id from ${sql.table(index)} m join alerts a on a.rowid = m.rowid where ${sql.table(index)} match ${`"${w}"`} order by a.id`.execute(db)).rows.map((r) => r.id);
        dump[index]!.push({ word: w, ids });
      }
    }
  }
  return dump;
}

/** The Kysely reference writer: each batch in one Kysely transaction, through applyUnit as ingest runs it. */
async function runKysely(ts: TestStore): Promise<Dump> {
  const db = ts.store.db;
  await seed(db);
  for (const units of batches()) {
    await db.transaction().execute(async (trx) => {
      const receipts: ReceiptWriter = {
        find: (id) => receiptRepository.findReceipt(trx, id),
        findByIdempotencyKey: (c, k) => receiptRepository.findByIdempotencyKey(trx, c, k),
        releaseIdempotencyKey: (id) => receiptRepository.releaseIdempotencyKey(trx, id),
        insert: (row) => receiptRepository.insertReceipt(trx, row),
      };
      for (const u of units) await applyUnit({ alerts: kyselyAlertWriter(trx, ts.dialect, SETTLED), receipts }, u);
    });
  }
  return canonical(await dumpOf(db, ts.dialect));
}

/** The SQLite thread's batch (sqliteBatchApplier) on its own connection to a migrated file. */
async function runSqliteThread(): Promise<Dump> {
  const ts = await createTestStore('sqlite');
  try {
    await seed(ts.store.db);
    const raw = new SQLite(ts.config.sqlitePath);
    try {
      const apply = sqliteBatchApplier(raw);
      for (const units of batches()) await apply({ units, settled: [...SETTLED], settledVersion: 1 });
    } finally {
      raw.close();
    }
    return canonical(await dumpOf(ts.store.db, 'sqlite'));
  } finally {
    await ts.drop();
  }
}

/** The PostgreSQL batch statement (createPgExecutor) on a pool of its own. */
async function runPgStatement(ts: TestStore): Promise<Dump> {
  await seed(ts.store.db);
  const pool = new pg.Pool({ connectionString: ts.config.databaseUrl, max: 1 });
  try {
    const executor = createPgExecutor(pool, SETTLED);
    for (const units of batches()) await executor.executeBatch(units);
  } finally {
    await pool.end();
  }
  return canonical(await dumpOf(ts.store.db, 'postgres'));
}

/** The rows as both stores compare them: SQLite's search tables apart (PostgreSQL's indexes follow the rows). */
const rowsOnly = (d: Dump): Dump => Object.fromEntries(Object.entries(d).filter(([k]) => TABLES.some(([t]) => t === k)));

describe('writer contract (sqlite)', () => {
  let kysely: Dump;
  let thread: Dump;
  let ts: TestStore;
  beforeAll(async () => {
    ts = await createTestStore('sqlite');
    kysely = await runKysely(ts);
    thread = await runSqliteThread();
  });
  afterAll(async () => ts?.drop());

  it('the plans wrote what the sequence says (a sanity check of the reference)', () => {
    expect(kysely.alerts).toHaveLength(8);
    // The replayed Idempotency-Key writes no receipt of its own.
    expect(kysely.receipts).toHaveLength(16);
    expect(kysely.alerts!.filter((a) => a.status !== 'resolved').map((a) => a.event_key).sort()).toEqual(['k1', 'k2', 'k3', 'k6']);
    expect(kysely.outbox_events!.some((e) => e.processed_at !== null)).toBe(true);
    expect(kysely.alert_log_templates!.length).toBeGreaterThan(0);
    // alert_list_words: a row per word of each unresolved alert, at its status and priority.
    const unresolved = kysely.alerts!.filter((a) => a.status !== 'resolved');
    const rowKey = (r: Record<string, unknown>) => JSON.stringify([r.org_id, r.word, r.status, r.priority, r.alert_id]);
    expect(kysely.alert_list_words!.map(rowKey).sort()).toEqual(
      unresolved.flatMap((a) => String(a.title_words).split(' ').map((word) => rowKey({ org_id: a.org_id, word, status: a.status, priority: a.priority, alert_id: a.id }))).sort(),
    );
    expect(new Set(kysely.alert_list_words!.map((r) => r.status))).toEqual(new Set(['open', 'acknowledged']));
  });

  it.each(TABLES.map(([t]) => t).concat(['alerts_fts', 'alerts_unresolved_words']))('the SQLite thread writes %s as the Kysely writer does', (table) => {
    expect(thread[table]).toEqual(kysely[table]);
  });
});

describe('writer contract (postgres)', () => {
  let kysely: Dump;
  let statement: Dump;
  let sqliteThread: Dump;
  const stores: TestStore[] = [];
  beforeAll(async () => {
    const a = await createTestStore('postgres');
    stores.push(a);
    kysely = await runKysely(a);
    const b = await createTestStore('postgres');
    stores.push(b);
    statement = await runPgStatement(b);
    sqliteThread = rowsOnly(await runSqliteThread());
  });
  afterAll(async () => {
    for (const s of stores) await s.drop();
  });

  it.each(TABLES.map(([t]) => t))('the PostgreSQL statement writes %s as the Kysely writer does', (table) => {
    expect(statement[table]).toEqual(kysely[table]);
  });

  it.each(TABLES.map(([t]) => t))('PostgreSQL and the SQLite thread write the same %s', (table) => {
    expect(statement[table]).toEqual(sqliteThread[table]);
  });
});
