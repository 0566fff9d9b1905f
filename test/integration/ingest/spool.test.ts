import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createCommitter, createPgExecutor, createSqliteThreadExecutor, createSpoolDrainer, openSpool, type BatchExecutor, type IngestUnit } from '../../../src/modules/ingest/index.ts';
import { normalizeSignal } from '../../../src/modules/alert/index.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { waitFor } from '../../helpers/procs.ts';

const unavailable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

for (const dialect of DIALECTS) {
  describe(`${dialect}: the spool replays buffered units in order, exactly once`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;
    let down = false;
    let executor: BatchExecutor;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'checkout');
      const real = t.container.store.sqliteThread ? createSqliteThreadExecutor(t.container.store.sqliteThread) : createPgExecutor(t.container.store.pool!);
      // A store that can be switched off: every batch fails as PostgreSQL does when it is down.
      executor = { executeBatch: (units) => (down ? Promise.reject(unavailable()) : real.executeBatch(units)) };
    });
    afterAll(async () => t?.close());

    let n = 0;
    const unit = (signal: Record<string, unknown>, extra: Partial<IngestUnit> = {}): IngestUnit => ({
      receiptId: `rcp_spooltest${dialect}${++n}`,
      orgId: tenant.orgId,
      credentialId: svc.integrationId,
      idempotencyKey: null,
      actor: { type: 'integration', id: svc.integrationId, orgId: tenant.orgId },
      integrationId: svc.integrationId,
      signals: [{ serviceId: svc.id, signal: normalizeSignal({ action: 'trigger', ...signal, eventKey: signal.event_key } as never) }],
      response: 'native',
      receivedAt: t.clock.now().toISOString(),
      ...extra,
    });
    const alertsFor = (eventKey: string) =>
      t.container.db.selectFrom('alerts').selectAll().where('service_id', '=', svc.id).where('event_key', '=', eventKey).orderBy('id').execute();

    it('keeps units while the store is down and replays them in arrival order once it is back', async () => {
      const spool = openSpool({ path: join(t.container.config.dataDir, `order-${dialect}.db`) });
      const committer = createCommitter({ executor });
      const drainer = createSpoolDrainer({ spool, committer });
      const units = [
        unit({ title: 'Flap', event_key: 'flap' }),
        unit({ action: 'resolve', event_key: 'flap' }),
        unit({ title: 'Flap again', event_key: 'flap' }),
        unit({ title: 'Flap again', event_key: 'flap' }),
      ];
      const outcomes = await Promise.all(units.map((u) => spool.accept(u)));
      expect(outcomes.map((o) => o.body)).toEqual(units.map((u) => ({ ok: true, receipt_id: u.receiptId, buffered: true })));
      expect(outcomes.every((o) => o.buffered && o.status === 202)).toBe(true);
      expect(spool.size).toBe(4);

      down = true;
      expect(await drainer.drainOnce()).toBe(-1);
      expect(spool.size).toBe(4);
      expect(await alertsFor('flap')).toHaveLength(0);

      down = false;
      expect(await drainer.drainAll()).toBe(true);
      expect(spool.size).toBe(0);
      const alerts = await alertsFor('flap');
      // trigger, resolve, trigger, repeat: applied in order, so two alerts, the second deduped once.
      expect(alerts.map((a) => [a.status, a.duplicate_count])).toEqual([
        ['resolved', 0],
        ['open', 1],
      ]);
      const receipts = await t.container.db.selectFrom('receipts').select('id').where('id', 'in', units.map((u) => u.receiptId)).execute();
      expect(receipts).toHaveLength(4);
      spool.close();
    });

    it('a crash between the store commit and the spool delete replays as a no-op', async () => {
      const path = join(t.container.config.dataDir, `crash-${dialect}.db`);
      let spool = openSpool({ path });
      const committer = createCommitter({ executor });
      const u = unit({ title: 'Once', event_key: 'once' });
      await spool.accept(u);
      // The drainer committed the unit, then the process died before deleting it from the spool.
      await committer.submit({ ...spool.head()[0]!.unit, fromSpool: true });
      spool.close();
      spool = openSpool({ path });
      expect(spool.size).toBe(1);
      const errors: string[] = [];
      const drainer = createSpoolDrainer({ spool, committer, onError: (_e, m) => errors.push(m) });
      expect(await drainer.drainAll()).toBe(true);
      // A no-op answered from its receipt, not a refusal set aside (which the receipt's key would also stop).
      expect(errors).toEqual([]);
      expect(spool.rejectedCount()).toBe(0);
      const alerts = await alertsFor('once');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.duplicate_count).toBe(0);
      const log = await t.container.db.selectFrom('alert_log').select('kind').where('receipt_id', '=', u.receiptId).execute();
      expect(log).toHaveLength(1);
      spool.close();
    });

    it('answers a repeated Idempotency-Key from the spool with the first receipt', async () => {
      const spool = openSpool({ path: join(t.container.config.dataDir, `idem-${dialect}.db`) });
      const first = unit({ title: 'Idem', event_key: 'idem' }, { idempotencyKey: 'k-1' });
      const again = unit({ title: 'Idem', event_key: 'idem' }, { idempotencyKey: 'k-1' });
      const [a, b] = await Promise.all([spool.accept(first), spool.accept(again)]);
      expect(a!.replayed).toBe(false);
      expect(b).toMatchObject({ replayed: true, body: { receipt_id: first.receiptId, buffered: true } });
      expect(spool.size).toBe(1);
      spool.close();
    });

    it('a spooled retry of a request the store already applied keeps its own receipt, applied once', async () => {
      const spool = openSpool({ path: join(t.container.config.dataDir, `retry-${dialect}.db`) });
      const committer = createCommitter({ executor });
      const original = unit({ title: 'Retried', event_key: 'retried' }, { idempotencyKey: 'k-retry' });
      const applied = await committer.submit(original);
      const retry = unit({ title: 'Retried', event_key: 'retried' }, { idempotencyKey: 'k-retry' });
      await spool.accept(retry);
      const drainer = createSpoolDrainer({ spool, committer });
      expect(await drainer.drainAll()).toBe(true);
      // Replayed again (a crash before the spool delete): still a no-op.
      expect(await committer.submit({ ...retry, fromSpool: true })).toMatchObject({ replayed: true, body: applied.body });
      const receipt = await t.container.db.selectFrom('receipts').selectAll().where('id', '=', retry.receiptId).executeTakeFirstOrThrow();
      expect(JSON.parse(receipt.response)).toEqual(applied.body);
      const alerts = await alertsFor('retried');
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.duplicate_count).toBe(0);
      spool.close();
    });

    it('refuses with 503 once full, and sets aside a unit the store can never apply', async () => {
      const spool = openSpool({ path: join(t.container.config.dataDir, `full-${dialect}.db`), maxUnits: 2 });
      await spool.accept(unit({ title: 'ok', event_key: 'full-1' }));
      await spool.accept(unit({ title: 'bad', event_key: 'full-2' }, { signals: [{ serviceId: 'svc_deleted', signal: normalizeSignal({ action: 'trigger', title: 'x' }) }] }));
      await expect(spool.accept(unit({ title: 'no room' }))).rejects.toMatchObject({ code: 'service_unavailable', retryAfterSeconds: 10 });
      const errors: string[] = [];
      const drainer = createSpoolDrainer({ spool, committer: createCommitter({ executor }), onError: (_e, m) => errors.push(m) });
      expect(await drainer.drainAll()).toBe(true);
      expect(spool.size).toBe(0);
      expect(spool.rejectedCount()).toBe(1);
      expect(errors).toHaveLength(1);
      expect(await alertsFor('full-1')).toHaveLength(1);
      spool.close();
    });

    it('Events API v2 and vendor batches get their buffered bodies', async () => {
      const { bufferedResponse } = await import('../../../src/modules/ingest/index.ts');
      const v2 = unit({ title: 'x', event_key: 'dk' }, { response: 'events_v2' });
      expect(bufferedResponse(v2)).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'dk' });
      const batch = unit({ title: 'x' }, { response: 'vendor_batch' });
      expect(bufferedResponse(batch)).toEqual({ ok: true, receipt_id: batch.receiptId, buffered: true });
    });
  });
}

