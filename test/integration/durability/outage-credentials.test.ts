import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { startTestSmtp } from '../../helpers/smtp.ts';
import { createDirectIntegration } from '../../factories/integrations.ts';

/**
 * Every live credential can be spooled during an outage, not only those this process looked up in
 * the last minutes (docs/adr/0103-outage-credential-snapshot.md). The store is made unreachable
 * with the test outage (every query and batch fails with ECONNREFUSED); nothing in these tests
 * sent a signal with the credential before the outage, so no cache holds it.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: credentials never used by this process during an outage`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let other: Tenant;

    beforeAll(async () => {
      t = await buildTestApp({ dialect, outage: true });
      tenant = await bootstrapTenant(t, 'Acme');
      other = await bootstrapTenant(t, 'Other');
    });
    afterEach(() => t.outage.end());
    afterAll(async () => t?.close());

    const alertsOf = (serviceId: string) =>
      t.container.db.selectFrom('alerts').select(['title', 'status', 'duplicate_count', 'urgency']).where('service_id', '=', serviceId).execute();
    const receipts = (id: string) => t.container.db.selectFrom('receipts').select('id').where('id', '=', id).execute();
    const recover = async () => {
      t.outage.end();
      expect(await t.container.drainer.drainAll()).toBe(true);
    };

    it('an ingest URL never used is answered 202 buffered and applied exactly once after recovery', async () => {
      const used = await createService(t, tenant, 'used');
      const unused = await createService(t, tenant, 'never-used');
      expect((await t.app.inject({ method: 'POST', url: used.ingestPath, payload: { title: 'warm' } })).statusCode).toBe(202);
      await t.container.snapshots.refresh();

      t.outage.begin();
      const res = await t.app.inject({ method: 'POST', url: unused.ingestPath, payload: { title: 'Disk full', event_key: 'disk' } });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ ok: true, receipt_id: expect.stringMatching(/^rcp_/), buffered: true });
      expect(await t.app.inject({ method: 'GET', url: '/readyz' }).then((r) => r.statusCode)).toBe(200);

      await recover();
      expect(await alertsOf(unused.id)).toEqual([{ title: 'Disk full', status: 'open', duplicate_count: 0, urgency: 'high' }]);
      expect(await receipts(res.json().receipt_id)).toHaveLength(1);
      // A second drain (a crash before the spool delete replays) changes nothing.
      expect(await t.container.drainer.drainAll()).toBe(true);
      expect(await alertsOf(unused.id)).toHaveLength(1);
    });

    it('an alert-ingest key never used is accepted on /v1/alerts, with its organization’s urgency rules and services', async () => {
      const svc = await createService(t, tenant, 'keyed');
      const theirs = await createService(t, other, 'theirs');
      const rules = { critical: 'high', high: 'high', medium: 'low', low: 'low', info: 'low' };
      expect((await t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: tenant.headers, payload: { default_urgency_rules: rules } })).statusCode).toBe(200);
      await t.container.snapshots.refresh();

      t.outage.begin();
      const post = (payload: object, key = tenant.ingestKey) => t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${key}` }, payload });
      const res = await post({ service_id: svc.id, title: 'Queue backlog', event_key: 'q', priority: 'medium' });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ buffered: true });
      // Organizations stay apart: another organization's service is not found, as with the store up.
      const foreign = await post({ service_id: theirs.id, title: 'Not mine' });
      expect(foreign.statusCode, foreign.body).toBe(404);
      // A full-product key is not in the snapshot: unknowable, so 503 rather than a guess.
      expect((await post({ service_id: svc.id, title: 'x' }, tenant.apiKey)).statusCode).toBe(503);

      await recover();
      expect(await alertsOf(svc.id)).toEqual([{ title: 'Queue backlog', status: 'open', duplicate_count: 0, urgency: 'low' }]);
      expect(await alertsOf(theirs.id)).toEqual([]);
      expect(await receipts(res.json().receipt_id)).toHaveLength(1);
    });

    it('an Events API v2 routing key never used is accepted with its standard body', async () => {
      const svc = await createService(t, tenant, 'pd');
      const src = await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: svc.id });
      await t.container.snapshots.refresh();

      t.outage.begin();
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/enqueue',
        payload: { routing_key: src.routing_key, event_action: 'trigger', dedup_key: 'pd-1', payload: { summary: 'CPU hot', source: 'h1', severity: 'critical' } },
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'pd-1' });
      await recover();
      expect(await alertsOf(svc.id)).toEqual([{ title: 'CPU hot', status: 'open', duplicate_count: 0, urgency: 'high' }]);
      expect(await receipts(res.headers['x-service-receipt-id'] as string)).toHaveLength(1);
    });

    it('an email source address never used is accepted by SMTP', async () => {
      const svc = await createService(t, tenant, 'mail');
      const address = (await createDirectIntegration(t, tenant, { type: 'email', serviceId: svc.id })).email_address!;
      await t.container.snapshots.refresh();
      const { smtp, transport } = await startTestSmtp(t);
      try {
        t.outage.begin();
        const sent = await transport().sendMail({ from: 'x@example.com', to: address, subject: 'Backup failed', text: 'status 3' });
        expect(sent.response).toMatch(/^250 /);
        expect(t.container.spool.size).toBe(1);
      } finally {
        await smtp.close();
      }
      await recover();
      expect(await alertsOf(svc.id)).toEqual([{ title: 'Backup failed', status: 'open', duplicate_count: 0, urgency: 'high' }]);
    });

    it('an unknown token, or a credential created after the last refresh, gets 503 + Retry-After (unknowable), and works once the store is back', async () => {
      await t.container.snapshots.refresh();
      const late = await createService(t, tenant, 'late');
      t.outage.begin();
      for (const url of ['/v1/ingest/not-a-token', late.ingestPath]) {
        const res = await t.app.inject({ method: 'POST', url, payload: { title: 'x' } });
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      }
      expect(t.container.spool.size).toBe(0);
      t.outage.end();
      expect((await t.app.inject({ method: 'POST', url: '/v1/ingest/not-a-token', payload: { title: 'x' } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: late.ingestPath, payload: { title: 'x' } })).statusCode).toBe(202);
    });

    it('while the store is up, revocation and rotation take effect on time although the snapshot still holds the old credentials', async () => {
      const svc = await createService(t, tenant, 'revoked');
      const key = (await t.app.inject({ method: 'POST', url: '/api/keys', headers: tenant.headers, payload: { name: 'ci', kind: 'alert_ingest' } })).json();
      const post = () => t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${key.secret}` }, payload: { service_id: svc.id, title: 'x' } });
      expect((await post()).statusCode).toBe(202);
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'x' } })).statusCode).toBe(202);
      await t.container.snapshots.refresh();

      expect((await t.app.inject({ method: 'DELETE', url: `/api/keys/${key.id}`, headers: tenant.headers })).statusCode).toBe(200);
      const rotated = await t.app.inject({ method: 'POST', url: `/api/integrations/${svc.integrationId}/rotate`, headers: tenant.headers });
      expect(rotated.statusCode, rotated.body).toBe(200);
      t.clock.advance(5_001); // the key cache's time to live (docs/adr/0004)
      expect((await post()).statusCode).toBe(401);
      t.clock.advance(60_000); // the rotated credential's grace (PRODUCT.md 4)
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'x' } })).statusCode).toBe(401);
      // During an outage the rotated credential's expiry still holds: it is checked on the clock.
      t.outage.begin();
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'x' } })).statusCode).toBe(401);
    });
  });
}
