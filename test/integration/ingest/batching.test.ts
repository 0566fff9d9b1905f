import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventHandler } from '../../../src/jobs/handler.ts';
import { normalizeSignal } from '../../../src/modules/alert/index.ts';
import { createCommitter, createPgExecutor, createSqliteThreadExecutor, type IngestUnit } from '../../../src/modules/ingest/index.ts';
import { newId } from '../../../src/lib/ids.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';

// The throughput work of docs/adr/0120-ingest-throughput.md must not change behaviour: batched
// receipts still honour Idempotency-Key inside one batch, and the outbox round that handles
// local events in one transaction still retries a failing event on its own.

for (const dialect of DIALECTS) {
  describe(`${dialect}: group commit and the outbox round keep their guarantees`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;
    const failFor = new Set<string>();
    const flaky: EventHandler = {
      name: 'flaky-local',
      local: true,
      handles: (type) => type === 'alert.triggered',
      async handle(event) {
        if (event.alertId && failFor.has(event.alertId)) throw new Error('handler failed on purpose');
      },
    };

    beforeAll(async () => {
      t = await buildTestApp({ dialect, container: { extraHandlers: [flaky] } });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'batched');
    });
    afterAll(async () => t?.close());

    const send = (payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: svc.ingestPath, payload, headers });

    it('concurrent requests with one Idempotency-Key (one batch or several) apply once and all get the first answer', async () => {
      const results = await Promise.all(Array.from({ length: 30 }, () => send({ title: 'Idem storm', event_key: 'idem-storm' }, { 'idempotency-key': 'storm-1' })));
      expect(results.every((r) => r.statusCode === 202)).toBe(true);
      const bodies = new Set(results.map((r) => r.body));
      expect(bodies.size).toBe(1);
      expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(29);
      const alert = (await t.app.inject({ method: 'GET', url: `/api/alerts/${results[0]!.json().alert_id}`, headers: tenant.headers })).json();
      expect(alert.duplicate_count).toBe(0);
      const receipts = await t.container.db.selectFrom('receipts').select('id').where('idempotency_key', '=', 'storm-1').execute();
      expect(receipts).toHaveLength(1);
    });

    it('a batch of new alerts writes every timeline entry, outbox event and receipt', async () => {
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => send({ title: `Batch ${i}`, event_key: `batch-${i}` })));
      expect(results.every((r) => r.statusCode === 202)).toBe(true);
      const ids = results.map((r) => r.json().alert_id as string);
      const logs = await t.container.db.selectFrom('alert_log').select(['alert_id', 'kind']).where('alert_id', 'in', ids).execute();
      expect(new Set(logs.filter((l) => l.kind === 'triggered').map((l) => l.alert_id)).size).toBe(40);
      const events = await t.container.db.selectFrom('outbox_events').select(['alert_id', 'type']).where('alert_id', 'in', ids).execute();
      expect(events.filter((e) => e.type === 'alert.triggered')).toHaveLength(40);
      const receipts = await t.container.db.selectFrom('receipts').select('id').where('id', 'in', results.map((r) => r.json().receipt_id as string)).execute();
      expect(receipts).toHaveLength(40);
    });

    it('a concurrent mix of triggers and resolves on few keys keeps every count exact', async () => {
      const keys = ['mix-a', 'mix-b', 'mix-c'];
      const reqs = Array.from({ length: 90 }, (_, i) => ({ key: keys[i % 3]!, resolve: i % 7 === 3, priority: (['low', 'high', 'critical'] as const)[i % 3] }));
      const results = await Promise.all(
        reqs.map((r) => send(r.resolve ? { action: 'resolve', event_key: r.key } : { title: `Mix ${r.key}`, event_key: r.key, priority: r.priority }).then((res) => ({ ...r, res }))),
      );
      expect(results.every((r) => r.res.statusCode === 202)).toBe(true);
      for (const key of keys) {
        const alerts = await t.container.db.selectFrom('alerts').selectAll().where('service_id', '=', svc.id).where('event_key', '=', key).execute();
        expect(alerts.filter((a) => a.status !== 'resolved').length).toBeLessThanOrEqual(1);
        const triggers = results.filter((r) => r.key === key && !r.resolve).map((r) => r.res.json());
        expect(triggers.filter((b) => b.deduped === false)).toHaveLength(alerts.length);
        expect(triggers.filter((b) => b.deduped === true)).toHaveLength(alerts.reduce((n, a) => n + a.duplicate_count, 0));
        const resolvedNow = results.filter((r) => r.key === key && r.resolve && r.res.json().resolved === true);
        expect(resolvedNow).toHaveLength(alerts.filter((a) => a.status === 'resolved').length);
        for (const a of alerts) {
          const repeats = await t.container.db.selectFrom('alert_log').select('id').where('alert_id', '=', a.id).where('kind', '=', 'repeated').execute();
          expect(repeats).toHaveLength(a.duplicate_count);
        }
      }
    });

    /** A unit as the ingest service would submit it: one signal for the test service. */
    const unitOf = (credentialId: string, signal: Parameters<typeof normalizeSignal>[0]): IngestUnit => ({
      receiptId: newId('rcp'),
      orgId: tenant.orgId,
      credentialId,
      idempotencyKey: null,
      actor: { type: 'integration', id: svc.integrationId, orgId: tenant.orgId },
      integrationId: svc.integrationId,
      signals: [{ serviceId: svc.id, signal: normalizeSignal(signal) }],
      response: 'native',
      receivedAt: t.clock.now().toISOString(),
    });

    it("the dialect's batch executor: trigger, repeat, resolve and trigger again of one key inside one batch", async () => {
      const unit = (action: 'trigger' | 'resolve', key: string, priority: 'low' | 'critical' = 'low') =>
        unitOf('crd_batch_test', { action, title: action === 'trigger' ? `One batch ${key}` : undefined, eventKey: key, priority });
      const { sqliteThread } = t.container.store;
      const executor = sqliteThread ? createSqliteThreadExecutor(sqliteThread) : createPgExecutor(t.container.store.pool!);
      const out = (await executor.executeBatch([
        unit('trigger', 'one-batch'),
        unit('trigger', 'one-batch', 'critical'),
        unit('resolve', 'one-batch'),
        unit('trigger', 'one-batch'),
        unit('trigger', 'one-batch'),
        unit('resolve', 'never-opened'),
      ])).map((o) => o.body as { alert_id?: string; deduped: boolean; resolved: boolean });
      expect(out.map((b) => [b.deduped, b.resolved])).toEqual([[false, false], [true, false], [false, true], [false, false], [true, false], [false, false]]);
      expect(out[1]!.alert_id).toBe(out[0]!.alert_id);
      expect(out[2]!.alert_id).toBe(out[0]!.alert_id);
      expect(out[3]!.alert_id).not.toBe(out[0]!.alert_id);
      expect(out[4]!.alert_id).toBe(out[3]!.alert_id);
      const rows = await t.container.db.selectFrom('alerts').selectAll().where('event_key', '=', 'one-batch').orderBy('id').execute();
      expect(rows.map((r) => [r.status, r.duplicate_count, r.priority])).toEqual([['resolved', 1, 1], ['open', 1, 4]]);
      const receipts = await t.container.db.selectFrom('receipts').select('id').where('credential_id', '=', 'crd_batch_test').execute();
      expect(receipts).toHaveLength(6);
    });

    it("the dialect's batch executor: an acknowledgement and a resolve of one alert, and a resolve of another, in one batch stop their pages in order", async () => {
      const unit = (action: 'trigger' | 'acknowledge' | 'resolve', key: string) => unitOf('crd_stop_test', { action, title: action === 'trigger' ? `Stops ${key}` : undefined, eventKey: key });
      const { sqliteThread } = t.container.store;
      const executor = sqliteThread ? createSqliteThreadExecutor(sqliteThread) : createPgExecutor(t.container.store.pool!);
      const db = t.container.db;
      const [a, b] = (await executor.executeBatch([unit('trigger', 'stops-a'), unit('trigger', 'stops-b')])).map((o) => (o.body as { alert_id: string }).alert_id);
      const now = t.clock.now().toISOString();
      // Each alert escalating, with pages pending: A an escalation page and a responder page, B one escalation page.
      for (const id of [a!, b!]) {
        await db
          .insertInto('alert_escalations')
          .values({ alert_id: id, org_id: tenant.orgId, schedule_id: null, schedule_chosen: 1, epoch: 0, cycle: 0, level: 1, level_started_at: now, paged: 1, force_next: 0, exhausted: 0, next_at: now, last_event_id: 0, updated_at: now })
          .onConflict((oc) => oc.column('alert_id').doUpdateSet({ next_at: now }))
          .execute();
      }
      const page = (alertId: string, kind: 'escalation' | 'responder') => ({
        id: newId('ntf'), org_id: tenant.orgId, alert_id: alertId, user_id: tenant.userId, kind, epoch: 0, cycle: 0, level: 1, step_index: 0, channel: 'sms' as const,
        destination_id: null, urgency: 'high' as const, due_at: now, status: 'pending' as const, attempts: 0, claim_token: null, claim_expires_at: null,
        provider_message_id: null, detail: null, idempotency_key: newId('ntf'), created_at: now, updated_at: now,
      });
      await db.insertInto('notifications').values([page(a!, 'escalation'), page(a!, 'responder'), page(b!, 'escalation')]).execute();

      await executor.executeBatch([unit('acknowledge', 'stops-a'), unit('resolve', 'stops-a'), unit('resolve', 'stops-b')]);

      const pages = async (id: string) => db.selectFrom('notifications').select(['kind', 'status', 'detail']).where('alert_id', '=', id).orderBy('kind').execute();
      // The acknowledgement (by a source: the escalation's pages) first, then the resolve (the rest).
      expect(await pages(a!)).toEqual([{ kind: 'escalation', status: 'cancelled', detail: 'acknowledged' }, { kind: 'responder', status: 'cancelled', detail: 'resolved' }]);
      expect(await pages(b!)).toEqual([{ kind: 'escalation', status: 'cancelled', detail: 'resolved' }]);
      const escalations = await db.selectFrom('alert_escalations').select(['alert_id', 'next_at']).where('alert_id', 'in', [a!, b!]).orderBy('alert_id').execute();
      expect(escalations.map((e) => e.next_at)).toEqual([null, null]);
      const cancelled = async (id: string) =>
        (await db.selectFrom('alert_log').select('id').where('alert_id', '=', id).where('kind', '=', 'pages_cancelled').orderBy('id').execute()).length;
      const timeline = async (id: string) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/alerts/${id}/timeline`, headers: tenant.headers });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { kind: string; message: string }[]).filter((e) => e.kind === 'pages_cancelled').map((e) => e.message);
      };
      expect(await cancelled(a!)).toBe(2);
      expect((await timeline(a!)).sort()).toEqual([expect.stringMatching(/^1 pending page cancelled: acknowledged by source /), expect.stringMatching(/^1 pending page cancelled: resolved by source /)]);
      expect(await timeline(b!)).toEqual([expect.stringMatching(/^1 pending page cancelled: resolved by source /)]);
      const statuses = await db.selectFrom('alerts').select(['id', 'status']).where('id', 'in', [a!, b!]).orderBy('id').execute();
      expect(statuses.map((s) => s.status)).toEqual(['resolved', 'resolved']);
    });

    it.runIf(dialect === 'postgres')('a first trigger that loses to a concurrent transaction fails its batch, which is retried unit by unit and joins the winner', async () => {
      const unit = (key: string) => unitOf('crd_race_test', { action: 'trigger', title: `Race ${key}`, eventKey: key });
      const pool = t.container.store.pool!;
      // Another process's first trigger of race-won, not committed yet: invisible to the batch's
      // read, so the batch plans a new alert and its INSERT waits on the unique index.
      const other = await pool.connect();
      const winner = newId('alr');
      const now = t.clock.now().toISOString();
      try {
        await other.query('begin');
        await other.query(
          `insert into alerts (id, org_id, service_id, title, event_key, priority, urgency, status, created_at, updated_at, last_signal_at)
           values ($1, $2, $3, 'Race winner', 'race-won', 1, 'high', 'open', $4, $4, $4)`,
          [winner, tenant.orgId, svc.id, now],
        );
        const committer = createCommitter({ executor: createPgExecutor(pool), concurrency: 1 });
        const outcomes = Promise.all([committer.submit(unit('race-won')), committer.submit(unit('race-alone'))]);
        await vi.waitFor(
          async () => {
            const waiting = await pool.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
            expect(waiting.rowCount).toBe(1);
          },
          { timeout: 10_000, interval: 20 },
        );
        await other.query('commit');
        const [won, alone] = (await outcomes).map((o) => o.body as { alert_id: string; deduped: boolean });
        expect(won).toMatchObject({ alert_id: winner, deduped: true });
        expect(alone!.deduped).toBe(false);
      } finally {
        other.release();
      }
      const rows = await t.container.db.selectFrom('alerts').select(['id', 'event_key', 'duplicate_count']).where('event_key', 'in', ['race-won', 'race-alone']).orderBy('event_key').execute();
      expect(rows.map((r) => [r.event_key, r.duplicate_count])).toEqual([['race-alone', 0], ['race-won', 1]]);
      const logs = await t.container.db.selectFrom('alert_log').select('kind').where('alert_id', 'in', rows.map((r) => r.id)).orderBy('kind').execute();
      expect(logs.map((l) => l.kind)).toEqual(['repeated', 'triggered']);
      const receipts = await t.container.db.selectFrom('receipts').select('id').where('credential_id', '=', 'crd_race_test').execute();
      expect(receipts).toHaveLength(2);
    });

    it.runIf(dialect === 'postgres')('a batch that writes back repeated alerts is planned for its arguments, not by a cached generic plan', async () => {
      // A generic plan made while alerts was small hash-joined a sequential scan of the table for
      // the write-back, and every batch of repeats on that connection then scanned it (ADR 0120,
      // 2026-11-23). This connection uses generic plans wherever it may.
      const unit = (key: string) => unitOf('crd_plan_test', { action: 'trigger', title: `Plan ${key}`, eventKey: key });
      const { connectionString } = (t.container.store.pool! as unknown as { options: { connectionString: string } }).options;
      const pool = new pg.Pool({ connectionString, max: 1, options: '-c plan_cache_mode=force_generic_plan' });
      try {
        const executor = createPgExecutor(pool);
        const plans = async () =>
          (await pool.query<{ generic_plans: number; custom_plans: number }>(
            `select generic_plans, custom_plans from pg_prepared_statements where name = 'klaxon_write_ingest_batch'`,
          )).rows[0];
        await executor.executeBatch([unit('plan-a'), unit('plan-b')]); // new alerts: the cached plan
        expect(await plans()).toEqual({ generic_plans: 1, custom_plans: 0 });
        const [repeat] = await executor.executeBatch([unit('plan-a')]); // a write-back: planned for it
        expect(repeat!.body).toMatchObject({ deduped: true });
        expect(await plans()).toEqual({ generic_plans: 1, custom_plans: 1 });
      } finally {
        await pool.end();
      }
    });

    it('the started worker, woken by commits (at most one round per nudge gap), handles every event', async () => {
      await t.container.runner.drain();
      t.container.runner.start();
      try {
        for (let wave = 0; wave < 3; wave++) {
          const results = await Promise.all(Array.from({ length: 20 }, (_, i) => send({ title: `Worker ${wave}-${i}`, event_key: `worker-${wave}-${i}` })));
          expect(results.every((r) => r.statusCode === 202)).toBe(true);
        }
        await vi.waitFor(
          async () => {
            const backlog = await t.container.db.selectFrom('outbox_events').select('id').where('processed_at', 'is', null).execute();
            expect(backlog).toHaveLength(0);
          },
          { timeout: 10_000, interval: 20 },
        );
      } finally {
        await t.container.runner.stop();
      }
      const pages = await t.container.db.selectFrom('alert_log').innerJoin('alerts', 'alerts.id', 'alert_log.alert_id').select('alert_log.id').where('alerts.event_key', 'like', 'worker-%').where('alert_log.kind', '=', 'page_requested').execute();
      expect(pages).toHaveLength(60);
    });

    it('one failing local handler: the others are processed, the failing event is retried alone and then succeeds', async () => {
      await t.container.runner.drain();
      const [a, b, c] = await Promise.all(['one', 'two', 'three'].map((k) => send({ title: `Round ${k}`, event_key: `round-${k}` }).then((r) => r.json().alert_id as string)));
      failFor.add(b!);
      const errors: unknown[] = [];
      await t.container.runner.drain().catch((e) => errors.push(e));
      const state = async (alertId: string) =>
        t.container.db.selectFrom('outbox_events').select(['processed_at', 'attempts', 'last_error']).where('alert_id', '=', alertId).where('type', '=', 'alert.triggered').executeTakeFirstOrThrow();
      expect((await state(a!)).processed_at).not.toBeNull();
      expect((await state(c!)).processed_at).not.toBeNull();
      const failed = await state(b!);
      expect(failed.processed_at).toBeNull();
      expect(failed.last_error).toContain('on purpose');

      failFor.clear();
      t.clock.advance(3600_000);
      await t.container.runner.drain();
      expect((await state(b!)).processed_at).not.toBeNull();
      const pages = await t.container.db.selectFrom('alert_log').select('id').where('alert_id', '=', b!).where('kind', '=', 'page_requested').execute();
      expect(pages).toHaveLength(1);
    });
  });
}
