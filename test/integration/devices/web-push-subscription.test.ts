import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { DIALECTS, bootstrapTenant, buildTestApp, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';

// A web device's push token is the browser's subscription (docs/adr/0440): its endpoint must be an
// https URL on an address outbound webhooks may reach (docs/adr/0462); checked when it is registered
// and again where the push connection is made.

const keys = { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'), auth: Buffer.alloc(16, 3).toString('base64url') };
const sub = (endpoint: string) => JSON.stringify({ endpoint, keys });

for (const dialect of DIALECTS) {
  describe(`${dialect}: web push subscriptions`, () => {
    let t: TestApp;
    afterEach(async () => t?.close());

    const post = async (headers: Record<string, string>, push_token: string) =>
      t.app.inject({ method: 'POST', url: '/api/devices', headers, payload: { platform: 'web', push_token, name: 'Firefox' } });

    it('refuses what is not a subscription and endpoints on private or loopback addresses; takes a public https endpoint', async () => {
      t = await buildTestApp({ dialect });
      const tenant = await bootstrapTenant(t);
      for (const [token, message] of [
        ['not json at all', /subscription JSON/],
        [JSON.stringify({ endpoint: 'https://push.example.com/x' }), /needs endpoint, keys\.p256dh and keys\.auth/],
        [sub('http://push.example.com/x'), /must be an https URL/],
        [sub('https://127.0.0.1/push/x'), /loopback/],
        [sub('https://[::1]/push/x'), /loopback/],
        [sub('https://10.1.2.3/push/x'), /private/],
        [sub('https://169.254.169.254/latest'), /link-local/],
        // Issue 33 item 8: refused when registered, not only when sent to.
        [sub('https://localhost/push/x'), /localhost, a loopback name/],
        [sub('https://push.localhost:8443/push/x'), /a loopback name/],
        [sub('https://[2001:db8::5]/push/x'), /documentation/],
        [sub('https://198.51.100.9/push/x'), /documentation/],
      ] as const) {
        const res = await post(tenant.headers, token);
        expect(res.statusCode, token).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'invalid_request', details: [{ field: 'push_token' }] });
        expect(res.json().error.message).toMatch(message);
      }
      const ok = await post(tenant.headers, sub('https://fcm.googleapis.com/fcm/send/abc123'));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ platform: 'web', disabled_at: null, disabled_reason: null });
      const patch = await t.app.inject({ method: 'PATCH', url: `/api/devices/${ok.json().id}`, headers: tenant.headers, payload: { push_token: sub('https://192.168.1.5/x') } });
      expect(patch.statusCode).toBe(400);
    });

    it('KLAXON_WEBHOOK_ALLOW_PRIVATE=true allows a private endpoint (tests, private push services)', async () => {
      t = await buildTestApp({ dialect, env: { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true' } });
      const tenant = await bootstrapTenant(t);
      expect((await post(tenant.headers, sub('https://127.0.0.1:8443/push/x'))).statusCode).toBe(200);
    });

    it('a signed-in person reads the VAPID public key to subscribe with (docs/adr/0615); without Web Push it is null', async () => {
      const vapid = webpush.generateVAPIDKeys();
      t = await buildTestApp({ dialect, env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@example.com' } });
      const tenant = await bootstrapTenant(t);
      const observer = await addMember(t, tenant, 'observer');
      for (const headers of [tenant.headers, observer.headers]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/devices/web-push-key', headers });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ public_key: vapid.publicKey });
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/devices/web-push-key' })).statusCode).toBe(401);
      // The private key is never part of any answer.
      expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body).not.toContain(vapid.privateKey);
      await t.close();

      t = await buildTestApp({ dialect });
      const other = await bootstrapTenant(t);
      const off = await t.app.inject({ method: 'GET', url: '/api/devices/web-push-key', headers: other.headers });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toEqual({ public_key: null });
    });
  });
}
