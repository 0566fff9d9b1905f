import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, signedIn } from '../../helpers/people.ts';

// Issue 33 item 4: a key minted with a key, or with an agent token, kept working after its parent
// was revoked, although ADR 0533 says it dies with it. Revocation now cascades to every
// descendant, held by the database itself (docs/adr/0710).
for (const dialect of DIALECTS) {
  describe(`${dialect}: a credential dies with the credential it was minted through`, () => {
    let t: TestApp;
    let tenant: Tenant;
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t, 'Acme');
    });
    afterAll(async () => t?.close());

    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const bearer = (secret: string) => ({ authorization: `Bearer ${secret}`, 'x-service-org': tenant.orgId });
    async function mintWith(headers: Record<string, string>, kind: 'full_product' | 'alert_ingest' = 'full_product') {
      const r = await call('POST', '/api/keys', headers, { name: `minted ${Math.random().toString(36).slice(2, 6)}`, kind });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as { id: string; secret: string };
    }
    async function agentTokenFor(own: Record<string, string>) {
      const g = (await t.app.inject({ method: 'POST', url: '/api/auth/device/code', payload: { client_name: 'some-agent' } })).json();
      expect((await call('POST', '/api/me/device-grants', own, { user_code: g.user_code, approve: true })).statusCode).toBe(200);
      const tok = await t.app.inject({ method: 'POST', url: '/api/auth/device/token', payload: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: g.device_code } });
      expect(tok.statusCode, tok.body).toBe(200);
      return tok.json() as { access_token: string; session_id: string };
    }
    const works = async (secret: string) => (await call('GET', '/api/org/settings', bearer(secret))).statusCode;
    const listed = async () => ((await call('GET', '/api/keys?limit=200', tenant.headers)).json() as { id: string }[]).map((k) => k.id);

    it('a key minted with a key, and the key minted with that one, die when the first is revoked', async () => {
      const admin = await addMember(t, tenant, 'admin');
      const child = await mintWith(admin.headers);
      const grandchild = await mintWith(bearer(child.secret));
      const ingest = await mintWith(bearer(child.secret), 'alert_ingest');
      expect(await works(grandchild.secret)).toBe(200);
      expect((await call('DELETE', `/api/keys/${admin.keyId}`, tenant.headers)).statusCode).toBe(200);
      expect(await works(admin.apiKey)).toBe(401);
      expect(await works(child.secret)).toBe(401);
      expect(await works(grandchild.secret)).toBe(401);
      const ids = await listed();
      for (const k of [child, grandchild, ingest]) expect(ids).not.toContain(k.id);
      const [e] = await t.container.db.selectFrom('audit_log').selectAll().where('action', '=', 'api_key.delete').where('target_id', '=', admin.keyId).execute();
      expect(JSON.parse(e!.changes).revoked_minted_keys.sort()).toEqual([child.id, grandchild.id, ingest.id].sort());
    });

    it('a key minted with an agent token dies when the token is revoked, by an admin or by its person', async () => {
      const admin = await addMember(t, tenant, 'admin');
      const own = (await signedIn(t, admin.userId, tenant.orgId)).headers;
      for (const revoke of [
        (id: string) => call('DELETE', `/api/keys/${id}`, tenant.headers),
        (id: string) => call('DELETE', `/api/me/sessions/${id}`, own),
      ]) {
        const agent = await agentTokenFor(own);
        const child = await mintWith(bearer(agent.access_token));
        const grandchild = await mintWith(bearer(child.secret));
        expect(await works(child.secret)).toBe(200);
        expect((await revoke(agent.session_id)).statusCode).toBe(200);
        expect(await works(child.secret)).toBe(401);
        expect(await works(grandchild.secret)).toBe(401);
      }
    });

    it('a key minted with an agent token dies when a password change signs the agent out; a key made in the person\'s own session stays', async () => {
      const admin = await addMember(t, tenant, 'admin');
      const own = (await signedIn(t, admin.userId, tenant.orgId)).headers;
      const agent = await agentTokenFor(own);
      const viaAgent = await mintWith(bearer(agent.access_token));
      const viaSession = await mintWith(own);
      expect((await call('POST', '/api/me/password', own, { password: 'a brand new password' })).statusCode).toBe(200);
      expect(await works(viaAgent.secret)).toBe(401);
      expect(await works(viaSession.secret)).toBe(200);
      expect(await works(admin.apiKey)).toBe(200);
    });

    it('the database holds it: a key revoked by any statement takes its descendants with it', async () => {
      const admin = await addMember(t, tenant, 'admin');
      const child = await mintWith(admin.headers);
      const grandchild = await mintWith(bearer(child.secret));
      const other = await mintWith(admin.headers);
      const at = t.clock.now().toISOString();
      await t.container.db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', child.id).execute();
      const rows = await t.container.db.selectFrom('api_keys').select(['id', 'revoked_at']).where('id', 'in', [child.id, grandchild.id, other.id, admin.keyId]).execute();
      expect(Object.fromEntries(rows.map((r) => [r.id, r.revoked_at]))).toEqual({ [child.id]: at, [grandchild.id]: at, [other.id]: null, [admin.keyId]: null });
    });
  });
}
