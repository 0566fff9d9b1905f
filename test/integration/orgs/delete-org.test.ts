import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, signedIn } from '../../helpers/people.ts';
import { createContainer } from '../../../src/container.ts';
import { AppError } from '../../../src/lib/errors.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: DELETE /api/org`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let neighbour: Tenant;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t, 'Doomed');
      neighbour = await bootstrapTenant(t, 'Neighbour');
    });
    afterAll(async () => t?.close());

    const count = async (table: 'services' | 'alerts' | 'api_keys' | 'memberships' | 'integrations' | 'integration_credentials' | 'invitations' | 'outbox_events' | 'receipts', orgId: string) => {
      if (table === 'integration_credentials') {
        const r = await t.container.db.selectFrom('integration_credentials as c').innerJoin('integrations as i', 'i.id', 'c.integration_id')
          .select((eb) => eb.fn.countAll<number>().as('n')).where('i.org_id', '=', orgId).executeTakeFirst();
        return Number(r?.n);
      }
      const r = await t.container.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirst();
      return Number(r?.n);
    };

    it('is refused to admins and below (403) and to credentials of another organization', async () => {
      const admin = await addMember(t, tenant, 'admin');
      const r = await t.app.inject({ method: 'DELETE', url: '/api/org', headers: admin.headers });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toContain('owner');
      const cross = await t.app.inject({ method: 'DELETE', url: '/api/org', headers: { ...neighbour.headers, 'x-service-org': tenant.orgId } });
      expect(cross.statusCode).toBe(403);
      expect(await count('services', tenant.orgId)).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: tenant.headers })).statusCode).toBe(200);
    });

    // Issue 33 item 5: an owner's agent token or API key deleted an organization irreversibly.
    it('needs the owner\'s own session proven in the last ten minutes: an owner\'s key, agent token or stale session gets 403', async () => {
      const spared = await bootstrapTenant(t, 'Spared');
      const own = (await signedIn(t, spared.userId, spared.orgId)).headers;
      const g = (await t.app.inject({ method: 'POST', url: '/api/auth/device/code', payload: { client_name: 'agent' } })).json();
      expect((await t.app.inject({ method: 'POST', url: '/api/me/device-grants', headers: own, payload: { user_code: g.user_code, approve: true } })).statusCode).toBe(200);
      const tok = (await t.app.inject({ method: 'POST', url: '/api/auth/device/token', payload: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: g.device_code } })).json();
      const agent = { authorization: `Bearer ${tok.access_token}`, 'x-service-org': spared.orgId };
      for (const headers of [spared.headers, agent]) {
        const r = await t.app.inject({ method: 'DELETE', url: '/api/org', headers });
        expect(r.statusCode, r.body).toBe(403);
        expect(r.json().error.message).toContain('account-security action');
      }
      t.clock.advance(11 * 60_000);
      const stale = await t.app.inject({ method: 'DELETE', url: '/api/org', headers: own });
      expect(stale.statusCode).toBe(403);
      expect(stale.json().error.details).toEqual([{ field: 'reauthentication', message: 'required' }]);
      expect((await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: spared.headers })).statusCode).toBe(200);
      const fresh = (await signedIn(t, spared.userId, spared.orgId)).headers;
      expect((await t.app.inject({ method: 'DELETE', url: '/api/org', headers: fresh })).statusCode).toBe(200);
    });

    it('deletes everything of the organization and every credential stops working at once', async () => {
      const svc = await createService(t, tenant, 'checkout');
      const neighbourSvc = await createService(t, neighbour, 'checkout');
      const member = await addMember(t, tenant, 'responder');
      const ingestHeaders = { authorization: `Bearer ${tenant.ingestKey}` };
      // Warm the ingest credential caches, and leave an outbox event pending.
      const opened = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'Disk full' } });
      expect(opened.statusCode).toBe(202);
      expect((await t.app.inject({ method: 'POST', url: '/v1/alerts', headers: ingestHeaders, payload: { title: 'CPU', service_id: svc.id } })).statusCode).toBe(202);
      await t.app.inject({ method: 'POST', url: '/api/org/invitations', headers: tenant.headers, payload: { email: 'later@example.com', role: 'observer' } });
      expect(await count('outbox_events', tenant.orgId)).toBeGreaterThan(0);
      expect(await count('receipts', tenant.orgId)).toBeGreaterThan(0);

      const own = (await signedIn(t, tenant.userId, tenant.orgId)).headers;
      const r = await t.app.inject({ method: 'DELETE', url: '/api/org', headers: { ...own, 'x-request-id': 'req-delete-org' } });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ ok: true });
      // Its handled events and receipts go after the answer (docs/adr/0322).
      await t.container.services.orgAdmin.purged();

      // No clock movement: the caches of this process were dropped.
      const viaUrl = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'Disk full' } });
      expect(viaUrl.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/v1/alerts', headers: ingestHeaders, payload: { title: 'CPU', service_id: svc.id } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'PUT', url: `/v1/alerts/${opened.json().alert_id}/ack`, headers: ingestHeaders })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: tenant.headers })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/services', headers: member.headers })).statusCode).toBe(401);

      for (const table of ['services', 'alerts', 'api_keys', 'memberships', 'integrations', 'integration_credentials', 'invitations', 'outbox_events', 'receipts'] as const) {
        expect(await count(table, tenant.orgId), table).toBe(0);
      }
      const org = await t.container.db.selectFrom('organizations').select('id').where('id', '=', tenant.orgId).executeTakeFirst();
      expect(org).toBeUndefined();
      // The worker has nothing left of it to choke on.
      await t.container.runner.drain();
      const stuck = await t.container.db.selectFrom('outbox_events').select('last_error').where('last_error', 'is not', null).execute();
      expect(stuck).toEqual([]);

      // The deletion itself stays in the audit log, detached from the deleted organization.
      const entry = await t.container.db.selectFrom('audit_log').selectAll().where('action', '=', 'org.delete').where('target_id', '=', tenant.orgId).executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ org_id: null, actor_id: tenant.userId, target_type: 'organization', target_id: tenant.orgId, request_id: 'req-delete-org' });
      expect(JSON.parse(entry.changes)).toEqual({ name: 'Doomed' });

      // The neighbour is untouched.
      expect((await t.app.inject({ method: 'POST', url: neighbourSvc.ingestPath, payload: { title: 'fine' } })).statusCode).toBe(202);
      expect((await t.app.inject({ method: 'GET', url: '/api/services', headers: neighbour.headers })).json()).toHaveLength(1);
    });

    it('a credential of a deleted organization stays dead after the cache window too', async () => {
      t.clock.advance(10_000);
      expect((await t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${tenant.ingestKey}` }, payload: { title: 'x', service_id: 'svc_x' } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/org', headers: tenant.headers })).statusCode).toBe(401);
    });

    it('another process that cached the credentials refuses them once its 5 s cache expires', async () => {
      const victim = await bootstrapTenant(t, 'Doomed too');
      const svc = await createService(t, victim, 'api');
      // A second process on the same database, sharing the clock.
      const other = createContainer({ config: t.container.config, clock: t.clock, store: t.container.store });
      try {
        const token = svc.ingestPath.split('/').pop()!;
        const keyed = () => other.services.ingest.ingestWithKey(victim.ingestKey, { title: 'x', service_id: svc.id });
        expect((await other.services.ingest.ingestByToken(token, { title: 'warm' })).status).toBe(202);
        expect((await keyed()).status).toBe(202);

        expect((await t.app.inject({ method: 'DELETE', url: '/api/org', headers: (await signedIn(t, victim.userId, victim.orgId)).headers })).statusCode).toBe(200);
        t.clock.advance(5_001);
        const codeOf = async (p: Promise<unknown>) => p.then(() => 'accepted', (e: unknown) => (e instanceof AppError ? e.code : String(e)));
        expect(await codeOf(other.services.ingest.ingestByToken(token, { title: 'late' }))).toBe('unauthorized');
        expect(await codeOf(keyed())).toBe('unauthorized');
      } finally {
        await other.runner.stop();
        await other.committer.idle();
      }
    });
  });
}