describe('sqlite: a store busy past its bound answers 202 buffered through HTTP, then drains', () => {
  let t: TestApp;
  let tenant: Tenant;
  let svc: Awaited<ReturnType<typeof createService>>;

  beforeAll(async () => {
    // The busy wait blocks the event loop; load shedding is tested on its own (backpressure.test.ts).
    t = await buildTestApp({ dialect: 'sqlite', env: { KLAXON_SPOOL_MAX_UNITS: '3' }, container: { eventLoopDelay: () => 0 } });
    tenant = await bootstrapTenant(t);
    svc = await createService(t, tenant, 'busy');
  });
  afterAll(async () => t?.close());

  it('buffers while another writer holds the lock, keeps order per key, and refuses beyond the spool bound', async () => {
    const send = (payload: object) => t.app.inject({ method: 'POST', url: svc.ingestPath, payload });
    const other = new SQLite(t.container.config.sqlitePath);
    other.pragma('busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE');
    try {
      const first = await send({ title: 'Busy', event_key: 'busy' }); // waits out busy_timeout, then spools
      expect(first.statusCode).toBe(202);
      expect(first.json()).toEqual({ ok: true, receipt_id: first.json().receipt_id, buffered: true });
      expect(first.headers['x-service-receipt-id']).toBe(first.json().receipt_id);
      const second = await send({ action: 'resolve', event_key: 'busy' }); // the spool holds: queues behind
      expect(second.json()).toMatchObject({ buffered: true });
      const third = await send({ title: 'Busy again', event_key: 'busy' });
      expect(third.json()).toMatchObject({ buffered: true });
      const refused = await send({ title: 'No room', event_key: 'busy' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.json().error.code).toBe('service_unavailable');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^klaxon_spool_units 3$/m);
    expect(metrics).toMatch(/^klaxon_signals_total\{endpoint="native",outcome="buffered"\} 3$/m);
    expect(await t.container.drainer.drainAll()).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/^klaxon_spool_units 0$/m);
    const alerts = await t.container.db.selectFrom('alerts').select(['status', 'duplicate_count']).where('service_id', '=', svc.id).orderBy('id').execute();
    expect(alerts).toEqual([
      { status: 'resolved', duplicate_count: 0 },
      { status: 'open', duplicate_count: 0 },
    ]);
    const direct = await send({ title: 'Busy again', event_key: 'busy' });
    expect(direct.json()).toMatchObject({ deduped: true });
    expect(direct.json().buffered).toBeUndefined();
  });
});

