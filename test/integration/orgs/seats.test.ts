import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';
import { PAID_BILLING_ENV } from '../../helpers/billing.ts';
import { PLANS } from '../../../src/modules/billing/index.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: the plan's seat limit applies to invitations (billing on)`, () => {
    let t: TestApp;
    let tenant: Tenant;

    beforeAll(async () => {
      t = await buildTestApp({ dialect, env: PAID_BILLING_ENV });
      tenant = await bootstrapTenant(t, 'Tiny');
    });
    afterAll(async () => t?.close());

    it('a free organization at its seat limit cannot invite or accept more members (403 naming the limit and the plan)', async () => {
      const seats = PLANS.free.seats;
      const invite = async (email: string) => t.app.inject({ method: 'POST', url: '/api/org/invitations', headers: tenant.headers, payload: { email, role: 'responder' } });
      // One invitation made while a seat is free, accepted after the organization filled up.
      const early = await invite('late@example.com');
      expect(early.statusCode).toBe(200);
      for (let i = 1; i < seats; i++) await addMember(t, tenant, 'observer');
      const refused = await invite('one-too-many@example.com');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/seat/i);
      expect(refused.json().error.message).toMatch(/Team|team/);
      const late = await addMember(t, { ...tenant, orgId: (await bootstrapTenant(t, 'Elsewhere')).orgId }, 'owner', { email: 'late@example.com' });
      const accept = await t.app.inject({
        method: 'POST', url: '/api/invitations/accept',
        headers: { authorization: late.headers.authorization!, 'x-service-org': late.headers['x-service-org']! },
        payload: { token: new URL(early.json().invitation_url).searchParams.get('token') },
      });
      expect(accept.statusCode).toBe(403);
      expect(accept.json().error.message).toMatch(/seat/i);
    });

    it('eight concurrent invitation accepts on a 5-seat plan with one member: exactly four join (issue 19 item 3)', async () => {
      const org = await bootstrapTenant(t, 'Crowded');
      const people = [];
      for (let i = 0; i < 8; i++) {
        const email = `crowd-${i}-${Math.random().toString(36).slice(2, 8)}@example.com`;
        const inv = await t.app.inject({ method: 'POST', url: '/api/org/invitations', headers: org.headers, payload: { email, role: 'responder' } });
        expect(inv.statusCode, inv.body).toBe(200);
        const home = await bootstrapTenant(t, `Home ${i}`, email);
        people.push({ headers: home.headers, token: new URL(inv.json().invitation_url).searchParams.get('token') });
      }
      const results = await Promise.all(
        people.map((p) => t.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: p.headers, payload: { token: p.token } })),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 403, 403, 403, 403]);
      const members = await t.container.db.selectFrom('memberships').select('user_id').where('org_id', '=', org.orgId).execute();
      expect(members).toHaveLength(PLANS.free.seats);
    });
  });
}
