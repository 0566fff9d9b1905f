import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, signedIn, startSmtpCapture } from '../../helpers/people.ts';
import { createUserService } from '../../../src/modules/user/index.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: the "me" routes, email change by mailed code, consent, bootstrap`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      t = await buildTestApp({ dialect, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Klaxon <no-reply@klaxon.test>', KLAXON_SIGNUP: 'open' } });
      tenant = await bootstrapTenant(t);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

    it('GET /api/me shows the person (the bootstrap address counts as verified), role, memberships and the default alert sound', async () => {
      const r = await call('GET', '/api/me', tenant.headers);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({
        user: { id: tenant.userId, email_verified: true, totp_enabled: false },
        org: { id: tenant.orgId }, role: 'owner',
        alert_sound: { sounds: { high: 'klaxon', low: 'chime' }, critical_alerts: true },
      });
    });

    it('PATCH /api/me sets the sound per urgency and critical alerts; bad values are 400; an observer is 403', async () => {
      const r = await call('PATCH', '/api/me', tenant.headers, { sounds: { low: 'ping' }, critical_alerts: false });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().alert_sound).toEqual({ sounds: { high: 'klaxon', low: 'ping' }, critical_alerts: false });
      expect((await call('GET', '/api/me', tenant.headers)).json().alert_sound.sounds.low).toBe('ping');
      const bad = await call('PATCH', '/api/me', tenant.headers, { sounds: { high: 'Not A Sound!' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details[0].field).toBe('sounds.high');
      expect((await call('PATCH', '/api/me', tenant.headers, { critical_alerts: 'yes' })).statusCode).toBe(400);
      const observer = await addMember(t, tenant, 'observer');
      expect((await call('PATCH', '/api/me', observer.headers, { critical_alerts: true })).statusCode).toBe(403);
      const audit = await t.container.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.alert_sound_update').execute();
      expect(audit).toHaveLength(1);
    });

    it('PATCH /api/me {name} sets your name (issue 34 item 5): GET /api/me, the member list and the timeline show it; "" falls back to the email', async () => {
      const person = await addMember(t, tenant, 'responder', { email: 'ada.named@example.com' });
      await t.container.db.updateTable('users').set({ name: '' }).where('id', '=', person.userId).execute();
      const r = await call('PATCH', '/api/me', person.headers, { name: '  Ada Lovelace ' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().user.name).toBe('Ada Lovelace');
      expect((await call('GET', '/api/me', person.headers)).json().user.name).toBe('Ada Lovelace');
      const members = (await call('GET', '/api/org/members', tenant.headers)).json() as { user_id: string; name: string }[];
      expect(members.find((m) => m.user_id === person.userId)?.name).toBe('Ada Lovelace');
      // The alert's timeline names whoever acknowledged by the name they set.
      const svc = await createService(t, tenant);
      const alertId = (await t.app.inject({ method: 'POST', url: '/v1/alerts', headers: { authorization: `Bearer ${tenant.ingestKey}` }, payload: { service_id: svc.id, title: 'Disk full' } })).json().alert_id as string;
      await t.container.runner.drain();
      expect((await call('PUT', `/api/alerts/${alertId}/ack`, person.headers)).statusCode).toBe(200);
      const timeline = (await call('GET', `/api/alerts/${alertId}/timeline`, tenant.headers)).json() as { kind: string; message: string }[];
      expect(timeline.find((e) => e.kind === 'acknowledged')?.message).toMatch(/Ada Lovelace/);
      expect(JSON.stringify(timeline)).not.toContain('ada.named@example.com');
      const audit = await t.container.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.update').where('target_id', '=', person.userId).execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.changes)).toEqual({ name: { from: '', to: 'Ada Lovelace' } });
      // Bad names are a 400 naming the field; nothing changes.
      for (const name of ['Ada\nLovelace', 'x'.repeat(201)]) {
        const bad = await call('PATCH', '/api/me', person.headers, { name });
        expect(bad.statusCode, name).toBe(400);
        expect(bad.json().error.details[0].field).toBe('name');
      }
      expect((await call('PATCH', '/api/me', person.headers, { name: 42 })).statusCode).toBe(400);
      // Only the sound changes when only the sound is sent; "" clears the name (shown by email).
      expect((await call('PATCH', '/api/me', person.headers, { critical_alerts: false })).json().user.name).toBe('Ada Lovelace');
      expect((await call('PATCH', '/api/me', person.headers, { name: '' })).json().user.name).toBe('');
    });

    it('email change: a six-digit code is mailed over SMTP; the right code switches the sign-in email', async () => {
      const m = await addMember(t, tenant, 'responder');
      const mh = (await signedIn(t, m.userId, tenant.orgId)).headers;
      const newEmail = `new-${Math.random().toString(36).slice(2, 8)}@example.org`;
      const r = await call('POST', '/api/me/email', mh, { email: newEmail.toUpperCase() });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ email: newEmail, attempts_allowed: 5 });
      const mail = smtp.mails.at(-1)!;
      expect(mail.to).toEqual([newEmail]);
      expect(mail.from).toBe('no-reply@klaxon.test');
      const code = codeOf(mail.text);
      expect(r.body).not.toContain(code);
      const wrong = code === '000000' ? '000001' : '000000';
      const w = await call('POST', '/api/me/email/verify', mh, { code: wrong });
      expect(w.statusCode).toBe(400);
      expect(w.json().error.message).toMatch(/4 attempt\(s\) left/);
      expect((await call('POST', '/api/me/email/verify', mh, { code: '12345' })).statusCode).toBe(400);
      const ok = await call('POST', '/api/me/email/verify', mh, { code });
      expect(ok.statusCode, ok.body).toBe(200);
      // Every other credential ends with the change (issue 33 item 3): here the member's key.
      expect(ok.json()).toEqual({ email: newEmail, email_verified: true, ended: { sessions: 0, agent_tokens: 0, api_keys: 1, devices: 0 } });
      expect((await call('GET', '/api/me', mh)).json().user).toMatchObject({ email: newEmail, email_verified: true });
      expect((await call('GET', '/api/me', m.headers)).statusCode).toBe(401);
      expect((await call('POST', '/api/me/email/verify', mh, { code })).statusCode).toBe(404);
      const audit = await t.container.db.selectFrom('audit_log').selectAll().where('actor_id', '=', m.userId).execute();
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['user.email_change_request', 'user.email_change']));
      expect(JSON.stringify(audit)).not.toContain(code);
      expect(t.logs.join('\n')).not.toContain(code);
    });

    it('email change: codes expire after 15 minutes and die after 5 wrong attempts; a taken address is 409', async () => {
      const m = await addMember(t, tenant, 'responder');
      let mh = (await signedIn(t, m.userId, tenant.orgId)).headers;
      expect((await call('POST', '/api/me/email', mh, { email: `owner-x@example.com` })).statusCode).toBe(200);
      t.clock.advance(15 * 60 * 1000 + 1);
      const code = codeOf(smtp.mails.at(-1)!.text);
      const expired = await call('POST', '/api/me/email/verify', mh, { code });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.message).toMatch(/expired/);

      // Past ten minutes the session must prove itself again for a new request: a fresh one here.
      mh = (await signedIn(t, m.userId, tenant.orgId)).headers;
      await call('POST', '/api/me/email', mh, { email: `again-${m.userId.slice(-6)}@example.com` });
      const good = codeOf(smtp.mails.at(-1)!.text);
      const bad = good === '999999' ? '999998' : '999999';
      for (let i = 0; i < 5; i++) expect((await call('POST', '/api/me/email/verify', mh, { code: bad })).statusCode).toBe(400);
      expect((await call('POST', '/api/me/email/verify', mh, { code: good })).statusCode).toBe(404);

      const other = await addMember(t, tenant, 'observer');
      expect((await call('POST', '/api/me/email', mh, { email: other.email })).statusCode).toBe(409);
      expect((await call('POST', '/api/me/email', mh, { email: 'not-an-email' })).statusCode).toBe(400);
    });

    it('parallel wrong guesses cannot overrun the attempt limit', async () => {
      const m = await addMember(t, tenant, 'responder');
      const mh = (await signedIn(t, m.userId, tenant.orgId)).headers;
      expect((await call('POST', '/api/me/email', mh, { email: `race-${m.userId.slice(-6)}@example.com` })).statusCode).toBe(200);
      const good = codeOf(smtp.mails.at(-1)!.text);
      const wrong = Array.from({ length: 20 }, (_, i) => String((Number(good) + 1 + i) % 1_000_000).padStart(6, '0'));
      const results = await Promise.all(wrong.map((code) => call('POST', '/api/me/email/verify', mh, { code })));
      expect(results.map((r) => r.statusCode).filter((s) => s !== 400 && s !== 404)).toEqual([]);
      const row = await t.container.db.selectFrom('email_changes').selectAll().where('user_id', '=', m.userId).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(5);
      expect((await call('POST', '/api/me/email/verify', mh, { code: good })).statusCode).not.toBe(200);
    });

    it('consent is recorded with kind, version, time and IP; bootstrap shows the latest', async () => {
      const r = await call('POST', '/api/agreements/consent', tenant.headers, { kind: 'terms', version: '2026-01' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ kind: 'terms', version: '2026-01', accepted_at: t.clock.now().toISOString(), ip: '127.0.0.1' });
      expect((await call('POST', '/api/agreements/consent', tenant.headers, { kind: 'cookies', version: '1' })).statusCode).toBe(400);
      const row = await t.container.db.selectFrom('agreement_consents').selectAll().where('id', '=', r.json().id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: tenant.userId, kind: 'terms', version: '2026-01', ip: '127.0.0.1' });
      const audit = await t.container.db.selectFrom('audit_log').selectAll().where('action', '=', 'agreement.consent').execute();
      expect(audit[0]).toMatchObject({ org_id: tenant.orgId, target_id: r.json().id, ip: '127.0.0.1' });

      const b = await call('POST', '/api/bootstrap', tenant.headers, { platform: 'ios', app_version: '3.2.1', time_zone: 'Europe/Berlin', locale: 'de-DE' });
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json()).toMatchObject({
        me: { user: { id: tenant.userId }, role: 'owner', memberships: [{ org_id: tenant.orgId, role: 'owner' }] },
        org: { id: tenant.orgId, settings: { time_zone: 'UTC', ingest_rate_per_minute: 1200 } },
        agreements: [{ kind: 'terms', version: '2026-01' }],
        client: { platform: 'ios', app_version: '3.2.1', time_zone: 'Europe/Berlin', locale: 'de-DE' },
        server_time: t.clock.now().toISOString(),
      });
      expect((await call('POST', '/api/bootstrap', tenant.headers, { platform: 'ios', app_version: '1', time_zone: 'Mars/Olympus', locale: 'en' })).json().error.details[0].field).toBe('time_zone');
      expect((await call('POST', '/api/bootstrap', tenant.headers, { platform: 'beos', app_version: '1', time_zone: 'UTC', locale: 'en' })).statusCode).toBe(400);
    });

    it('bootstrap takes plan, entitlements and settings from the modules wired in', async () => {
      // As wired in the container: billing's plan and limits, and the organization's settings.
      const wired = (await call('POST', '/api/bootstrap', tenant.headers, { platform: 'web', app_version: '1', time_zone: 'UTC', locale: 'en' })).json();
      expect(wired).toMatchObject({ plan: 'free', entitlements: { seats: null, sms: null, voice_minutes: null, billing_enabled: false } });
      expect(wired.org.settings).toMatchObject({ time_zone: 'UTC', ingest_rate_per_minute: 1200, retention_days: expect.any(Number) });
      const users = createUserService({
        db: t.container.db, clock: t.clock,
        planOf: async (orgId) => (orgId === tenant.orgId ? { plan: 'team', entitlements: { voice: true, seats: 10 } } : undefined),
        settingsOf: async () => ({ quiet_hours: null }),
      });
      const actor = { type: 'user' as const, id: tenant.userId, orgId: tenant.orgId, role: 'owner' as const, credentialId: 'key_x', audience: 'D' as const };
      const r = await users.bootstrap(actor, { platform: 'web', app_version: '1', time_zone: 'UTC', locale: 'en' });
      expect(r).toMatchObject({ plan: 'team', entitlements: { voice: true, seats: 10 }, org: { settings: { time_zone: 'UTC', quiet_hours: null } } });
      const plain = await createUserService({ db: t.container.db, clock: t.clock }).bootstrap(actor, { platform: 'web', app_version: '1', time_zone: 'UTC', locale: 'en' });
      expect(plain).toMatchObject({ plan: null, entitlements: null });
    });

    it('bootstrap from a mobile session records the client on the session', async () => {
      const up = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email: `m-${Math.random().toString(36).slice(2)}@example.com`, password: 'long enough pw', org_name: 'M', client: 'mobile' } });
      const s = up.json();
      const h = { authorization: `Bearer ${s.token}`, 'x-service-org': s.memberships[0].org_id };
      expect((await call('POST', '/api/bootstrap', h, { platform: 'android', app_version: '9.0', time_zone: 'UTC', locale: 'en-GB' })).statusCode).toBe(200);
      const list = (await call('GET', '/api/me/sessions', h)).json();
      expect(list[0].client).toEqual({ platform: 'android', app_version: '9.0', time_zone: 'UTC', locale: 'en-GB' });
    });

    it('DELETE /api/me deletes the account and its keys; the only owner of a shared organization is refused', async () => {
      const m = await addMember(t, tenant, 'observer');
      expect((await call('DELETE', '/api/me', (await signedIn(t, m.userId, tenant.orgId)).headers)).statusCode).toBe(200);
      expect(await t.container.db.selectFrom('users').select('id').where('id', '=', m.userId).executeTakeFirst()).toBeUndefined();
      expect((await call('GET', '/api/me', m.headers)).statusCode).toBe(401);
      const refused = await call('DELETE', '/api/me', (await signedIn(t, tenant.userId, tenant.orgId)).headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/last owner/);
    });
  });

  describe(`${dialect}: mail without SMTP_URL`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
    });
    afterAll(async () => t?.close());

    it('an email change says mail is not configured (503) instead of dropping the code', async () => {
      const tenant = await bootstrapTenant(t);
      const r = await t.app.inject({ method: 'POST', url: '/api/me/email', headers: (await signedIn(t, tenant.userId, tenant.orgId)).headers, payload: { email: 'x@example.org' } });
      expect(r.statusCode).toBe(503);
      expect(r.json().error.message).toMatch(/SMTP_URL/);
      expect(await t.container.db.selectFrom('email_changes').selectAll().execute()).toHaveLength(0);
    });
  });
}
