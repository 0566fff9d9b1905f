import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventHandler } from '../../../src/jobs/runner.ts';
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
