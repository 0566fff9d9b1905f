import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { createDirectIntegration } from '../../factories/integrations.ts';
import { startTestSmtp } from '../../helpers/smtp.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: ingest sheds load with 503 + Retry-After before latency collapses`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let svc: Awaited<ReturnType<typeof createService>>;
    let delayMs = 0;

    beforeAll(async () => {
      // The load signal is injected: the event-loop delay the monitor would measure.
      t = await buildTestApp({ dialect, env: { KLAXON_SHED_EVENT_LOOP_DELAY_MS: '100', KLAXON_SHED_QUEUE_DEPTH: '5' }, container: { eventLoopDelay: () => delayMs } });
      tenant = await bootstrapTenant(t);
      svc = await createService(t, tenant, 'shed');
    });
    afterAll(async () => t?.close());

    const send = (title: string) => t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title } });

    it('answers 503 service_unavailable with Retry-After while the event loop lags, and keeps nothing', async () => {
      delayMs = 150;
      const res = await send('shed me');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ ok: false, error: { code: 'service_unavailable' } });
      const kept = await t.container.db.selectFrom('alerts').select('id').where('title', '=', 'shed me').execute();
      expect(kept).toHaveLength(0);
      // Management routes are not shed: operators can still look.
      expect((await t.app.inject({ method: 'GET', url: '/api/services', headers: tenant.headers })).statusCode).toBe(200);
      delayMs = 50;
      expect((await send('accepted again')).statusCode).toBe(202);
    });

    // Other protocols answer shedding as their senders retry it (docs/adr/0220, 0221).
    it('/v2/enqueue answers shedding as PagerDuty throttles: 429 with its body and Retry-After, which pdjs retries (a 5xx it does not)', async () => {
      const { routing_key } = await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: svc.id });
      const event = { routing_key, event_action: 'trigger', dedup_key: 'shed-v2', payload: { summary: 'shed v2', source: 'db-1', severity: 'critical' } };
      delayMs = 150;
      const res = await t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: event });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ status: 'throttle event', message: 'Too many API calls at a time' });
      expect(await t.container.db.selectFrom('alerts').select('id').where('title', '=', 'shed v2').execute()).toHaveLength(0);
      delayMs = 0;
      expect((await t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: event })).statusCode).toBe(202);
    });

    it('email: the SMTP listener answers shedding with 451, so the sending MTA keeps the message and retries', async () => {
      const { email_address } = await createDirectIntegration(t, tenant, { type: 'email', serviceId: svc.id });
      const { smtp, transport: connect } = await startTestSmtp(t);
      const transport = connect();
      try {
        delayMs = 150;
        const refused = await transport.sendMail({ from: 'x@example.com', to: email_address!, subject: 'shed mail', text: 'x' }).catch((err: { responseCode?: number; response?: string }) => err);
        expect((refused as { responseCode?: number }).responseCode).toBe(451);
        expect(await t.container.db.selectFrom('alerts').select('id').where('title', '=', 'shed mail').execute()).toHaveLength(0);
        delayMs = 0;
        const sent = await transport.sendMail({ from: 'x@example.com', to: email_address!, subject: 'shed mail', text: 'x' });
        expect(sent.response).toMatch(/^250/);
      } finally {
        transport.close();
        await smtp.close();
      }
    });

    it('sheds when the commit queue is deeper than its bound', async () => {
      delayMs = 0;
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => send(`burst ${i}`)));
      const codes = results.map((r) => r.statusCode);
      // The burst is parsed in one turn, before the first batch commits: the queue fills to its bound.
      expect(codes.filter((c) => c === 202)).toHaveLength(6);
      expect(codes.filter((c) => c === 503)).toHaveLength(34);
      for (const r of results) {
        if (r.statusCode !== 202) {
          expect(r.statusCode).toBe(503);
          expect(r.headers['retry-after']).toBe('2');
        }
      }
      // Every 202 was kept.
      const accepted = results.filter((r) => r.statusCode === 202).map((r) => r.json().receipt_id as string);
      const receipts = await t.container.db.selectFrom('receipts').select('id').where('id', 'in', accepted).execute();
      expect(receipts).toHaveLength(accepted.length);
    });
  });
}
