import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { apnsToken } from '../../helpers/fakes/push-keys.ts';
import { decrypt } from '../../helpers/fakes/webpush.ts';
import { MINUTE } from '../../helpers/paging.ts';
import { createPushHarness } from '../../helpers/push.ts';

/**
 * The log-secrets promise for push and email delivery (issue 22; the same check as
 * orgs/no-secrets.test.ts, in its own file so the SMS half can extend that one without clashing):
 * provider secrets (the APNs key, the FCM service account's key and access tokens, the VAPID
 * private key, provider JWTs), push tokens and subscriptions, and every action token are looked
 * for in every log line, the audit log, every timeline and every device answer, after pages that
 * were sent, refused, retried and acknowledged from the page. Timelines name a device by its
 * token's last four characters only.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: push and email delivery leak no secret`, () => {
    let p: Awaited<ReturnType<typeof createPushHarness>>;
    const secrets: { name: string; value: string }[] = [];
    const alertIds: string[] = [];
    const answers: string[] = [];

    beforeAll(async () => {
      p = await createPushHarness(dialect);
      const { h, apns, fcm, push } = p;
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 10, onCall: ['ada', 'bob', 'cy'] }] });
      h.schedules.bind(h.service.id, 'sch_main');
      const pemLines = (pem: string) => pem.split('\n').filter((l) => l.length >= 40);
      for (const [name, pem] of [['APNs key', p.keys.apnsKey], ['FCM key', p.keys.fcmKey]] as const) {
        secrets.push({ name, value: pem }, ...pemLines(pem).map((value) => ({ name: `${name} line`, value })));
      }
      secrets.push({ name: 'VAPID private key', value: p.keys.vapidPrivate });

      const sub = push.subscription('cy-browser');
      const devices: [string, Record<string, unknown>][] = [
        ['ada', { platform: 'ios', push_token: apnsToken('ada'), name: 'iPhone', critical_alerts_permitted: true }],
        ['ada', { platform: 'ios', push_token: apnsToken('ada-old'), name: 'old iPhone' }],
        ['bob', { platform: 'android', push_token: 'fcm-registration-token-of-bob-0123456789', name: 'Pixel' }],
        ['cy', { platform: 'web', push_token: JSON.stringify({ endpoint: sub.endpoint, keys: sub.keys }), name: 'Firefox' }],
      ];
      for (const [who, body] of devices) {
        const res = await h.api('POST', '/api/devices', body, who);
        expect(res.status).toBe(200);
        answers.push(JSON.stringify(res.body));
      }
      secrets.push(
        { name: 'APNs token', value: apnsToken('ada') }, { name: 'APNs token', value: apnsToken('ada-old') },
        { name: 'FCM token', value: 'fcm-registration-token-of-bob-0123456789' },
        { name: 'subscription endpoint', value: sub.endpoint }, { name: 'p256dh', value: sub.keys.p256dh }, { name: 'auth secret', value: sub.keys.auth },
      );

      // Sent, refused for good (410 Unregistered), retried (503), and to every kind of device.
      apns.unregister(apnsToken('ada-old'));
      fcm.failNext({ status: 503, errorCode: 'UNAVAILABLE' });
      alertIds.push(await h.trigger({ title: 'DB down', priority: 'critical' }));
      await h.advance(MINUTE);
      h.inbox().splice(0);
      // A second alert: Web Push answers 410, FCM says the token is not valid.
      push.expire(sub.endpoint);
      fcm.failNext({ status: 400, errorCode: 'INVALID_ARGUMENT', fieldViolation: 'message.token' });
      alertIds.push(await h.trigger({ title: 'Queue stuck', priority: 'high', event_key: 'q' }));
      // An email page, its link opened, used, and used again.
      alertIds.push(await h.trigger({ title: 'Disk full', priority: 'info', event_key: 'disk' }));
      h.inbox().splice(0);

      const tokens = new Set<string>();
      for (const r of apns.requests) {
        tokens.add(r.payload.action_token);
        secrets.push({ name: 'APNs provider token', value: r.jwt });
      }
      for (const s of fcm.sends) {
        if (s.message.data?.action_token) tokens.add(s.message.data.action_token);
        secrets.push({ name: 'FCM access token', value: s.accessToken });
      }
      for (const m of push.messages) tokens.add(JSON.parse(decrypt(sub, m.body)).action_token);
      for (const mail of h.smtp.mails) tokens.add(/\/v1\/page-actions\/(kxk_[A-Za-z0-9_-]+)/.exec(mail.raw.replace(/=\r?\n/g, ''))![1]!);
      for (const tok of tokens) secrets.push({ name: 'action token', value: tok });
      expect(tokens.size).toBeGreaterThanOrEqual(5);

      const pushToken = [...tokens][0]!;
      for (let i = 0; i < 2; i++) answers.push((await h.t.app.inject({ method: 'POST', url: `/v1/page-actions/${pushToken}` })).body);
      const mailToken = [...tokens].at(-1)!;
      answers.push((await h.t.app.inject({ method: 'GET', url: `/v1/page-actions/${mailToken}` })).body);
      for (let i = 0; i < 2; i++) {
        answers.push((await h.t.app.inject({ method: 'POST', url: `/v1/page-actions/${mailToken}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })).body);
      }
      answers.push((await h.t.app.inject({ method: 'POST', url: `/v1/page-actions/${pushToken.slice(0, -2)}xy` })).body);
      await h.settle();
      for (const who of ['ada', 'bob', 'cy']) answers.push(JSON.stringify((await h.api('GET', '/api/devices', undefined, who)).body));
      for (const id of alertIds) await h.api('PUT', `/api/alerts/${id}/ack`);
    });
    afterAll(async () => p?.close());

    const leaks = (text: string) => [...new Set(secrets.filter((s) => text.includes(s.value)).map((s) => s.name))];

    it('made the secrets it looks for, and the failures it meant to', async () => {
      expect(secrets.every((s) => s.value.length >= 20)).toBe(true);
      const kinds = new Set((await p.h.t.container.db.selectFrom('alert_log').select('kind').execute()).map((r) => r.kind));
      for (const k of ['page_sent', 'page_retry', 'page_failed', 'device_disabled', 'acknowledged_via']) expect(kinds, k).toContain(k);
    });

    it('no log line carries a provider secret, a push token or an action token', () => {
      const logs = p.h.t.logs.join('\n');
      expect(p.h.t.logs.some((l) => l.includes('/v1/page-actions/'))).toBe(true);
      expect(leaks(logs)).toEqual([]);
    });

    it('timelines, the audit log, device answers and action answers show none; a device is named by its token hint', async () => {
      const { h } = p;
      const timelines = [];
      const messages = [];
      for (const id of alertIds) {
        const res = await h.api('GET', `/api/alerts/${id}/timeline?limit=500`);
        expect(res.status).toBe(200);
        timelines.push(JSON.stringify(res.body));
        messages.push(...(res.body as { message: string }[]).map((e) => e.message));
      }
      expect(leaks(timelines.join('\n'))).toEqual([]);
      expect(messages.join('\n')).toMatch(/device "old iPhone" \(token …[0-9a-f]{4}\) disabled/);
      const audit = await h.t.container.db.selectFrom('audit_log').selectAll().execute();
      expect(leaks(JSON.stringify(audit))).toEqual([]);
      expect(leaks(answers.join('\n'))).toEqual([]);
      // Stored rows: tokens hashed or sealed, never in the clear.
      const stored = JSON.stringify([
        await h.t.container.db.selectFrom('page_actions').selectAll().execute(),
        await h.t.container.db.selectFrom('devices').selectAll().execute(),
        await h.t.container.db.selectFrom('notifications').selectAll().execute(),
      ]);
      expect(leaks(stored)).toEqual([]);
    });
  });
}
