import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type TestApp } from '../../helpers/app.ts';

/**
 * "No secret appears in logs, audit entries or API responses other than the one that creates it":
 * every secret made here (API keys, ingest URLs and their tokens, invitation links, a password)
 * is looked for in the whole audit table, every log line and every read route's answer.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: secrets never reach audit entries, logs or read responses`, () => {
    let t: TestApp;
    const secrets: string[] = [];
    let headers: Record<string, string>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect, container: { invitationMailer: { configured: true, send: async () => undefined } } });
      const password = 'correct horse battery staple';
      const boot = await t.container.services.orgs.bootstrap({ orgName: 'Vault', email: 'vault@example.com', password });
      secrets.push(password, boot.api_key, boot.ingest_key);
      headers = { authorization: `Bearer ${boot.api_key}`, 'x-service-org': boot.org_id };
      const tenant = { orgId: boot.org_id, userId: boot.user_id, apiKey: boot.api_key, ingestKey: boot.ingest_key, headers };

      const svc = await createService(t, tenant, 'payments');
      secrets.push(svc.ingestUrl, svc.ingestPath.split('/').pop()!);
      for (const kind of ['full_product', 'alert_ingest'] as const) {
        const k = await t.app.inject({ method: 'POST', url: '/api/keys', headers, payload: { name: `k-${kind}`, kind } });
        expect(k.statusCode).toBe(200);
        secrets.push(k.json().secret);
        const del = await t.app.inject({ method: 'DELETE', url: `/api/keys/${k.json().id}`, headers });
        expect(del.statusCode).toBe(200);
      }
      const inv = await t.app.inject({ method: 'POST', url: '/api/org/invitations', headers, payload: { email: 'guest@example.com', role: 'observer' } });
      const token = new URL(inv.json().invitation_url).searchParams.get('token')!;
      secrets.push(inv.json().invitation_url, token);
      await t.container.runner.drain();
      const guest = await bootstrapTenant(t, 'Guest', 'guest@example.com');
      secrets.push(guest.apiKey, guest.ingestKey);
      expect((await t.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: guest.headers, payload: { token } })).statusCode).toBe(200);
      // Ingest through each credential, including a refused one, so the request log has them all.
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'x' } });
      await t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${boot.ingest_key}` }, payload: { title: 'x', service_id: svc.id } });
      await t.app.inject({ method: 'GET', url: `/api/audit?cursor=${encodeURIComponent(token)}`, headers });
      await t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers, payload: { name: 'Vault 2', ingest_rate_per_minute: 600 } });
      await t.app.inject({ method: 'PUT', url: '/api/org/voice', headers, payload: { voice: 'male', language: 'en-GB', repeat_count: 1, greeting: 'Hi', ack_key: '1', escalate_key: '2' } });
    });
    afterAll(async () => t?.close());

    const leaks = (text: string) => secrets.filter((s) => text.includes(s));

    it('made the secrets it looks for', () => {
      expect(secrets.length).toBeGreaterThanOrEqual(11);
      expect(secrets.every((s) => s.length >= 20)).toBe(true);
    });

    it('the audit log holds entries for every mutation and no secret in any column', async () => {
      const rows = await t.container.db.selectFrom('audit_log').selectAll().execute();
      const actions = new Set(rows.map((r) => r.action));
      for (const a of ['org.bootstrap', 'service.create', 'api_key.create', 'api_key.delete', 'invitation.create', 'invitation.accept', 'org_settings.update', 'org_voice.update']) {
        expect(actions, a).toContain(a);
      }
      expect(leaks(JSON.stringify(rows))).toEqual([]);
      const api = await t.app.inject({ method: 'GET', url: '/api/audit?limit=500', headers });
      expect(api.statusCode).toBe(200);
      expect(leaks(api.body)).toEqual([]);
    });

    it('no log line carries a secret', () => {
      expect(t.logs.length).toBeGreaterThan(10);
      expect(leaks(t.logs.join('\n'))).toEqual([]);
    });

    it('no read route answers a secret', async () => {
      for (const url of ['/api/keys', '/api/services', '/api/org/invitations', '/api/org/members', '/api/org/settings', '/api/org/voice', '/api/me']) {
        const r = await t.app.inject({ method: 'GET', url, headers });
        expect(r.statusCode, url).toBe(200);
        expect(leaks(r.body), url).toEqual([]);
      }
    });

    it('outbox payloads and stored invitations keep no secret in clear text', async () => {
      const events = await t.container.db.selectFrom('outbox_events').selectAll().execute();
      expect(leaks(JSON.stringify(events))).toEqual([]);
      const invitations = await t.container.db.selectFrom('invitations').selectAll().execute();
      expect(leaks(JSON.stringify(invitations))).toEqual([]);
    });
  });
}
