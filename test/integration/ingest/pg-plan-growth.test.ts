import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSignal } from '../../../src/modules/alert/index.ts';
import { createPgExecutor, type IngestUnit } from '../../../src/modules/ingest/index.ts';
import { createTestStore, type TestStore } from '../../helpers/app.ts';
import type { Database } from '../../../src/db/database.ts';
import { outboxRepository } from '../../../src/modules/outbox/index.ts';

// PostgreSQL keeps a prepared statement's generic plan, made while the table was small, until the
// table is next analyzed. With two indexes led by service_id (alerts_open_dedupe and
// alerts_service_list), the batch's locking read could keep probing alerts_service_list and read
// every alert of the service for each key once the table had grown: new-alert ingest fell to a
// third on a fresh database (docs/adr/0010-alert-list-queries.md). The executor runs on a pool of
// one session, so the test reads that session's own index statistics, flushed on demand.

const ORG = 'org_plangrowth';
const SERVICE = 'svc_plangrowth';

describe('postgres: the batch probe keeps using the dedupe index as the table grows', () => {
  let ts: TestStore;
  let pool: pg.Pool;
  beforeAll(async () => {
    ts = await createTestStore('postgres');
    pool = new pg.Pool({ connectionString: ts.config.databaseUrl, max: 1 });
    const now = '2026-03-01T10:00:00.000Z';
    await pool.query('insert into organizations (id, name, created_at, updated_at) values ($1, $1, $2, $2)', [ORG, now]);
    await pool.query('insert into services (id, org_id, name, created_at, updated_at) values ($1, $2, $1, $3, $3)', [SERVICE, ORG, now]);
  });
  afterAll(async () => {
    await pool?.end();
    await ts?.drop();
  });

  let seq = 0;
  const unit = (keys: string[]): IngestUnit => ({
    receiptId: `rcp_plangrowth${++seq}`,
    orgId: ORG,
    credentialId: 'crd_plangrowth',
    idempotencyKey: null,
    actor: { type: 'integration', id: 'int_plangrowth', orgId: ORG },
    integrationId: 'int_plangrowth',
    signals: keys.map((k) => ({ serviceId: SERVICE, signal: normalizeSignal({ action: 'trigger', title: `Probe ${k}`, eventKey: k }) })),
    response: 'native',
    receivedAt: '2026-03-01T10:00:00.000Z',
  });

  /** Index reads on alerts by this session since the last reset, flushed now. */
  async function alertIndexReads(): Promise<Record<string, { scans: number; read: number }>> {
    await pool.query('select pg_stat_force_next_flush()');
    await pool.query('select 1'); // the flush happens as the previous statement's transaction ends
    const r = await pool.query<{ name: string; scans: string; read: string }>(
      `select indexrelname as name, idx_scan as scans, idx_tup_read as read from pg_stat_user_indexes where relname = 'alerts'`,
    );
    await pool.query('select pg_stat_clear_snapshot()');
    return Object.fromEntries(r.rows.map((x) => [x.name, { scans: Number(x.scans), read: Number(x.read) }]));
  }

  it('after 20,000 alerts arrive in one service, a new key costs one probe of alerts_open_dedupe, not a walk of the service', { timeout: 60_000 }, async () => {
    const executor = createPgExecutor(pool);
    // Enough batches on a small table for the plan cache to settle on a generic plan.
    for (let b = 0; b < 12; b++) await executor.executeBatch([unit([`small-${b}-a`, `small-${b}-b`])]);

    await pool.query(
      `insert into alerts (id, org_id, service_id, title, body, event_key, priority, urgency, status, duplicate_count, source, details, level, created_at, updated_at, last_signal_at)
       select 'alr_' || lpad(i::text, 26, '0'), $1, $2, 'grown', '', 'grown-' || i, 2, 'high', 'open', 0, '', '{}', 1, $3, $3, $3
       from generate_series(1, 20000) i`,
      [ORG, SERVICE, '2026-03-01T10:00:00.000Z'],
    );
    await pool.query('select pg_stat_reset()');
    await pool.query('select pg_stat_clear_snapshot()');

    for (let b = 0; b < 5; b++) await executor.executeBatch([unit([`grown-new-${b}-a`, `grown-new-${b}-b`, `grown-new-${b}-c`])]);
    const reads = await alertIndexReads();
    expect(reads.alerts_open_dedupe?.scans ?? 0).toBeGreaterThanOrEqual(15);
    // One walk of the grown service reads 20,000 entries; 15 keys must not cost even one.
    const walked = (reads.alerts_service_list?.read ?? 0) + (reads.alerts_org_list?.read ?? 0);
    expect(walked, JSON.stringify(reads)).toBeLessThan(20_000);
  });
});

describe('postgres: the outbox round reads its first due events from the index as a backlog grows', () => {
  let ts: TestStore;
  let pool: pg.Pool;
  beforeAll(async () => {
    ts = await createTestStore('postgres');
    pool = new pg.Pool({ connectionString: ts.config.databaseUrl, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await ts?.drop();
  });

  it('with statistics from an empty table and 20,000 events pending, a round of 100 reads about 100 index entries', { timeout: 60_000 }, async () => {
    // Statistics say: nothing pending (autovacuum has not analyzed since the backlog built up).
    await pool.query('analyze outbox_events');
    await pool.query(
      `insert into outbox_events (org_id, type, alert_id, payload, created_at, available_at)
       select 'org_backlog', 'alert.triggered', null, '{}', $1, $1 from generate_series(1, 20000)`,
      ['2026-03-01T10:00:00.000Z'],
    );
    await pool.query('select pg_stat_reset()');
    await pool.query('select pg_stat_clear_snapshot()');
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const rows = await db.transaction().execute((trx) => outboxRepository.selectDue(trx, 'postgres', { now: '2026-03-01T10:00:01.000Z', limit: 100 }));
    expect(rows).toHaveLength(100);
    expect(rows.map((r) => Number(r.id))).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    await pool.query('select pg_stat_force_next_flush()');
    await pool.query('select 1');
    const r = await pool.query<{ read: string }>(`select idx_tup_read as read from pg_stat_user_indexes where indexrelname = 'outbox_events_pending'`);
    await pool.query('select pg_stat_clear_snapshot()');
    // A bitmap scan and a sort read all 20,000.
    expect(Number(r.rows[0]!.read)).toBeLessThan(1_000);
    // The round's later statements plan with the session's own settings again.
    const settings = await db.transaction().execute(async (trx) => {
      await outboxRepository.selectDue(trx, 'postgres', { now: '2026-03-01T10:00:01.000Z', limit: 1 });
      return (await sql<{ b: string; s: string }>`select current_setting('enable_bitmapscan') as b, current_setting('enable_sort') as s`.execute(trx)).rows[0];
    });
    expect(settings).toEqual({ b: 'on', s: 'on' });
  });
});