describe('sqlite: once the store is back, a new signal still queues behind the spooled ones', () => {
  it('a resolve sent after the store recovered, before the drainer ran, applies after the spooled trigger', async () => {
    const t = await buildTestApp({ dialect: 'sqlite', container: { eventLoopDelay: () => 0 } });
    try {
      const tenant = await bootstrapTenant(t);
      const svc = await createService(t, tenant, 'behind');
      const send = (payload: object) => t.app.inject({ method: 'POST', url: svc.ingestPath, payload });
      const other = new SQLite(t.container.config.sqlitePath);
      other.exec('BEGIN IMMEDIATE');
      let trigger: Awaited<ReturnType<typeof send>>;
      try {
        trigger = await send({ title: 'Spooled first', event_key: 'behind' }); // waits out busy_timeout, then spools
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      expect(trigger.json()).toMatchObject({ buffered: true });
      // The store takes writes again, but the drainer has not run: the resolve must not overtake.
      const resolve = await send({ action: 'resolve', event_key: 'behind' });
      expect(resolve.statusCode).toBe(202);
      expect(resolve.json()).toMatchObject({ buffered: true });
      expect(t.container.spool.size).toBe(2);
      expect(await t.container.drainer.drainAll()).toBe(true);
      const alerts = await t.container.db.selectFrom('alerts').select(['status']).where('service_id', '=', svc.id).where('event_key', '=', 'behind').execute();
      expect(alerts).toEqual([{ status: 'resolved' }]);
    } finally {
      await t.close();
    }
  });
});

describe('sqlite: closing drains the spool when the store is back', () => {
  it('replays spooled signals before the store closes', async () => {
    const t = await buildTestApp({ dialect: 'sqlite', container: { eventLoopDelay: () => 0 } });
    const dbPath = t.container.config.sqlitePath;
    const spoolPath = t.container.spool.path;
    try {
      const tenant = await bootstrapTenant(t);
      const svc = await createService(t, tenant, 'closing');
      const other = new SQLite(dbPath);
      other.exec('BEGIN IMMEDIATE');
      const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'Spooled at close', event_key: 'close' } });
      other.exec('ROLLBACK');
      other.close();
      expect(res.json()).toMatchObject({ buffered: true });
      expect(t.container.spool.size).toBe(1);
      await t.app.close();
      await t.container.close();
      const check = new SQLite(dbPath, { readonly: true });
      expect(check.prepare("select status from alerts where event_key = 'close'").all()).toEqual([{ status: 'open' }]);
      expect(check.prepare('select count(*) as n from receipts where id = ?').get(res.json().receipt_id)).toEqual({ n: 1 });
      check.close();
      const spool = new SQLite(spoolPath, { readonly: true });
      expect(spool.prepare('select count(*) as n from spool_units').get()).toEqual({ n: 0 });
      spool.close();
    } finally {
      await t.close();
    }
  });
});

