import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type TestApp } from '../../helpers/app.ts';
import { addMember, signedIn } from '../../helpers/people.ts';
import { insertSession } from '../../../src/modules/session/session.repository.ts';
import { hashSecret, randomToken } from '../../../src/lib/secrets.ts';
import { newId } from '../../../src/lib/ids.ts';

// Issue 18 item 2: an organization never loses its last owner, whatever path removes or demotes
// a member (DELETE /api/me, POST /api/org/leave, DELETE and PATCH /api/org/members/{user_id}).
for (const dialect of DIALECTS) {
  describe(`${dialect}: the last owner of an organization stays`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
    });
    afterAll(async () => t?.close());

    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const owners = async (orgId: string) =>
      (await t.container.db.selectFrom('memberships').select('user_id').where('org_id', '=', orgId).where('role', '=', 'owner').execute()).map((r) => r.user_id);
    /** DELETE /api/me needs the person's own, recently signed-in session (docs/adr/0533). */
    const deleteMe = async (who: { userId: string }, orgId: string) => call('DELETE', '/api/me', (await signedIn(t, who.userId, orgId)).headers);
    const expectLastOwner = (r: { statusCode: number; json(): any }) => {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.code).toBe('conflict');
      expect(r.json().error.message).toMatch(/last owner/);
      expect(r.json().error.message).toMatch(/another owner/);
      expect(r.json().error.message).toMatch(/DELETE \/api\/org/);
    };

    it('DELETE /api/me with the bootstrap key of an organization\'s only member is 409; the organization keeps its owner and its sources', async () => {
      const tenant = await bootstrapTenant(t, 'Alone');
      const svc = await createService(t, tenant);
      const r = await deleteMe(tenant, tenant.orgId);
      expectLastOwner(r);
      expect(r.json().error.message).toContain('"Alone"');
      expect(await owners(tenant.orgId)).toEqual([tenant.userId]);
      expect((await call('GET', '/api/me', tenant.headers)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'still seen' } })).statusCode).toBe(202);
      // Deleting the organization first is the way out; then the account can go.
      expect((await call('DELETE', '/api/org', (await signedIn(t, tenant.userId, tenant.orgId)).headers)).statusCode).toBe(200);
      expect(await t.container.db.selectFrom('users').select('id').where('id', '=', tenant.userId).executeTakeFirst()).toBeDefined();
    });

    it('the last owner can be neither demoted, removed, nor leave; with a second owner each works', async () => {
      const tenant = await bootstrapTenant(t, 'Pair');
      const admin = await addMember(t, tenant, 'admin');
      expectLastOwner(await call('PATCH', `/api/org/members/${tenant.userId}`, tenant.headers, { role: 'admin' }));
      expectLastOwner(await call('DELETE', `/api/org/members/${tenant.userId}`, tenant.headers));
      expectLastOwner(await call('POST', '/api/org/leave', tenant.headers));
      expectLastOwner(await deleteMe(tenant, tenant.orgId));
      expect(await owners(tenant.orgId)).toEqual([tenant.userId]);
      // Another owner named: now the first may step down.
      expect((await call('PATCH', `/api/org/members/${admin.userId}`, tenant.headers, { role: 'owner' })).statusCode).toBe(200);
      expect((await call('PATCH', `/api/org/members/${tenant.userId}`, tenant.headers, { role: 'responder' })).statusCode).toBe(200);
      // The remaining owner cannot remove or demote themselves either.
      expectLastOwner(await call('PATCH', `/api/org/members/${admin.userId}`, admin.headers, { role: 'observer' }));
      expectLastOwner(await call('DELETE', `/api/org/members/${admin.userId}`, admin.headers));
    });

    it('two owners deleting their accounts at the same moment: one goes, the other stays the last owner', async () => {
      const tenant = await bootstrapTenant(t, 'Race');
      const second = await addMember(t, tenant, 'owner');
      const hs = [(await signedIn(t, tenant.userId, tenant.orgId)).headers, (await signedIn(t, second.userId, tenant.orgId)).headers];
      const results = await Promise.all(hs.map((h) => call('DELETE', '/api/me', h)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await owners(tenant.orgId)).toHaveLength(1);
    });

    it('two owners removing each other at the same moment: exactly one owner is left', async () => {
      const tenant = await bootstrapTenant(t, 'Race 2');
      const second = await addMember(t, tenant, 'owner');
      const results = await Promise.all([
        call('DELETE', `/api/org/members/${second.userId}`, tenant.headers),
        call('DELETE', `/api/org/members/${tenant.userId}`, second.headers),
      ]);
      // The loser is the last owner (409), or was removed before its own request was checked (401: its key died with it).
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect(await owners(tenant.orgId)).toHaveLength(1);
    });

    it('a deleted account\'s alert-ingest keys are the organization\'s: they keep working; its full-product keys die', async () => {
      const tenant = await bootstrapTenant(t, 'Keys');
      const svc = await createService(t, tenant);
      const admin = await addMember(t, tenant, 'admin');
      // Made in the person's own session: the organization's. Minted through their key: it dies
      // with that key (docs/adr/0710).
      const made = await call('POST', '/api/keys', (await signedIn(t, admin.userId, tenant.orgId)).headers, { name: 'ci', kind: 'alert_ingest' });
      const minted = await call('POST', '/api/keys', admin.headers, { name: 'through the key', kind: 'alert_ingest' });
      expect([made.statusCode, minted.statusCode]).toEqual([200, 200]);
      const alarmWith = (key: string) => () => t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${key}` }, payload: { service_id: svc.id, title: 'x' } });
      const alarm = alarmWith(made.json().secret as string);
      const alarmMinted = alarmWith(minted.json().secret as string);
      expect((await alarm()).statusCode).toBe(202);
      expect((await alarmMinted()).statusCode).toBe(202);
      expect((await deleteMe(admin, tenant.orgId)).statusCode).toBe(200);
      expect((await call('GET', '/api/me', admin.headers)).statusCode).toBe(401);
      t.clock.advance(10_000); // past ingest's credential cache
      expect((await alarm()).statusCode).toBe(202);
      expect((await alarmMinted()).statusCode).toBe(401);
      const audit = await t.container.db.selectFrom('audit_log').selectAll().where('org_id', '=', tenant.orgId).where('action', '=', 'user.delete').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_id: admin.userId, target_id: admin.userId });
    });

    it('a removed member\'s agent tokens for the organization are revoked with the membership, so re-adding them does not revive the tokens', async () => {
      const tenant = await bootstrapTenant(t, 'Agents');
      const m = await addMember(t, tenant, 'responder');
      const now = t.clock.now();
      const token = `kxa_${randomToken(32)}`;
      const id = newId('ses');
      await insertSession(t.container.db, {
        id, user_id: m.userId, kind: 'agent', org_id: tenant.orgId, token_hash: hashSecret(token), name: 'agent', client: '{}', ip: null,
        created_at: now.toISOString(), last_used_at: null, expires_at: new Date(now.getTime() + 86_400_000).toISOString(), revoked_at: null,
      });
      const agent = { authorization: `Bearer ${token}`, 'x-service-org': tenant.orgId };
      expect((await call('GET', '/api/org/settings', agent)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/org/members/${m.userId}`, tenant.headers)).statusCode).toBe(200);
      await t.container.db.insertInto('memberships').values({ org_id: tenant.orgId, user_id: m.userId, role: 'responder', created_at: now.toISOString() }).execute();
      expect((await call('GET', '/api/org/settings', agent)).statusCode).toBe(401);
    });
  });
}
