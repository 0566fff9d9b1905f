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
  });
}
