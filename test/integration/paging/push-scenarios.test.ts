import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_STYLE } from '../../../src/modules/page-action/index.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { apnsToken } from '../../helpers/fakes/push-keys.ts';
import { decrypt } from '../../helpers/fakes/webpush.ts';
import { type Harness, MINUTE } from '../../helpers/paging.ts';
import { createPushHarness } from '../../helpers/push.ts';

// Push and email delivery scenarios (issue 22; PRODUCT.md 7.2–7.4): the engine pages through the
// push provider the container builds from APNS_*, FCM_* and VAPID_* into fakes that speak each
// protocol on loopback, and email through SMTP; a page is acknowledged from the page itself.

for (const dialect of DIALECTS) {
  describe(`${dialect}: push and email delivery`, () => {
    let h: Harness;
    const closers: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const c of closers.splice(0).reverse()) await c();
    });

    async function setup() {
      const p = await createPushHarness(dialect);
      closers.push(() => p.close());
      h = p.h;
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 10, onCall: ['ada', 'bob'] }, { timeoutMinutes: 10, onCall: ['cy'] }] });
      h.schedules.bind(h.service.id, 'sch_main');
      return p;
    }
    const register = async (who: string, body: Record<string, unknown>) => {
      const res = await h.api('POST', '/api/devices', body, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { id: string };
    };
    const alertOf = async (id: string) => (await h.api('GET', `/api/alerts/${id}`)).body;

    it('high urgency on iOS: critical where Critical Alerts are permitted, time-sensitive where not; Android is high priority', async () => {
      const { apns, fcm } = await setup();
      await register('ada', { platform: 'ios', push_token: apnsToken('ada'), name: 'iPhone', critical_alerts_permitted: true });
      await register('bob', { platform: 'ios', push_token: apnsToken('bob'), name: 'iPhone' });
      await register('bob', { platform: 'android', push_token: 'fcm-registration-token-bob', name: 'Pixel' });
      const id = await h.trigger({ title: 'DB down', priority: 'critical' });
      const byToken = new Map(apns.requests.map((r) => [r.deviceToken, r]));
      expect(apns.requests).toHaveLength(2);
      expect(byToken.get(apnsToken('ada'))!.payload.aps).toMatchObject({ 'interruption-level': 'critical', sound: { critical: 1, name: 'klaxon.caf', volume: 1 }, category: 'ALERT' });
      expect(byToken.get(apnsToken('bob'))!.payload.aps).toMatchObject({ 'interruption-level': 'time-sensitive', sound: 'default' });
      for (const r of apns.requests) expect(r.headers['apns-collapse-id']).toBe(id);
      expect(fcm.sends).toHaveLength(1);
      expect(fcm.sends[0]!.message.android).toMatchObject({ priority: 'HIGH', collapse_key: id, notification: { channel_id: 'klaxon_critical' } });
      const sent = (await h.timeline(id)).filter((e) => e.kind === 'page_sent').map((e) => e.message);
      expect(sent.toSorted()).toEqual(['push page to Ada sent', 'push page to Bob sent']);

      // Low urgency is neither critical nor high priority.
      await h.trigger({ title: 'Slow', priority: 'medium', urgency: 'low', event_key: 'slow' });
      h.expect(['email ada: Slow', 'email bob: Slow']);
      const low = apns.requests.slice(2);
      expect(low.map((r) => r.payload.aps['interruption-level'])).toEqual(['active', 'active']);
      expect(fcm.sends[1]!.message.android.priority).toBe('NORMAL');
      await h.advance(MINUTE);
      h.expect(['sms ada: DB down', 'sms bob: DB down']);
      await h.api('PUT', `/api/alerts/${id}/ack`, undefined, 'ada');
    });

    it('a push action token acknowledges once, as the paged person, and is refused again; an unknown or expired token is refused', async () => {
      const { apns } = await setup();
      await register('ada', { platform: 'ios', push_token: apnsToken('ada'), critical_alerts_permitted: true });
      const id = await h.trigger({ title: 'API 500s', priority: 'high' });
      const token = apns.requests[0]!.payload.action_token as string;
      expect(token).toMatch(/^kxk_[A-Za-z0-9_-]{43}$/);
      expect(apns.requests[0]!.payload.ack_url).toBe(`http://klaxon.test/v1/page-actions/${token}`);
      const first = await h.t.app.inject({ method: 'POST', url: `/v1/page-actions/${token}`, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ ok: true, alert_id: id, status: 'acknowledged', changed: true, via: 'push' });
      await h.settle();
      const alert = await alertOf(id);
      expect(alert.status).toBe('acknowledged');
      expect(alert.acknowledged_by).toBe(h.people.ada!.userId);
      const again = await h.t.app.inject({ method: 'POST', url: `/v1/page-actions/${token}` });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toMatch(/already used/);
      const tl = await h.timeline(id);
      expect(tl.map((e) => e.message)).toContain('Ada acknowledged from a push notification');
      expect(tl.map((e) => e.message)).toContain('Acknowledged by Ada');
      // Every pending step stopped: nothing more is sent.
      await h.advance(30 * MINUTE);
      h.expect([]);
      expect(apns.requests).toHaveLength(1);

      expect((await h.t.app.inject({ method: 'POST', url: `/v1/page-actions/kxk_${'A'.repeat(43)}` })).statusCode).toBe(404);
      expect((await h.t.app.inject({ method: 'POST', url: '/v1/page-actions/nonsense' })).statusCode).toBe(404);
      const id2 = await h.trigger({ title: 'Queue stuck', priority: 'high', event_key: 'q' });
      const late = apns.requests.at(-1)!.payload.action_token as string;
      await h.api('PUT', `/api/alerts/${id2}/ack`, undefined, 'bob');
      h.t.clock.advance(6 * 60 * MINUTE + 1);
      const expired = await h.t.app.inject({ method: 'POST', url: `/v1/page-actions/${late}` });
      expect(expired.statusCode).toBe(409);
      expect(expired.json().error.message).toMatch(/expired/);
    });

    it('an email link opens a confirmation page: GET changes nothing, only the POST of its button acknowledges, once', async () => {
      await setup();
      const id = await h.trigger({ title: 'Disk full', priority: 'info' });
      h.expect(['email ada: Disk full', 'email bob: Disk full']);
      const mail = h.smtp.mails.find((m) => m.to[0] === 'ada@example.com')!;
      const link = /Acknowledge: (http:\/\/klaxon\.test(\/v1\/page-actions\/kxk_[A-Za-z0-9_-]+))/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[2];
      expect(link).toBeDefined();
      // A mail scanner follows the link, twice: nothing happens.
      for (let i = 0; i < 2; i++) {
        const page = await h.t.app.inject({ method: 'GET', url: link! });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toContain('<form method="post"');
        expect(page.body).toContain('Disk full');
        // Never framed, no script (issue 33 item 8).
        expect(page.headers['x-frame-options']).toBe('DENY');
        expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; .*frame-ancestors 'none'$/);
      }
      expect((await alertOf(id)).status).toBe('open');
      // The button: an empty form post.
      const post = await h.t.app.inject({ method: 'POST', url: link!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(post.statusCode, post.body).toBe(200);
      expect(post.headers['content-type']).toMatch(/^text\/html/);
      expect(post.body).toContain('Acknowledged');
      await h.settle();
      expect((await alertOf(id)).status).toBe('acknowledged');
      expect((await h.timeline(id)).map((e) => e.message)).toContain('Ada acknowledged from the email link');
      const used = await h.t.app.inject({ method: 'GET', url: link! });
      expect(used.statusCode).toBe(409);
      expect(used.body).toContain('already used');
      expect((await h.t.app.inject({ method: 'POST', url: link!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })).statusCode).toBe(409);
      // Bob's link still works, and says the alert is already acknowledged.
      const bobMail = h.smtp.mails.find((m) => m.to[0] === 'bob@example.com')!;
      const bobLink = /Acknowledge: http:\/\/klaxon\.test(\/v1\/page-actions\/kxk_[A-Za-z0-9_-]+)/.exec(bobMail.raw.replace(/=\r?\n/g, ''))![1]!;
      const bob = await h.t.app.inject({ method: 'POST', url: bobLink });
      expect(bob.json()).toEqual({ ok: true, alert_id: id, status: 'acknowledged', changed: false, via: 'email' });
      await h.advance(30 * MINUTE);
      h.expect([]);
    });

    it('an email link for an alert already resolved (or acknowledged) says so instead of asking, on a page styled like the dashboard (issue 34 item 7)', async () => {
      await setup();
      const id = await h.trigger({ title: 'Disk full', priority: 'info', event_key: 'disk' });
      h.expect(['email ada: Disk full', 'email bob: Disk full']);
      const linkOf = (to: string) => /Acknowledge: http:\/\/klaxon\.test(\/v1\/page-actions\/kxk_[A-Za-z0-9_-]+)/.exec(h.smtp.mails.find((m) => m.to[0] === to)!.raw.replace(/=\r?\n/g, ''))![1]!;
      // Asking, while the alert is open: the dashboard's look (its card and primary button), one <style> and no style attribute.
      const asking = await h.t.app.inject({ method: 'GET', url: linkOf('ada@example.com') });
      expect(asking.statusCode).toBe(200);
      expect(asking.body).toContain('<form method="post"><button type="submit" class="button primary">Acknowledge</button></form>');
      expect(asking.body).toContain('class="card"');
      expect(asking.body).toContain('--accent:#1d4ed8');
      expect(asking.body.match(/<style>/g)).toHaveLength(1);
      expect(asking.body).not.toMatch(/ style=/);
      // That <style> is the module's PAGE_STYLE, which a strict CSP allows by its hash.
      expect(/<style>([^<]*)<\/style>/.exec(asking.body)![1]).toBe(PAGE_STYLE);
      // The source resolves it: the link says so, offers no button, and points at the alert.
      const res = await h.t.app.inject({ method: 'POST', url: h.service.ingestPath, payload: { action: 'resolve', event_key: 'disk' } });
      expect(res.statusCode).toBe(202);
      await h.settle();
      const resolved = await h.t.app.inject({ method: 'GET', url: linkOf('ada@example.com') });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.body).toContain('Nothing to acknowledge: this alert is already resolved.');
      expect(resolved.body).not.toContain('<form');
      expect(resolved.body).toContain(`href="http://klaxon.test/alerts/${id}"`);
      expect((await alertOf(id)).status).toBe('resolved');

      const id2 = await h.trigger({ title: 'Queue stuck', priority: 'info', event_key: 'queue' });
      h.expect(['email ada: Queue stuck', 'email bob: Queue stuck']);
      expect((await h.api('PUT', `/api/alerts/${id2}/ack`, undefined, 'ada')).status).toBe(200);
      const bobLink = /Acknowledge: http:\/\/klaxon\.test(\/v1\/page-actions\/kxk_[A-Za-z0-9_-]+)/.exec(h.smtp.mails.filter((m) => m.to[0] === 'bob@example.com').at(-1)!.raw.replace(/=\r?\n/g, ''))![1]!;
      const acked = await h.t.app.inject({ method: 'GET', url: bobLink });
      expect(acked.statusCode).toBe(200);
      expect(acked.body).toContain('Nothing to acknowledge: Ada already acknowledged this alert.');
      expect(acked.body).not.toContain('<form');
    });

    it('a permanent error disables the device with its reason shown to its owner and in the timeline; the next step still goes out', async () => {
      const { apns, fcm } = await setup();
      const dev = await register('ada', { platform: 'ios', push_token: apnsToken('ada'), name: 'iPhone', critical_alerts_permitted: true });
      await register('bob', { platform: 'android', push_token: 'fcm-registration-token-bob', name: 'Pixel' });
      apns.unregister(apnsToken('ada'));
      fcm.unregister('fcm-registration-token-bob');
      const id = await h.trigger({ title: 'DB down', priority: 'critical' });
      const devices = (await h.api('GET', '/api/devices', undefined, 'ada')).body as { id: string; disabled_at: string | null; disabled_reason: string | null }[];
      expect(devices.find((d) => d.id === dev.id)).toMatchObject({ disabled_at: h.t.clock.now().toISOString(), disabled_reason: expect.stringContaining('APNs 410 Unregistered') });
      const bobs = (await h.api('GET', '/api/devices', undefined, 'bob')).body as { disabled_reason: string | null }[];
      expect(bobs[0]!.disabled_reason).toContain('FCM 404 UNREGISTERED');
      const tl = await h.timeline(id);
      const disabled = tl.filter((e) => e.kind === 'device_disabled').map((e) => e.message);
      expect(disabled.toSorted()).toEqual([
        expect.stringMatching(/^Ada's ios device "iPhone" \(token …[0-9a-f]{4}\) disabled: APNs 410 Unregistered/),
        expect.stringMatching(/^Bob's android device "Pixel" \(token …-bob\) disabled: FCM 404 UNREGISTERED/),
      ]);
      expect(tl.filter((e) => e.kind === 'page_failed')).toHaveLength(2);
      // The sms step still goes out at 60 s, and the disabled device is not paged again.
      await h.advance(MINUTE);
      h.expect(['sms ada: DB down', 'sms bob: DB down']);
      await h.advance(9 * MINUTE);
      h.expect(['voice ada: DB down', 'voice bob: DB down']);
      const before = apns.requests.length;
      await h.trigger({ title: 'Other', priority: 'critical', event_key: 'other' });
      expect(apns.requests).toHaveLength(before);
      const again = await h.timeline((await h.api('GET', '/api/alerts?status=any')).body.find((a: { title: string }) => a.title === 'Other').id);
      expect(again.map((e) => e.message)).toContain('push page to Ada failed: Ada has no device registered');
      // Registering the token again (a reinstall) turns the device back on.
      apns.failNext({ status: 200 });
      const back = await register('ada', { platform: 'ios', push_token: apnsToken('ada') });
      expect((await h.api('GET', '/api/devices', undefined, 'ada')).body.find((d: { id: string }) => d.id === back.id)).toMatchObject({ disabled_at: null, disabled_reason: null });
      await h.api('PUT', `/api/alerts/${id}/ack`, undefined, 'ada');
      await h.advance(MINUTE);
      h.expect(['sms ada: Other', 'sms bob: Other']);
      for (const a of (await h.api('GET', '/api/alerts')).body as { id: string }[]) await h.api('PUT', `/api/alerts/${a.id}/ack`, undefined, 'ada');
    });

    it('temporary errors retry with backoff (Retry-After honoured), then the page fails and the next step still goes out', async () => {
      const { apns } = await setup();
      await register('ada', { platform: 'ios', push_token: apnsToken('ada'), critical_alerts_permitted: true });
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 10, onCall: ['ada'] }] });
      apns.failNext({ status: 503, reason: 'ServiceUnavailable' }, { status: 429, reason: 'TooManyRequests', retryAfter: '90' }, { status: 500, reason: 'InternalServerError' });
      const id = await h.trigger({ title: 'Flaky', priority: 'critical' });
      expect(apns.requests).toHaveLength(1);
      const retry = (await h.timeline(id)).filter((e) => e.kind === 'page_retry').map((e) => e.message);
      expect(retry).toEqual(['push page to Ada not delivered yet: APNs 503 ServiceUnavailable; trying again']);
      // The second attempt after 15 s (the harness acts at whole minutes: at 60 s) meets a 429 with
      // Retry-After 90 s: not tried again at 120 s, but at 180 s, the third and last attempt.
      await h.advance(MINUTE);
      h.expect(['sms ada: Flaky']);
      expect(apns.requests).toHaveLength(2);
      await h.advance(MINUTE);
      h.expect(['voice ada: Flaky']);
      expect(apns.requests).toHaveLength(2);
      await h.advance(MINUTE);
      expect(apns.requests).toHaveLength(3);
      const tl = await h.timeline(id);
      expect(tl.filter((e) => e.kind === 'page_retry').map((e) => e.message)).toEqual([
        'push page to Ada not delivered yet: APNs 503 ServiceUnavailable; trying again',
        'push page to Ada not delivered yet: APNs 429 TooManyRequests; trying again',
      ]);
      expect(tl.find((e) => e.kind === 'page_failed')?.message).toBe('push page to Ada failed: APNs 500 InternalServerError (gave up after 3 attempts)');
      // Temporary errors never disable the device.
      expect(((await h.api('GET', '/api/devices', undefined, 'ada')).body as { disabled_at: string | null }[])[0]!.disabled_at).toBeNull();
      await h.api('PUT', `/api/alerts/${id}/ack`, undefined, 'ada');
    });

    it('a browser subscribed to Web Push gets the page encrypted for it, with Topic per alert and the action token', async () => {
      const { push } = await setup();
      const sub = push.subscription('ada-browser');
      await register('ada', { platform: 'web', push_token: JSON.stringify({ endpoint: sub.endpoint, keys: sub.keys }), name: 'Firefox' });
      const id = await h.trigger({ title: 'Web page', priority: 'high' });
      expect(push.messages, JSON.stringify(await h.timeline(id))).toHaveLength(1);
      const m = push.messages[0]!;
      expect(m.headers).toMatchObject({ topic: id, urgency: 'high', ttl: '3600' });
      const payload = JSON.parse(decrypt(sub, m.body));
      expect(payload).toMatchObject({ title: 'Web page', alert_id: id, tag: id });
      const ack = await h.t.app.inject({ method: 'POST', url: `/v1/page-actions/${payload.action_token}` });
      expect(ack.json()).toMatchObject({ changed: true, via: 'push' });
      // Gone from the browser: 410 disables the subscription.
      push.expire(sub.endpoint);
      await h.trigger({ title: 'Second', priority: 'high', event_key: 'second' });
      const devices = (await h.api('GET', '/api/devices', undefined, 'ada')).body as { disabled_reason: string | null }[];
      expect(devices[0]!.disabled_reason).toContain('Web Push 410');
      for (const a of (await h.api('GET', '/api/alerts')).body as { id: string }[]) await h.api('PUT', `/api/alerts/${a.id}/ack`, undefined, 'ada');
    });
  });
}