describe('postgres: a failover that leaves the connections on a read-only server', () => {
  it('spools what the read-only server refuses (25006) and applies it once the server takes writes', async () => {
    const t = await buildTestApp({ dialect: 'postgres', container: { eventLoopDelay: () => 0 } });
    const admin = t.container.db;
    const { name } = (await sql<{ name: string }>`select current_database() as name`.execute(admin)).rows[0]!;
    /** New sessions read-only (as on a standby) or not; every session of the pool is ended (from outside it) so it reconnects as such. */
    const readOnly = async (on: boolean) => {
      const outside = new pg.Client({ connectionString: t.container.config.databaseUrl });
      await outside.connect();
      try {
        await outside.query('set default_transaction_read_only = off'); // this session may start read-only itself
        await outside.query(`alter database "${name}" ${on ? 'set default_transaction_read_only = on' : 'reset default_transaction_read_only'}`);
        await outside.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      } finally {
        await outside.end();
      }
      // Until the pool has dropped its ended clients and reconnected under the new setting.
      await waitFor(`pool sessions read-only ${on}`, async () => {
        const r = await sql<{ ro: string }>`select current_setting('transaction_read_only') as ro`.execute(admin).catch(() => undefined);
        return r?.rows[0]?.ro === (on ? 'on' : 'off');
      }, 10_000, 10);
    };
    try {
      const tenant = await bootstrapTenant(t);
      const svc = await createService(t, tenant, 'failover');
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'warm', event_key: 'warm' } })).statusCode).toBe(202);
      await readOnly(true);
      const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'During failover', event_key: 'failover' } });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ buffered: true });
      await readOnly(false);
      expect(await t.container.drainer.drainAll()).toBe(true);
      const alerts = await admin.selectFrom('alerts').select(['status']).where('service_id', '=', svc.id).where('event_key', '=', 'failover').execute();
      expect(alerts).toEqual([{ status: 'open' }]);
      expect(await admin.selectFrom('receipts').select('id').where('id', '=', res.json().receipt_id).execute()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('postgres: /readyz stays ready while the spool can keep signals', () => {
  it('an unreachable database with room in the spool is ready (store unreachable); with the spool full it is 503', async () => {
    const t = await buildTestApp({ dialect: 'postgres', env: { KLAXON_SPOOL_MAX_UNITS: '1' }, container: { eventLoopDelay: () => 0 } });
    const admin = t.container.db;
    const { name } = (await sql<{ name: string }>`select current_database() as name`.execute(admin)).rows[0]!;
    /** The database refuses new sessions (or takes them again); the pool's sessions are ended so it must reconnect. */
    const refuse = async (on: boolean) => {
      const outside = new pg.Client({ connectionString: process.env.KLAXON_TEST_PG_URL });
      await outside.connect();
      try {
        await outside.query(`alter database "${name}" allow_connections ${on ? 'false' : 'true'}`);
        await outside.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      } finally {
        await outside.end();
      }
    };
    const ready = () => t.app.inject({ method: 'GET', url: '/readyz' });
    try {
      const tenant = await bootstrapTenant(t);
      const svc = await createService(t, tenant, 'ready');
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'warm', event_key: 'warm' } })).statusCode).toBe(202);
      expect((await ready()).json()).toMatchObject({ ok: true, store: 'reachable', spool_units: 0, ingest: 'store', cannot: [] });

      await refuse(true);
      await waitFor('the store to stop answering', async () => (await ready()).json().store === 'unreachable', 10_000, 10);
      // Still ready: a signal sent now is kept, in the spool.
      expect((await ready()).statusCode).toBe(200);
      const kept = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'During the outage', event_key: 'outage' } });
      expect(kept.statusCode, kept.body).toBe(202);
      expect(kept.json()).toMatchObject({ buffered: true });
      // The spool is full (one unit): nothing sent now could be kept, so not ready.
      const full = await ready();
      expect(full.statusCode).toBe(503);
      expect(full.headers['retry-after']).toBe('5');
      expect(full.json().error).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/spool is full/) });

      await refuse(false);
      // A signal sent now would still queue behind the spooled one, in the full spool: ready once
      // the drainer (not running here) has emptied it.
      await waitFor('the store to answer again', async () => t.container.drainer.drainAll(), 10_000, 10);
      expect((await ready()).json()).toMatchObject({ ok: true, store: 'reachable', spool_units: 0, ingest: 'store', cannot: [] });
    } finally {
      await refuse(false).catch(() => undefined);
      await t.close();
    }
  });
});
