import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { outboxRepository } from '../../../src/modules/outbox/index.ts';
import { createOutboxRunner } from '../../../src/jobs/runner.ts';
import { pagingIntakeHandler as pageRequestHandler } from '../../../src/modules/paging/intake.job.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: the outbox worker`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant);
    });
    afterAll(async () => t?.close());

    const pagesOf = async (alertId: string) =>
      (await t.container.db.selectFrom('alert_log').select('message').where('alert_id', '=', alertId).where('kind', '=', 'page_requested').execute()).length;

    it('every alert change writes its event in the same transaction', async () => {
      const id = (await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'ev', event_key: 'ev' } })).json().alert_id;
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'ev', event_key: 'ev' } });
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'ev', event_key: 'ev', priority: 'critical' } });
      await t.app.inject({ method: 'PUT', url: `/api/alerts/${id}/ack`, headers: tenant.headers });
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { action: 'resolve', event_key: 'ev' } });
      const events = await t.container.db.selectFrom('outbox_events').select(['type', 'payload']).where('alert_id', '=', id).orderBy('id').execute();
      expect(events.map((e) => e.type)).toEqual(['alert.triggered', 'alert.repeated', 'alert.priority_raised', 'alert.acknowledged', 'alert.resolved']);
      expect(JSON.parse(events[2]!.payload)).toMatchObject({ alert: { priority: 'critical' }, previous_priority: 'high', page_urgency: 'high' });
      // The snapshot holds what consumers read and the row does not (docs/adr/0544): no id, org or receipt.
      for (const e of events) {
        const p = JSON.parse(e.payload);
        expect(Object.keys(p.alert).sort()).toEqual(['duplicate_count', 'event_key', 'priority', 'service_id', 'status', 'title', 'urgency']);
        expect(p).not.toHaveProperty('receipt_id');
      }
    });

    it('an event no handler consumes is written processed; a consumed one waits for the worker', async () => {
      await t.container.runner.drain();
      const id = (await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'settled', event_key: 'settled' } })).json().alert_id;
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'settled', event_key: 'settled' } });
      await t.app.inject({ method: 'PUT', url: `/api/alerts/${id}/ack`, headers: tenant.headers });
      const events = await t.container.db.selectFrom('outbox_events').select(['type', 'processed_at']).where('alert_id', '=', id).orderBy('id').execute();
      // Written by ingest (repeated) and by the API (acknowledged) alike; paging consumes triggered
      // and acknowledged (the ack stops the escalation), nothing consumes repeated.
      expect(events.map((e) => [e.type, e.processed_at !== null])).toEqual([
        ['alert.triggered', false],
        ['alert.repeated', true],
        ['alert.acknowledged', false],
      ]);
      expect(await outboxRepository.countBacklog(t.container.db)).toBe(2);
      await t.container.runner.drain();
      expect(await pagesOf(id)).toBe(1);
      expect(await outboxRepository.countBacklog(t.container.db)).toBe(0);

      // A process whose handlers consume a type writes its events pending.
      const seen: string[] = [];
      const other = await buildTestApp({
        dialect,
        container: { extraHandlers: [{ name: 'repeat-watcher', local: true, handles: (type) => type === 'alert.repeated', handle: async (e) => void seen.push(e.type) }] },
      });
      try {
        const o = await bootstrapTenant(other);
        const s = await createService(other, o);
        for (let i = 0; i < 2; i++) await other.app.inject({ method: 'POST', url: s.ingestPath, payload: { title: 'watched', event_key: 'watched' } });
        const rows = await other.container.db.selectFrom('outbox_events').select(['type', 'processed_at']).where('type', '=', 'alert.repeated').execute();
        expect(rows).toEqual([{ type: 'alert.repeated', processed_at: null }]);
        await other.container.runner.drain();
        expect(seen).toEqual(['alert.repeated']);
      } finally {
        await other.close();
      }
    });

    it('a claim whose holder died is taken over after its lease, and the page is recorded once', async () => {
      const id = (await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'lease', event_key: 'lease' } })).json().alert_id;
      // A worker claims the event and "dies" before finishing.
      const now = t.clock.now();
      const claimed = await outboxRepository.claimBatch(t.container.db, dialect, {
        owner: 'wrk_dead', now: now.toISOString(), leaseUntil: new Date(now.getTime() + 30_000).toISOString(), limit: 500,
      });
      expect(claimed.some((e) => e.alert_id === id)).toBe(true);
      const other = createOutboxRunner({ db: t.container.db, dialect, clock: t.clock, handlers: [pageRequestHandler] });
      expect(await other.tick()).toBe(0); // still leased
      expect(await pagesOf(id)).toBe(0);
      t.clock.advance(30_001);
      await other.drain();
      expect(await pagesOf(id)).toBe(1);
      // The dead worker cannot complete what it no longer holds, and a redelivery pages no more.
      await outboxRepository.markProcessed(t.container.db, claimed.map((e) => e.id), 'wrk_dead', t.clock.now().toISOString());
      const ev = claimed.find((e) => e.alert_id === id)!;
      await pageRequestHandler.handle({ id: ev.id, orgId: ev.org_id, type: ev.type, alertId: id, payload: JSON.parse(ev.payload), attempts: 2, createdAt: ev.created_at }, { db: t.container.db, now: t.clock.now().toISOString() });
      expect(await pagesOf(id)).toBe(1);
    });

    it('an event handled twice, by another process later, writes its entry once: its id is made from (event, kind), no (event_id, kind) index', async () => {
      const indexes =
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'alert_log'`.execute(t.container.db)).rows
          : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'alert_log'`.execute(t.container.db)).rows;
      expect(indexes.map((r) => r.name)).not.toContain('alert_log_event_kind');
      await t.container.runner.drain();
      const id = (await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'twice', event_key: 'twice' } })).json().alert_id;
      const [ev] = await t.container.db.selectFrom('outbox_events').selectAll().where('alert_id', '=', id).execute();
      const event = { id: ev!.id, orgId: ev!.org_id, type: ev!.type, alertId: id, payload: JSON.parse(ev!.payload), attempts: 1, createdAt: ev!.created_at };
      await pageRequestHandler.handle(event, { db: t.container.db, now: t.clock.now().toISOString() });
      t.clock.advance(60_000);
      await pageRequestHandler.handle({ ...event, attempts: 2 }, { db: t.container.db, now: t.clock.now().toISOString() });
      await pageRequestHandler.handleMany!([{ ...event, attempts: 3 }], { db: t.container.db, now: t.clock.now().toISOString() });
      expect(await pagesOf(id)).toBe(1);
      // Right after the change's own entry, before what is written later.
      await t.app.inject({ method: 'PUT', url: `/api/alerts/${id}/ack`, headers: tenant.headers });
      const timeline = (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}/timeline`, headers: tenant.headers })).json() as Array<{ kind: string }>;
      expect(timeline.map((e) => e.kind)).toEqual(['triggered', 'page_requested', 'acknowledged']);
      await t.container.runner.drain();
      expect(await pagesOf(id)).toBe(1);
    });

    it('a failing handler retries with backoff and does not block others', async () => {
      let failures = 0;
      const flaky = { name: 'flaky', handles: () => true, handle: async () => { if (failures++ < 1) throw new Error('boom'); } };
      const runner = createOutboxRunner({ db: t.container.db, dialect, clock: t.clock, handlers: [flaky] });
      await t.container.runner.drain();
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'flaky', event_key: 'flaky' } });
      await runner.drain();
      expect(failures).toBe(1);
      expect(await outboxRepository.countBacklog(t.container.db)).toBe(1);
      const [row] = await t.container.db.selectFrom('outbox_events').selectAll().where('processed_at', 'is', null).execute();
      expect(row!.last_error).toBe('boom');
      t.clock.advance(3_600_000);
      await runner.drain();
      expect(failures).toBe(2);
      expect(await outboxRepository.countBacklog(t.container.db)).toBe(0);
    });

    it('a round takes up to roundSize events: the local ones handled in it, at most batchSize leased, the rest left due (docs/adr/0871)', async () => {
      await t.container.runner.drain();
      const seen: string[] = [];
      const now = t.clock.now().toISOString();
      const names = ['L1', 'R1', 'R2', 'R3', 'L2', 'L3', 'L4'];
      await outboxRepository.insertEvents(t.container.db, names.map((n) => ({
        org_id: tenant.orgId, type: `round.${n[0] === 'L' ? 'local' : 'remote'}`, alert_id: null, payload: JSON.stringify({ n }), created_at: now, available_at: now,
        lease_owner: null, lease_until: null, processed_at: null, last_error: null,
      })));
      const local = { name: 'local', local: true, handles: (type: string) => type === 'round.local', handle: async (e: { payload: Record<string, unknown> }) => void seen.push(String(e.payload.n)) };
      const remote = { name: 'remote', handles: (type: string) => type === 'round.remote', handle: async (e: { payload: Record<string, unknown> }) => void seen.push(String(e.payload.n)) };
      const runner = createOutboxRunner({ db: t.container.db, dialect, clock: t.clock, handlers: [local, remote], batchSize: 2, roundSize: 5 });
      // The first five: L1 and L2 handled in the round, R1 and R2 leased and handled after it; R3 left due, unleased.
      expect(await runner.tick()).toBe(4);
      expect(seen.sort()).toEqual(['L1', 'L2', 'R1', 'R2']);
      const r3 = await t.container.db.selectFrom('outbox_events').select(['attempts', 'lease_owner', 'processed_at']).where('payload', '=', JSON.stringify({ n: 'R3' })).executeTakeFirstOrThrow();
      expect(r3).toEqual({ attempts: 0, lease_owner: null, processed_at: null });
      await runner.drain();
      expect(seen.sort()).toEqual(['L1', 'L2', 'L3', 'L4', 'R1', 'R2', 'R3']);
      expect(await outboxRepository.countBacklog(t.container.db)).toBe(0);
    });

    it('old handled events and receipts are pruned after a week', async () => {
      await t.container.runner.drain();
      const before = await t.container.db.selectFrom('receipts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(before.n)).toBeGreaterThan(0);
      t.clock.advance(8 * 86_400_000);
      // The prunes are background jobs of their own (docs/adr/0760), no longer run by the outbox round.
      await t.container.periodic.run();
      const after = await t.container.db.selectFrom('receipts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(0);
      const events = await t.container.db.selectFrom('outbox_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(events.n)).toBe(0);
    });
  });
}
