import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, signedIn, type Member } from '../../helpers/people.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: members, roles, leaving and new organizations`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let admin: Member;
    let observer: Member;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t, 'Acme', 'boss@example.com');
      admin = await addMember(t, tenant, 'admin', { email: 'ada@example.com' });
      observer = await addMember(t, tenant, 'observer', { email: 'olga@example.com' });
    });
    afterAll(async () => t?.close());

    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const audit = async (action: string) =>
      t.container.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

    it('GET /api/org/members lists every member with role, paginated with X-Next-Cursor and Link', async () => {
      const r = await call('GET', '/api/org/members', observer.headers);
      expect(r.statusCode).toBe(200);
      const all = r.json() as { user_id: string; email: string; role: string }[];
      expect(all.map((m) => [m.email, m.role]).sort()).toEqual([['ada@example.com', 'admin'], ['boss@example.com', 'owner'], ['olga@example.com', 'observer']]);
      const p1 = await call('GET', '/api/org/members?limit=2', observer.headers);
      expect(p1.json()).toHaveLength(2);
      const cursor = p1.headers['x-next-cursor'] as string;
      expect(cursor).toBeTruthy();
      expect(p1.headers.link).toBe(`</api/org/members?limit=2&cursor=${cursor}>; rel="next"`);
      const p2 = await call('GET', `/api/org/members?limit=2&cursor=${cursor}`, observer.headers);
      expect(p2.json()).toHaveLength(1);
      expect(p2.headers['x-next-cursor']).toBeUndefined();
      expect([...p1.json(), ...p2.json()].map((m: { user_id: string }) => m.user_id).sort()).toEqual(all.map((m) => m.user_id).sort());
      const bad = await call('GET', '/api/org/members?cursor=bm9wZQ', observer.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details[0].field).toBe('cursor');
    });

    it('PATCH /api/org/members/{user_id} changes a role (owner only) and audits the old and new role', async () => {
      const r = await call('PATCH', `/api/org/members/${observer.userId}`, tenant.headers, { role: 'responder' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ user_id: observer.userId, email: 'olga@example.com', role: 'responder' });
      const [e] = await audit('member.role_change');
      expect(e).toMatchObject({ org_id: tenant.orgId, actor_id: tenant.userId, target_type: 'user', target_id: observer.userId });
      expect(JSON.parse(e!.changes)).toEqual({ role: 'responder', previous_role: 'observer' });
      // The new role applies to the member's next request: a responder still cannot change settings.
      expect((await call('PATCH', '/api/org/settings', observer.headers, { name: 'x' })).statusCode).toBe(403);
      await call('PATCH', `/api/org/members/${observer.userId}`, tenant.headers, { role: 'admin' });
      expect((await call('PATCH', '/api/org/settings', observer.headers, { retention_days: 30 })).statusCode).toBe(200);
      await call('PATCH', `/api/org/members/${observer.userId}`, tenant.headers, { role: 'observer' });
    });

    it('PATCH /api/org/members/{user_id}: admins get 403, unknown members 404, bad roles 400, the last owner 409', async () => {
      const byAdmin = await call('PATCH', `/api/org/members/${observer.userId}`, admin.headers, { role: 'owner' });
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().error.message).toContain('owner');
      expect((await call('PATCH', '/api/org/members/usr_nobody', tenant.headers, { role: 'admin' })).statusCode).toBe(404);
      const badRole = await call('PATCH', `/api/org/members/${observer.userId}`, tenant.headers, { role: 'god' });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json().error.details[0]).toMatchObject({ field: 'role', message: expect.stringContaining('owner, admin, responder, observer') });
      const demote = await call('PATCH', `/api/org/members/${tenant.userId}`, tenant.headers, { role: 'admin' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.message).toContain('last owner');
    });

    it('POST /api/org/leave: the last owner cannot leave (409, name another owner first); after a transfer they can', async () => {
      const r = await call('POST', '/api/org/leave', tenant.headers);
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toMatchObject({ code: 'conflict', message: expect.stringContaining('name another owner first') });
      const second = await addMember(t, tenant, 'responder');
      expect((await call('PATCH', `/api/org/members/${second.userId}`, tenant.headers, { role: 'owner' })).statusCode).toBe(200);
      const left = await call('POST', '/api/org/leave', second.headers);
      expect(left.statusCode).toBe(200);
      expect(left.json()).toEqual({ ok: true, org_id: tenant.orgId });
      // Their full-product key is revoked with the membership.
      expect((await call('GET', '/api/org/settings', second.headers)).statusCode).toBe(401);
      const [e] = await audit('member.leave');
      expect(e).toMatchObject({ org_id: tenant.orgId, actor_id: second.userId, target_id: second.userId });
      expect(JSON.parse(e!.changes).revoked_api_keys).toHaveLength(1);
      expect((await call('POST', '/api/org/leave', tenant.headers)).statusCode).toBe(409);
    });

    it('two owners leaving at the same moment: one leaves, the other is the last owner (409)', async () => {
      const other = await bootstrapTenant(t, 'Race');
      const second = await addMember(t, other, 'owner');
      const results = await Promise.all([other.headers, second.headers].map((h) => call('POST', '/api/org/leave', h)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const owners = await t.container.db.selectFrom('memberships').select('user_id').where('org_id', '=', other.orgId).where('role', '=', 'owner').execute();
      expect(owners).toHaveLength(1);
    });

    it('DELETE /api/org/members/{user_id} removes a member whose keys stop at once; 404 after; admins get 403', async () => {
      const gone = await addMember(t, tenant, 'responder');
      expect((await call('GET', '/api/org/settings', gone.headers)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/org/members/${gone.userId}`, admin.headers)).statusCode).toBe(403);
      const r = await call('DELETE', `/api/org/members/${gone.userId}`, tenant.headers);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ ok: true });
      expect((await call('GET', '/api/org/settings', gone.headers)).statusCode).toBe(401);
      expect((await call('DELETE', `/api/org/members/${gone.userId}`, tenant.headers)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/org/members/${tenant.userId}`, tenant.headers)).statusCode).toBe(409);
      const [e] = await audit('member.remove');
      expect(e).toMatchObject({ actor_id: tenant.userId, target_id: gone.userId });
    });

    it('a member of another organization is 404 here, never 403', async () => {
      const other = await bootstrapTenant(t, 'Other');
      expect((await call('PATCH', `/api/org/members/${other.userId}`, tenant.headers, { role: 'admin' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/org/members/${other.userId}`, tenant.headers)).statusCode).toBe(404);
    });

    it('POST /api/orgs creates an organization with the caller as owner', async () => {
      const r = await call('POST', '/api/orgs', observer.headers, { name: 'Side project', time_zone: 'America/New_York' });
      expect(r.statusCode).toBe(200);
      const org = r.json();
      expect(org).toMatchObject({ name: 'Side project', time_zone: 'America/New_York', role: 'owner', ingest_rate_per_minute: 1200, retention_days: 365 });
      expect(org.id).toMatch(/^org_/);
      const me = (await call('GET', '/api/me', observer.headers)).json();
      expect(me.memberships).toContainEqual({ org_id: org.id, org_name: 'Side project', role: 'owner' });
      const [e] = await audit('org.create');
      expect(e).toMatchObject({ org_id: org.id, actor_id: observer.userId, target_id: org.id });
    });

    it('POST /api/orgs with a key: the creator acts in the new organization at once with the key in the answer (issue 18 item 3)', async () => {
      // The case: the bootstrap owner and their key, no password.
      const boss = await bootstrapTenant(t, 'Boot');
      const r = await call('POST', '/api/orgs', boss.headers, { name: 'Second' });
      expect(r.statusCode, r.body).toBe(200);
      const org = r.json();
      expect(org.api_key).toMatchObject({ kind: 'full_product', user_id: boss.userId, secret: expect.stringMatching(/^kxp_/) });
      expect(org.how_to_act).toContain(`X-Service-Org: ${org.id}`);
      const there = { authorization: `Bearer ${org.api_key.secret}`, 'x-service-org': org.id };
      expect((await call('GET', '/api/org/settings', there)).statusCode).toBe(200);
      const svc = await call('POST', '/api/services', there, { name: 'checkout' });
      expect(svc.statusCode, svc.body).toBe(200);
      expect((await call('POST', '/api/org/invitations', there, { email: 'new-teammate@example.com', role: 'admin' })).statusCode).toBe(200);
      // The key used still works only in its own organization.
      expect((await call('GET', '/api/org/settings', { ...boss.headers, 'x-service-org': org.id })).statusCode).toBe(403);
      const listed = (await call('GET', '/api/keys', there)).json() as { id: string }[];
      expect(listed.map((k) => k.id)).toContain(org.api_key.id);
      const [e] = await audit('api_key.create');
      expect(JSON.parse(e!.changes)).toMatchObject({ minted_through: expect.stringMatching(/^key_/) });
    });

    it('a key minted through POST /api/orgs dies with the key it was minted through: revoked, its member gone, or its organization deleted', async () => {
      const mint = async (tenantHeaders: Record<string, string>) => {
        const org = (await call('POST', '/api/orgs', tenantHeaders, { name: `Minted ${Math.random().toString(36).slice(2, 6)}` })).json();
        return { orgId: org.id as string, headers: { authorization: `Bearer ${org.api_key.secret}`, 'x-service-org': org.id as string } };
      };
      // Revoked.
      const a = await bootstrapTenant(t, 'Parent A');
      const spare = await addMember(t, a, 'owner');
      const childA = await mint(spare.headers);
      expect((await call('GET', '/api/org/settings', childA.headers)).statusCode).toBe(200);
      // Its child's child, minted through the child.
      const grandchild = await mint(childA.headers);
      expect((await call('DELETE', `/api/keys/${spare.keyId}`, a.headers)).statusCode).toBe(200);
      expect((await call('GET', '/api/org/settings', childA.headers)).statusCode).toBe(401);
      expect((await call('GET', '/api/org/settings', grandchild.headers)).statusCode).toBe(401);
      // Its member removed from the parent's organization.
      const b = await bootstrapTenant(t, 'Parent B');
      const member = await addMember(t, b, 'responder');
      const childB = await mint(member.headers);
      expect((await call('DELETE', `/api/org/members/${member.userId}`, b.headers)).statusCode).toBe(200);
      expect((await call('GET', '/api/org/settings', childB.headers)).statusCode).toBe(401);
      // The parent's organization deleted.
      const c = await bootstrapTenant(t, 'Parent C');
      const childC = await mint(c.headers);
      expect((await call('DELETE', '/api/org', (await signedIn(t, c.userId, c.orgId)).headers)).statusCode).toBe(200);
      expect((await call('GET', '/api/org/settings', childC.headers)).statusCode).toBe(401);
    });

    it('POST /api/orgs with a session: the same session acts in the new organization; no key is minted', async () => {
      const person = await addMember(t, tenant, 'responder');
      const session = await signedIn(t, person.userId, tenant.orgId);
      const r = await call('POST', '/api/orgs', session.headers, { name: 'By session' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().api_key).toBeUndefined();
      expect(r.json().how_to_act).toBe(`Use this same session with X-Service-Org: ${r.json().id}.`);
      expect((await call('PATCH', '/api/org/settings', { ...session.headers, 'x-service-org': r.json().id }, { name: 'Renamed' })).statusCode).toBe(200);
    });

    it('POST /api/orgs refuses a blank name, an unknown time zone and no credential', async () => {
      expect((await call('POST', '/api/orgs', observer.headers, { name: '' })).statusCode).toBe(400);
      const tz = await call('POST', '/api/orgs', observer.headers, { name: 'X', time_zone: 'Nowhere/Town' });
      expect(tz.statusCode).toBe(400);
      expect(tz.json().error.details[0].field).toBe('time_zone');
      expect((await call('POST', '/api/orgs', {}, { name: 'X' })).statusCode).toBe(401);
    });
  });
}
