import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/http/logging.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type TestApp } from '../../helpers/app.ts';
import { connectVendor, createDirectIntegration } from '../../factories/integrations.ts';
import { grafanaAlert, grafanaBody } from '../../factories/payloads.ts';
import { startTestSmtp } from '../../helpers/smtp.ts';
import { randomToken } from '../../../src/lib/secrets.ts';
import { startFakeTwilio } from '../../helpers/fakes/twilio.ts';
import { createHarness, MINUTE, TWILIO } from '../../helpers/paging.ts';

/**
 * "No secret appears in logs, audit entries or API responses other than the one that creates it":
 * every secret made here (API keys, ingest URLs and their tokens, Events API routing keys, email
 * source addresses, invitation links, a password, a sender's own Authorization header) is looked
 * for in the whole audit table, every log line (the SMTP listener's included) and every read
 * route's answer.
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
      // Issue 19.8: the request line logged the raw token of a percent-encoded ingest path (which
      // the router accepts), of mistyped and unknown paths, and of query strings.
      const ingestToken = svc.ingestPath.split('/').pop()!;
      const calendarToken = randomToken(24);
      const agentToken = `kxa_${randomToken(24)}`;
      secrets.push(calendarToken, agentToken);
      const encodedPath = `/v1/%69ngest/${ingestToken.replace(/^(.)/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`;
      expect((await t.app.inject({ method: 'POST', url: encodedPath, payload: { title: 'encoded path' } })).statusCode).toBe(202);
      for (const url of [
        `/v1/ingst/${ingestToken}`,
        `/v1/ingest//${ingestToken}`,
        `/V1/INGEST/${ingestToken}`,
        `/v1/ingest/${ingestToken}/extra`,
        `/v1/ingest/${ingestToken}?copy=${ingestToken}`,
        `/${ingestToken}`,
        `/v1/calendar/${calendarToken}.ics`,
        `/healthz?${ingestToken}`,
        `/api/alerts?q=${boot.api_key}&cursor=${agentToken}&limit=5`,
        `/api/me?token=${encodeURIComponent(agentToken)}`,
      ]) {
        const r = await t.app.inject({ method: 'POST', url, headers, payload: { title: 'stray' } });
        expect(r.statusCode, url).toBeLessThan(500);
      }
      await t.app.inject({ method: 'GET', url: `/api/alerts?limit=5&q=${ingestToken}`, headers });
      await t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers, payload: { name: 'Vault 2', ingest_rate_per_minute: 600 } });
      await t.app.inject({ method: 'PUT', url: '/api/org/voice', headers, payload: { voice: 'male', language: 'en-GB', repeat_count: 1, greeting: 'Hi', ack_key: '1', escalate_key: '2' } });

      // Events API v2 and v1: accepted, refused as malformed, and through a revoked key.
      const v2 = await createDirectIntegration(t, tenant, { type: 'events_v2', serviceId: svc.id });
      const routingKey = v2.routing_key!;
      secrets.push(routingKey);
      await t.app.inject({ method: 'POST', url: `/v2/enqueue/${routingKey}`, payload: { event_action: 'trigger' } });
      await t.app.inject({ method: 'POST', url: `/v2/enqueue?routing_key=${routingKey}`, payload: { event_action: 'trigger' } });
      const event = { routing_key: routingKey, event_action: 'trigger', payload: { summary: 'v2', source: 'db', severity: 'critical' } };
      expect((await t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: event })).statusCode).toBe(202);
      expect((await t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: { ...event, payload: { summary: 'v2' } } })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: `{"routing_key":"${routingKey}",` , headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
      await t.app.inject({ method: 'POST', url: '/generic/2010-04-15/create_event.json', payload: { service_key: routingKey, event_type: 'trigger', description: 'v1' } });
      // A vendor that sends its own credential along: ignored, and never logged.
      const grafana = await connectVendor(t, tenant, { type: 'grafana', routingRules: [], fallbackServiceId: svc.id });
      const senderToken = 'grafana-contact-point-bearer-3f9a1c';
      secrets.push(`${t.container.config.publicUrl}${grafana}`, grafana.split('/').pop()!, senderToken);
      const g = await t.app.inject({ method: 'POST', url: grafana, headers: { authorization: `Bearer ${senderToken}` }, payload: grafanaBody([grafanaAlert({ fingerprint: 'f1' })]) });
      expect(g.statusCode).toBe(202);
      expect((await t.app.inject({ method: 'POST', url: grafana, headers: { authorization: `Bearer ${senderToken}` }, payload: { version: '1', alerts: 'x' } })).statusCode).toBe(400);
      // Email: accepted, then to the address of a revoked source (the SMTP listener logs the refusal).
      const mail = await createDirectIntegration(t, tenant, { type: 'email', serviceId: svc.id });
      secrets.push(mail.email_address!, mail.email_address!.split('@')[0]!);
      const smtpLog = createLogger('debug', { write: (chunk: string) => void t.logs.push(...chunk.split('\n').filter(Boolean)) });
      const { smtp, transport: connect } = await startTestSmtp(t, smtpLog);
      const transport = connect();
      try {
        await transport.sendMail({ from: 'monitor@example.com', to: mail.email_address!, subject: 'disk full', text: 'x' });
        for (const id of [mail.id, v2.id]) {
          expect((await t.app.inject({ method: 'PATCH', url: `/api/integrations/${id}`, headers, payload: { enabled: false } })).statusCode).toBe(200);
        }
        const refused = await transport.sendMail({ from: 'monitor@example.com', to: mail.email_address!, subject: 'disk full', text: 'x' }).catch((err: { responseCode?: number }) => err);
        expect((refused as { responseCode?: number }).responseCode, JSON.stringify(refused)).toBeGreaterThanOrEqual(500);
      } finally {
        transport.close();
        await smtp.close();
      }
      expect((await t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: event })).statusCode).toBe(400);
    });
    afterAll(async () => t?.close());

    const leaks = (text: string) => secrets.filter((s) => text.includes(s));

    it('made the secrets it looks for', () => {
      expect(secrets.length).toBeGreaterThanOrEqual(19);
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
      // The SMTP listener's lines are among them (it logs each refused recipient).
      expect(t.logs.some((l) => l.includes('smtp'))).toBe(true);
      expect(leaks(t.logs.join('\n'))).toEqual([]);
    });

    it('no read route answers a secret', async () => {
      for (const url of ['/api/keys', '/api/services', '/api/integrations', '/api/org/invitations', '/api/org/members', '/api/org/settings', '/api/org/voice', '/api/me', '/api/alerts?limit=100']) {
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

  // Issue 22: SMS and voice pages, their signed callbacks (good and forged), replies and test
  // pages: the Twilio auth token, the people's numbers and the reply codes never reach a log line,
  // and the alert's timeline shows numbers masked.
  it('SMS and voice: no provider secret, phone number or reply code in any log line; numbers masked in the timeline', async () => {
    const tw = await startFakeTwilio({ ...TWILIO });
    const h = await createHarness(dialect, { twilio: tw });
    try {
      h.schedules.set('sch_s', { levels: [{ timeoutMinutes: 10, onCall: ['ada'] }], allSteps: [{ channel: 'sms', delay_seconds: 0 }, { channel: 'voice', delay_seconds: 0 }] });
      h.schedules.bind(h.service.id, 'sch_s');
      const id = await h.trigger({ title: 'Leaky', priority: 'critical' });
      const numbers = ['+15550001000', '+15550001001', '+15550001002'];
      const code = /Reply (\d+) to/.exec(tw.messages[0]!.body)![1]!;
      const sms = 'http://klaxon.test/v1/providers/twilio/sms';
      await tw.inbound(sms, numbers[0]!, code, { signature: 'forged' });
      await tw.inbound(sms, numbers[0]!, '0000');
      await tw.inbound(sms, '+15550007777', code);
      await tw.answer(tw.calls[0]!, '9');
      await tw.inbound(sms, numbers[0]!, `${code}`);
      await tw.messageStatus(tw.messages[0]!, 'undelivered', { errorCode: '21610' });
      tw.failNext(400, 21610, `Attempt to send to unsubscribed recipient ${numbers[1]}`);
      const bobPhone = (await h.api('GET', '/api/phone-numbers', undefined, 'bob')).body[0];
      await h.api('POST', '/api/me/test-page', { channel: 'sms', phone_number_id: bobPhone.id }, 'bob');
      await h.advance(MINUTE);
      expect(h.t.logs.length).toBeGreaterThan(10);
      const logs = h.t.logs.join('\n');
      for (const secret of [TWILIO.authToken, Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64'), ...numbers, tw.messages[0]!.body]) {
        expect(logs.includes(secret), secret).toBe(false);
        expect(logs.includes(encodeURIComponent(secret)), secret).toBe(false);
      }
      expect(new RegExp(`(?<![\\w.:-])${code}(?![\\w.:-])`).test(logs), `reply code ${code}`).toBe(false);
      const timeline = JSON.stringify((await h.t.app.inject({ method: 'GET', url: `/api/alerts/${id}/timeline?limit=500`, headers: h.tenant.headers })).json());
      for (const n of numbers) expect(timeline.includes(n), n).toBe(false);
      expect(timeline).not.toContain(code);
      expect(timeline).toContain('…00');
    } finally {
      await h.close();
      await tw.close();
    }
  }, 120_000);
  });
}
