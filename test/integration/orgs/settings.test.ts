import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, type Member } from '../../helpers/people.ts';
import { connectVendor } from '../../factories/integrations.ts';
import { amAlert, amBody } from '../../factories/payloads.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: organization settings and voice settings`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let admin: Member;
    let responder: Member;
    let observer: Member;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t, 'Acme');
      admin = await addMember(t, tenant, 'admin');
      responder = await addMember(t, tenant, 'responder');
      observer = await addMember(t, tenant, 'observer');
    });
    afterAll(async () => t?.close());

    const req = (method: 'GET' | 'PATCH' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const auditOf = async (action: string) =>
      t.container.db.selectFrom('audit_log').selectAll().where('org_id', '=', tenant.orgId).where('action', '=', action).orderBy('id', 'desc').execute();

    it('GET /api/org/settings answers the defaults to any member', async () => {
      const r = await req('GET', '/api/org/settings', observer.headers);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        id: tenant.orgId,
        name: 'Acme',
        time_zone: 'UTC',
        default_urgency_rules: { critical: 'high', high: 'high', medium: 'high', low: 'high', info: 'low' },
        retention_days: 365,
        ingest_rate_per_minute: 1200,
        // SMS and calls to one person (issue 22, docs/adr/0447): GoAlert's defaults.
        paging_throttles: {
          sms: [{ window_minutes: 1, max: 1 }, { window_minutes: 15, max: 5 }, { window_minutes: 60, max: 11 }, { window_minutes: 180, max: 21 }],
          voice: [{ window_minutes: 1, max: 1 }, { window_minutes: 15, max: 3 }, { window_minutes: 60, max: 7 }, { window_minutes: 180, max: 15 }],
        },
        // Where verification SMS and test pages may go (docs/adr/0705): the default, and no number verified yet.
        phone_countries: null,
        phone_countries_allowed: [],
        // PRODUCT.md 10: each person's notification rules apply where they set them.
        person_rules: true,
        // PRODUCT.md 13: password sign-in allowed, no group mapped to a role.
        sso_required: false,
        sso_role_map: {},
        // PRODUCT.md 7.4: no SMTP_URL, TWILIO_*, APNs, FCM or VAPID keys in the test app (it generates
        // none, nor TELEGRAM_BOT_TOKEN); chat posts to the organization's webhooks.
        channels: { push: 'not_configured', sms: 'not_configured', voice: 'not_configured', email: 'not_configured', chat: 'configured', telegram: 'not_configured' },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    });

    it('GET /api/org/settings says SMS, voice and email are configured once their providers are', async () => {
      const t2 = await buildTestApp({
        dialect,
        env: { SMTP_URL: 'smtp://127.0.0.1:2', MAIL_FROM: 'klaxon@klaxon.test', TWILIO_BASE_URL: 'http://127.0.0.1:3', TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15550009999' },
      });
      try {
        const tenant2 = await bootstrapTenant(t2, 'Configured');
        const r = await t2.app.inject({ method: 'GET', url: '/api/org/settings', headers: tenant2.headers });
        expect(r.statusCode).toBe(200);
        expect(r.json().channels).toEqual({ push: 'not_configured', sms: 'configured', voice: 'configured', email: 'configured', chat: 'configured', telegram: 'not_configured' });
      } finally {
        await t2.close();
      }
    });

    it('GET /api/org/settings without credential is 401, without X-Service-Org 403', async () => {
      expect((await req('GET', '/api/org/settings', {})).statusCode).toBe(401);
      const r = await req('GET', '/api/org/settings', { authorization: tenant.headers.authorization! });
      expect(r.statusCode).toBe(403);
      expect(r.json().error.code).toBe('forbidden');
    });

    it('PATCH /api/org/settings changes fields and writes one audit entry with the changes', async () => {
      t.clock.advance(1000);
      const rules = { critical: 'high', high: 'high', medium: 'low', low: 'low', info: 'low' };
      const r = await req('PATCH', '/api/org/settings', { ...admin.headers, 'x-request-id': 'req-settings-1' }, {
        name: '  Acme Corp ', time_zone: 'Europe/Berlin', default_urgency_rules: rules, retention_days: 90,
      });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ name: 'Acme Corp', time_zone: 'Europe/Berlin', default_urgency_rules: rules, retention_days: 90, ingest_rate_per_minute: 1200, updated_at: t.clock.now().toISOString() });
      expect((await req('GET', '/api/org/settings', observer.headers)).json()).toMatchObject({ name: 'Acme Corp', time_zone: 'Europe/Berlin', retention_days: 90 });
      const [entry] = await auditOf('org_settings.update');
      expect(entry).toMatchObject({ actor_type: 'user', actor_id: admin.userId, target_type: 'organization', target_id: tenant.orgId, request_id: 'req-settings-1' });
      expect(JSON.parse(entry!.changes)).toEqual({ name: 'Acme Corp', time_zone: 'Europe/Berlin', default_urgency_rules: rules, retention_days: 90 });
      expect(entry!.ip).toBeTruthy();
    });

    it('PATCH /api/org/settings refuses an unknown time zone, bad numbers and partial urgency rules with field details', async () => {
      const tz = await req('PATCH', '/api/org/settings', admin.headers, { time_zone: 'Mars/Olympus' });
      expect(tz.statusCode).toBe(400);
      expect(tz.json().error).toMatchObject({ code: 'invalid_request', details: [{ field: 'time_zone', message: expect.stringContaining('IANA') }] });
      const rate = await req('PATCH', '/api/org/settings', admin.headers, { ingest_rate_per_minute: 0, retention_days: 99999 });
      expect(rate.statusCode).toBe(400);
      const fields = (rate.json().error.details as { field: string }[]).map((d) => d.field).sort();
      expect(fields).toEqual(['ingest_rate_per_minute', 'retention_days']);
      const rules = await req('PATCH', '/api/org/settings', admin.headers, { default_urgency_rules: { critical: 'urgent' } });
      expect(rules.statusCode).toBe(400);
      const blank = await req('PATCH', '/api/org/settings', admin.headers, { name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.details).toEqual([{ field: 'name', message: 'must not be blank' }]);
      expect((await req('GET', '/api/org/settings', observer.headers)).json().time_zone).toBe('Europe/Berlin');
    });

    it('PATCH /api/org/settings needs the admin role: responder and observer get 403 naming it', async () => {
      for (const m of [responder, observer]) {
        const r = await req('PATCH', '/api/org/settings', m.headers, { name: 'Hijacked' });
        expect(r.statusCode).toBe(403);
        expect(r.json().error.message).toContain('admin');
      }
      expect((await req('GET', '/api/org/settings', observer.headers)).json().name).toBe('Acme Corp');
    });

    it('GET /api/org/voice answers the defaults; PUT replaces them and is audited', async () => {
      const g = await req('GET', '/api/org/voice', responder.headers);
      expect(g.statusCode).toBe(200);
      expect(g.json()).toEqual({ voice: 'female', language: 'en-US', repeat_count: 2, greeting: '', ack_key: '1', escalate_key: '2' });
      const voice = { voice: 'male', language: 'de-DE', repeat_count: 3, greeting: 'Klaxon Bereitschaft. ', ack_key: '3', escalate_key: '#' };
      const p = await req('PUT', '/api/org/voice', admin.headers, voice);
      expect(p.statusCode).toBe(200);
      expect(p.json()).toEqual({ ...voice, greeting: 'Klaxon Bereitschaft.' });
      expect((await req('GET', '/api/org/voice', observer.headers)).json()).toEqual({ ...voice, greeting: 'Klaxon Bereitschaft.' });
      const [entry] = await auditOf('org_voice.update');
      expect(JSON.parse(entry!.changes)).toEqual({ voice: 'male', language: 'de-DE', repeat_count: 3, greeting: 'Klaxon Bereitschaft.', ack_key: '3', escalate_key: '#' });
    });

    it('PUT /api/org/voice refuses equal keys, non-DTMF keys, missing fields; responders get 403', async () => {
      const base = { voice: 'female', language: 'en-US', repeat_count: 2, greeting: '', ack_key: '1', escalate_key: '2' };
      const same = await req('PUT', '/api/org/voice', admin.headers, { ...base, escalate_key: '1' });
      expect(same.statusCode).toBe(400);
      expect(same.json().error.details).toEqual([{ field: 'escalate_key', message: 'must differ from ack_key' }]);
      const bad = await req('PUT', '/api/org/voice', admin.headers, { ...base, ack_key: 'A', repeat_count: 9, language: 'english' });
      expect(bad.statusCode).toBe(400);
      expect((bad.json().error.details as { field: string }[]).map((d) => d.field).sort()).toEqual(['ack_key', 'language', 'repeat_count']);
      const missing = await req('PUT', '/api/org/voice', admin.headers, { voice: 'female' });
      expect(missing.statusCode).toBe(400);
      expect((await req('PUT', '/api/org/voice', responder.headers, base)).statusCode).toBe(403);
      expect((await req('GET', '/api/org/voice', admin.headers)).json().ack_key).toBe('3');
    });

    it('the ingest rate limit set here takes effect on ingest URLs and alert-ingest keys: 429 with Retry-After', async () => {
      const svc = await createService(t, tenant, 'rate-limited');
      // Warm the ingest caches at the default limit first.
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'warm' } })).statusCode).toBe(202);
      const keyed = { authorization: `Bearer ${tenant.ingestKey}` };
      expect((await t.app.inject({ method: 'POST', url: '/v1/alerts', headers: keyed, payload: { title: 'warm', service_id: svc.id } })).statusCode).toBe(202);

      const r = await req('PATCH', '/api/org/settings', admin.headers, { ingest_rate_per_minute: 3 });
      expect(r.statusCode).toBe(200);
      expect(r.json().ingest_rate_per_minute).toBe(3);

      for (const send of [
        () => t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'flood', event_key: 'flood' } }),
        () => t.app.inject({ method: 'POST', url: '/v1/alerts', headers: keyed, payload: { title: 'flood', event_key: 'flood', service_id: svc.id } }),
      ]) {
        const statuses: number[] = [];
        let limited;
        for (let i = 0; i < 10; i++) {
          const res = await send();
          statuses.push(res.statusCode);
          if (res.statusCode === 429) {
            limited = res;
            break;
          }
        }
        expect(limited, `statuses ${statuses.join(',')}`).toBeDefined();
        expect(statuses.length).toBeLessThanOrEqual(4);
        expect(limited!.json().error.code).toBe('rate_limited');
        expect(Number(limited!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      // Raising it again lets signals through after the bucket refills.
      await req('PATCH', '/api/org/settings', admin.headers, { ingest_rate_per_minute: 1200 });
      t.clock.advance(60_000);
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'after' } })).statusCode).toBe(202);
    });

    it('a vendor batch larger than a minute of the limit passes on a full bucket, and the next waits for the debt; other sources keep theirs', async () => {
      const svc = await createService(t, tenant, 'big-batch');
      const am = await connectVendor(t, tenant, { type: 'alertmanager', routingRules: [], fallbackServiceId: svc.id });
      const batch = (prefix: string, n: number) =>
        amBody(Array.from({ length: n }, (_, i) => amAlert('firing', { instance: `${prefix}-${i}` }, `${prefix}${String(i).padStart(16 - prefix.length, '0')}`)));
      // Warm the caches at the default limit, then lower it.
      expect((await t.app.inject({ method: 'POST', url: am, payload: batch('w', 1) })).statusCode).toBe(202);
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'warm' } })).statusCode).toBe(202);
      expect((await req('PATCH', '/api/org/settings', admin.headers, { ingest_rate_per_minute: 5 })).statusCode).toBe(200);
      t.clock.advance(60_000); // both buckets full at the new limit

      // Alertmanager does not retry a 4xx: a batch that can never fit would be lost every time.
      const outage = await t.app.inject({ method: 'POST', url: am, payload: batch('a', 8) });
      expect(outage.statusCode, outage.body).toBe(202);
      expect(outage.json().items).toHaveLength(8);
      // 3 items of debt: the next item waits for 4 tokens, 48 s at 5 a minute.
      const next = await t.app.inject({ method: 'POST', url: am, payload: batch('b', 1) });
      expect(next.statusCode).toBe(429);
      expect(next.headers['retry-after']).toBe('48');
      // The limit is per credential: the service's own ingest URL still has its minute.
      expect((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'sibling' } })).statusCode).toBe(202);
      t.clock.advance(48_000);
      expect((await t.app.inject({ method: 'POST', url: am, payload: batch('b', 1) })).statusCode).toBe(202);

      await req('PATCH', '/api/org/settings', admin.headers, { ingest_rate_per_minute: 1200 });
      t.clock.advance(60_000);
    });

    it('default urgency rules apply to ingested signals that give a priority but no urgency', async () => {
      const svc = await createService(t, tenant, 'urgency-rules');
      const send = async (payload: object) => {
        const r = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload });
        expect(r.statusCode).toBe(202);
        return (await t.app.inject({ method: 'GET', url: `/api/alerts/${r.json().alert_id}`, headers: tenant.headers })).json();
      };
      // Set earlier in this file: medium and low are low urgency here.
      expect((await send({ title: 'm', priority: 'medium' })).urgency).toBe('low');
      expect((await send({ title: 'c', priority: 'critical' })).urgency).toBe('high');
      expect((await send({ title: 'explicit', priority: 'medium', urgency: 'high' })).urgency).toBe('high');
      const keyed = await t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${tenant.ingestKey}` }, payload: { title: 'k', priority: 'low', service_id: svc.id } });
      expect((await t.app.inject({ method: 'GET', url: `/api/alerts/${keyed.json().alert_id}`, headers: tenant.headers })).json().urgency).toBe('low');
      const manual = await t.app.inject({ method: 'POST', url: '/api/alerts', headers: tenant.headers, payload: { service_id: svc.id, title: 'by hand', priority: 'medium' } });
      expect(manual.statusCode).toBe(200);
      expect(manual.json().urgency).toBe('low');
      // A change applies to the next signal.
      const all = { critical: 'high', high: 'high', medium: 'high', low: 'high', info: 'high' };
      expect((await req('PATCH', '/api/org/settings', admin.headers, { default_urgency_rules: all })).statusCode).toBe(200);
      expect((await send({ title: 'i', priority: 'info' })).urgency).toBe('high');
      // Another organization keeps the spec default.
      const other = await bootstrapTenant(t, 'Other');
      const osvc = await createService(t, other, 'x');
      const r = await t.app.inject({ method: 'POST', url: osvc.ingestPath, payload: { title: 'm', priority: 'medium' } });
      expect((await t.app.inject({ method: 'GET', url: `/api/alerts/${r.json().alert_id}`, headers: other.headers })).json().urgency).toBe('high');
    });
  });
}
