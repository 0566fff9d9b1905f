import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { createApnsSender } from '../../../src/providers/apns.ts';
import type { OutboundMessage } from '../../../src/modules/paging/delivery.port.ts';
import { createFcmSender } from '../../../src/providers/fcm.ts';
import { createWebPushSender } from '../../../src/providers/webpush.ts';
import { startFakeApns } from '../../helpers/fakes/apns.ts';
import { startFakeFcm } from '../../helpers/fakes/fcm.ts';
import { apnsKeys, apnsToken, fcmServiceAccount } from '../../helpers/fakes/push-keys.ts';
import { decrypt, startFakePushService } from '../../helpers/fakes/webpush.ts';

// The push providers against fakes that speak each protocol on loopback (issue 22; reference/paging.md
// 4.2–4.4): payloads, authentication, and every kind of answer a push service gives.

const clock = () => new ManualClock('2026-03-01T10:00:00.000Z');
const signal = () => new AbortController().signal;
const ctx = () => ({ deadlineMs: 10_000, signal: signal() });

function message(over: Partial<OutboundMessage> & { to: OutboundMessage['to'] }, now: Date): OutboundMessage {
  return {
    id: 'ntf_01jtestpage0000000000000000', idempotencyKey: 'alr_1|0|0|1|usr_1|push|0', channel: 'push',
    alert: { id: 'alr_01jtestalert000000000000000', title: 'DB down', body: 'primary is unreachable', priority: 'critical', urgency: 'high', url: 'http://klaxon.test/alerts/alr_1', serviceName: 'payments' },
    critical: true, collapseId: 'alr_01jtestalert000000000000000', expiresAt: now.getTime() + 3_600_000, actionToken: 'kxk_test-token', ackUrl: 'http://klaxon.test/v1/page-actions/kxk_test-token',
    ...over,
  };
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

/** The senders' own timeout: generous (a loaded machine's first TLS handshake can take seconds), short only where a test waits for a hang. */
let senderTimeoutMs = 30_000;
afterEach(() => {
  senderTimeoutMs = 30_000;
});

describe('APNs over HTTP/2 with an ES256 provider token', () => {
  async function setup() {
    const k = apnsKeys();
    const c = clock();
    const fake = await startFakeApns({ publicKeyPem: k.publicKeyPem, keyId: k.keyId, teamId: k.teamId, topic: k.topic, now: () => c.now() });
    closers.push(() => fake.close());
    const sender = createApnsSender({ keyId: k.keyId, teamId: k.teamId, keyPem: k.keyPem, topic: k.topic, baseUrl: fake.url }, { clock: c, ca: fake.ca, timeoutMs: senderTimeoutMs });
    closers.push(() => sender.close!());
    return { fake, sender, c, k };
  }
  const ios = (criticalAllowed: boolean, seed = 'ada') => ({ kind: 'apns' as const, address: apnsToken(seed), destinationId: 'dev_1', criticalAllowed });

  it('high urgency with Critical Alerts permitted: interruption-level critical with a critical sound, collapse id, category, action token', async () => {
    const { fake, sender, c } = await setup();
    const out = await sender.send(message({ to: ios(true) }, c.now()), ctx());
    expect(out.state).toBe('sent');
    const r = fake.requests[0]!;
    expect(r.deviceToken).toBe(apnsToken('ada'));
    expect(r.headers).toMatchObject({ 'apns-topic': 'com.example.klaxon', 'apns-push-type': 'alert', 'apns-priority': '10', 'apns-collapse-id': 'alr_01jtestalert000000000000000' });
    expect(r.headers['apns-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.payload.aps).toEqual({
      alert: { title: 'DB down', subtitle: 'payments', body: 'primary is unreachable' }, sound: { critical: 1, name: 'klaxon.caf', volume: 1 },
      'interruption-level': 'critical', 'thread-id': 'alr_01jtestalert000000000000000', category: 'ALERT',
    });
    expect(r.payload).toMatchObject({ alert_id: 'alr_01jtestalert000000000000000', action_token: 'kxk_test-token', ack_url: 'http://klaxon.test/v1/page-actions/kxk_test-token' });
  });

  it('high urgency without the permission is time-sensitive; low urgency is active with priority 5', async () => {
    const { fake, sender, c } = await setup();
    expect((await sender.send(message({ to: ios(false) }, c.now()), ctx())).state).toBe('sent');
    expect(fake.requests[0]!.payload.aps['interruption-level']).toBe('time-sensitive');
    expect(fake.requests[0]!.payload.aps.sound).toBe('default');
    const low = message({ to: ios(true), critical: false }, c.now());
    low.alert = { ...low.alert, urgency: 'low' };
    expect((await sender.send(low, ctx())).state).toBe('sent');
    expect(fake.requests[1]!.payload.aps['interruption-level']).toBe('active');
    expect(fake.requests[1]!.headers['apns-priority']).toBe('5');
  });

  it('the provider token is reused within its hour and made again after 50 minutes; the same page has the same apns-id', async () => {
    const { fake, sender, c } = await setup();
    await sender.send(message({ to: ios(true) }, c.now()), ctx());
    c.advance(49 * 60_000);
    await sender.send(message({ to: ios(true) }, c.now()), ctx());
    c.advance(2 * 60_000);
    await sender.send(message({ to: ios(true) }, c.now()), ctx());
    const [a, b, d] = fake.requests.map((r) => r.jwt);
    expect(b).toBe(a);
    expect(d).not.toBe(a);
    expect(decodeJwt(d!).iat).toBe(Math.floor(c.now().getTime() / 1000));
    expect(new Set(fake.requests.map((r) => r.headers['apns-id'])).size).toBe(1);
  });

  it('410 Unregistered and BadDeviceToken disable the device; 429 and 5xx retry (Retry-After honoured); a silent server times out into a retry', async () => {
    senderTimeoutMs = 3_000; // this test waits for a request that never answers
    const { fake, sender, c } = await setup();
    fake.unregister(apnsToken('gone'));
    expect(await sender.send(message({ to: ios(true, 'gone') }, c.now()), ctx())).toMatchObject({ state: 'failed', disable: 'unregistered', detail: expect.stringContaining('APNs 410 Unregistered') });
    expect(await sender.send(message({ to: { kind: 'apns', address: 'not-hex', destinationId: 'dev_2' } }, c.now()), ctx())).toMatchObject({ state: 'failed', disable: 'invalid', detail: expect.stringContaining('BadDeviceToken') });
    fake.failNext({ status: 429, reason: 'TooManyRequests', retryAfter: '120' }, { status: 503, reason: 'ServiceUnavailable' }, { status: 500, reason: 'InternalServerError' }, { hang: true });
    expect(await sender.send(message({ to: ios(true) }, c.now()), ctx())).toEqual({ state: 'retry', detail: 'APNs 429 TooManyRequests', retryAfterMs: 120_000 });
    expect(await sender.send(message({ to: ios(true) }, c.now()), ctx())).toEqual({ state: 'retry', detail: 'APNs 503 ServiceUnavailable' });
    expect(await sender.send(message({ to: ios(true) }, c.now()), ctx())).toEqual({ state: 'retry', detail: 'APNs 500 InternalServerError' });
    expect(await sender.send(message({ to: ios(true) }, c.now()), ctx())).toEqual({ state: 'retry', detail: 'APNs did not answer in time' });
    // After all that, a new connection works.
    expect((await sender.send(message({ to: ios(true) }, c.now()), ctx())).state).toBe('sent');
  });

  it('ExpiredProviderToken makes a new token for the next attempt; a key Apple does not know is a configuration error', async () => {
    const { fake, sender, c } = await setup();
    await sender.send(message({ to: ios(true) }, c.now()), ctx());
    fake.failNext({ status: 403, reason: 'ExpiredProviderToken' });
    c.advance(60_000);
    expect(await sender.send(message({ to: ios(true) }, c.now()), ctx())).toMatchObject({ state: 'retry' });
    expect((await sender.send(message({ to: ios(true) }, c.now()), ctx())).state).toBe('sent');
    expect(fake.requests[2]!.jwt).not.toBe(fake.requests[0]!.jwt);

    const other = apnsKeys();
    const wrong = createApnsSender({ keyId: other.keyId, teamId: other.teamId, keyPem: other.keyPem, topic: other.topic, baseUrl: fake.url }, { clock: c, ca: fake.ca });
    closers.push(() => wrong.close!());
    expect(await wrong.send(message({ to: ios(true) }, c.now()), ctx())).toMatchObject({ state: 'config_error', detail: expect.stringContaining('InvalidProviderToken') });
  });
});

describe('FCM HTTP v1 with service-account OAuth', () => {
  async function setup() {
    const sa = fcmServiceAccount();
    const c = clock();
    const fake = await startFakeFcm({ publicKeyPem: sa.publicKeyPem, clientEmail: sa.clientEmail, projectId: sa.projectId, now: () => c.now() });
    closers.push(() => fake.close());
    const cfg = JSON.parse(sa.json(fake.tokenUrl)) as { private_key: string };
    const sender = createFcmSender({ projectId: sa.projectId, clientEmail: sa.clientEmail, privateKeyPem: cfg.private_key, tokenUrl: fake.tokenUrl, baseUrl: fake.baseUrl }, { clock: c, timeoutMs: senderTimeoutMs });
    return { fake, sender, c, sa };
  }
  const android = (token = 'fcm-token-ada') => ({ kind: 'fcm' as const, address: token, destinationId: 'dev_1' });

  it('high urgency: Android priority HIGH on the high-importance channel, collapse_key per alert, the action token in data', async () => {
    const { fake, sender, c } = await setup();
    expect(await sender.send(message({ to: android() }, c.now()), ctx())).toEqual({ state: 'sent', providerMessageId: 'projects/klaxon-test/messages/0:1' });
    const msg = fake.sends[0]!.message;
    expect(msg.token).toBe('fcm-token-ada');
    expect(msg.android).toEqual({
      priority: 'HIGH', ttl: '3600s', collapse_key: 'alr_01jtestalert000000000000000',
      notification: { channel_id: 'klaxon_critical', notification_priority: 'PRIORITY_MAX', tag: 'alr_01jtestalert000000000000000', click_action: 'KLAXON_ALERT' },
    });
    expect(msg.data).toMatchObject({ alert_id: 'alr_01jtestalert000000000000000', critical: '1', action_token: 'kxk_test-token' });
    expect(Object.values(msg.data).every((v) => typeof v === 'string')).toBe(true);
    const low = message({ to: android(), critical: false }, c.now());
    await sender.send(low, ctx());
    expect(fake.sends[1]!.message.android).toMatchObject({ priority: 'NORMAL', notification: { channel_id: 'klaxon_default' } });
  });

  it('the access token is kept until it expires, then a new RS256 grant is made', async () => {
    const { fake, sender, c } = await setup();
    await sender.send(message({ to: android() }, c.now()), ctx());
    c.advance(30 * 60_000);
    await sender.send(message({ to: android() }, c.now()), ctx());
    expect(fake.grants).toHaveLength(1);
    c.advance(31 * 60_000);
    await sender.send(message({ to: android() }, c.now()), ctx());
    expect(fake.grants).toHaveLength(2);
    expect(fake.sends[2]!.accessToken).not.toBe(fake.sends[0]!.accessToken);
  });

  it('UNREGISTERED and INVALID_ARGUMENT on the token disable the device; other errors do not; 429/503 retry with Retry-After; a hang times out', async () => {
    senderTimeoutMs = 3_000; // this test waits for a request that never answers
    const { fake, sender, c } = await setup();
    fake.unregister('fcm-gone');
    expect(await sender.send(message({ to: android('fcm-gone') }, c.now()), ctx())).toMatchObject({ state: 'failed', disable: 'unregistered', detail: expect.stringContaining('FCM 404 UNREGISTERED') });
    fake.failNext(
      { status: 400, errorCode: 'INVALID_ARGUMENT', fieldViolation: 'message.token' },
      { status: 400, errorCode: 'INVALID_ARGUMENT' },
      { status: 429, errorCode: 'QUOTA_EXCEEDED', retryAfter: '30' },
      { status: 503, errorCode: 'UNAVAILABLE' },
      { hang: true },
    );
    expect(await sender.send(message({ to: android() }, c.now()), ctx())).toMatchObject({ state: 'failed', disable: 'invalid' });
    const other = await sender.send(message({ to: android() }, c.now()), ctx());
    expect(other).toEqual({ state: 'failed', detail: 'FCM 400 INVALID_ARGUMENT' });
    expect(await sender.send(message({ to: android() }, c.now()), ctx())).toEqual({ state: 'retry', detail: 'FCM 429 QUOTA_EXCEEDED', retryAfterMs: 30_000 });
    expect(await sender.send(message({ to: android() }, c.now()), ctx())).toEqual({ state: 'retry', detail: 'FCM 503 UNAVAILABLE' });
    expect(await sender.send(message({ to: android() }, c.now()), ctx())).toEqual({ state: 'retry', detail: 'FCM did not answer in time' });
  });

  it('a service account the token endpoint refuses is a configuration error; its 5xx is a retry', async () => {
    const { fake, c } = await setup();
    const stranger = fcmServiceAccount();
    const cfg = JSON.parse(stranger.json(fake.tokenUrl)) as { private_key: string };
    const wrong = createFcmSender({ projectId: stranger.projectId, clientEmail: stranger.clientEmail, privateKeyPem: cfg.private_key, tokenUrl: fake.tokenUrl, baseUrl: fake.baseUrl }, { clock: c });
    expect(await wrong.send(message({ to: android() }, c.now()), ctx())).toMatchObject({ state: 'config_error', detail: expect.stringContaining('invalid_grant') });
    fake.failTokenNext({ status: 503 });
    expect(await wrong.send(message({ to: android() }, c.now()), ctx())).toMatchObject({ state: 'retry' });
    expect(fake.sends).toHaveLength(0);
  });
});

describe('Web Push with VAPID', () => {
  async function setup(allowPrivate = true) {
    const c = clock();
    const fake = await startFakePushService({ now: () => c.now() });
    closers.push(() => fake.close());
    const vapid = webpush.generateVAPIDKeys();
    const lookup = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const sender = createWebPushSender({ ...vapid, subject: 'mailto:ops@example.com', source: 'env' }, { clock: c, allowPrivate, lookup, ca: fake.ca, timeoutMs: senderTimeoutMs });
    closers.push(() => sender.close!());
    return { fake, sender, c, vapid };
  }

  it('the payload is encrypted for the subscription (RFC 8291) and carries the action token; TTL, Urgency and Topic per alert', async () => {
    const { fake, sender, c, vapid } = await setup();
    const sub = fake.subscription('ada');
    const out = await sender.send(message({ to: { kind: 'webpush', address: JSON.stringify({ endpoint: sub.endpoint, keys: sub.keys }), destinationId: 'dev_1' } }, c.now()), ctx());
    expect(out).toEqual({ state: 'sent', providerMessageId: '1' });
    const m = fake.messages[0]!;
    expect(m.headers).toMatchObject({ ttl: '3600', urgency: 'high', topic: 'alr_01jtestalert000000000000000', 'content-encoding': 'aes128gcm' });
    expect(m.headers.authorization).toContain(`k=${vapid.publicKey}`);
    expect(m.vapidSubject).toBe('mailto:ops@example.com');
    const payload = JSON.parse(decrypt(sub, m.body));
    expect(payload).toMatchObject({ title: 'DB down', alert_id: 'alr_01jtestalert000000000000000', action_token: 'kxk_test-token', tag: 'alr_01jtestalert000000000000000', require_interaction: true });
  });

  it('404 and 410 disable the subscription; 429 and 5xx retry; a hang times out', async () => {
    senderTimeoutMs = 3_000; // this test waits for a request that never answers
    const { fake, sender, c } = await setup();
    const sub = fake.subscription('gone');
    const to = { kind: 'webpush' as const, address: JSON.stringify({ endpoint: sub.endpoint, keys: sub.keys }), destinationId: 'dev_1' };
    fake.expire(sub.endpoint);
    expect(await sender.send(message({ to }, c.now()), ctx())).toMatchObject({ state: 'failed', disable: 'unsubscribed', detail: expect.stringContaining('Web Push 410') });
    fake.failNext({ status: 404 }, { status: 429, retryAfter: '60' }, { status: 502 }, { hang: true });
    expect(await sender.send(message({ to }, c.now()), ctx())).toMatchObject({ state: 'failed', disable: 'unsubscribed' });
    expect(await sender.send(message({ to }, c.now()), ctx())).toEqual({ state: 'retry', detail: 'Web Push 429', retryAfterMs: 60_000 });
    expect(await sender.send(message({ to }, c.now()), ctx())).toEqual({ state: 'retry', detail: 'Web Push 502' });
    expect(await sender.send(message({ to }, c.now()), ctx())).toEqual({ state: 'retry', detail: 'the push service did not answer in time' });
  });

  it('an endpoint on a private or loopback address is refused by the webhooks\' address rules unless KLAXON_WEBHOOK_ALLOW_PRIVATE', async () => {
    const { fake, sender, c } = await setup(false);
    const sub = fake.subscription('ada');
    const literal = { kind: 'webpush' as const, address: JSON.stringify({ endpoint: sub.endpoint, keys: sub.keys }), destinationId: 'dev_1' };
    expect(await sender.send(message({ to: literal }, c.now()), ctx())).toMatchObject({ state: 'failed', disable: 'invalid', detail: expect.stringContaining('loopback') });
    // A name that resolves to loopback is refused where the connection is made.
    const named = { ...literal, address: JSON.stringify({ endpoint: sub.endpoint.replace('127.0.0.1', 'push.example.test'), keys: sub.keys }) };
    expect(await sender.send(message({ to: named }, c.now()), ctx())).toMatchObject({ state: 'failed', detail: expect.stringContaining('push.example.test resolves to 127.0.0.1') });
    expect(fake.messages).toHaveLength(0);
  });
});

describe('push configuration', () => {
  const base = { DATABASE_URL: 'sqlite::memory:', KLAXON_SECRET_KEY: '0f'.repeat(32) };
  const fail = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env }, { readDotEnv: false, generateSecret: false });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('a bad or partial value stops start-up naming the variable', () => {
    const k = apnsKeys();
    const apns = { APNS_KEY_ID: k.keyId, APNS_TEAM_ID: k.teamId, APNS_KEY: k.keyPem, APNS_TOPIC: k.topic };
    expect(fail({ APNS_KEY_ID: k.keyId })).toMatch(/APNs needs APNS_TEAM_ID, APNS_KEY, APNS_TOPIC/);
    expect(fail({ ...apns, APNS_KEY_ID: 'short' })).toMatch(/^APNS_KEY_ID must be/);
    expect(fail({ ...apns, APNS_KEY: '/nonexistent/AuthKey.p8' })).toMatch(/^APNS_KEY must be the text itself or a path/);
    expect(fail({ ...apns, APNS_KEY: fcmServiceAccount().json('x').replace(/.*"private_key":"([^"]+)".*/, '$1').replace(/\\n/g, '\n') })).toMatch(/^APNS_KEY must be the \.p8 signing key/);
    expect(fail({ ...apns, APNS_BASE_URL: 'ftp://x' })).toMatch(/^APNS_BASE_URL must be an http\(s\) URL/);
    expect(fail({ FCM_SERVICE_ACCOUNT: '{"project_id":"p"}' })).toMatch(/^FCM_SERVICE_ACCOUNT lacks client_email, private_key/);
    expect(fail({ FCM_SERVICE_ACCOUNT: '{not json' })).toMatch(/^FCM_SERVICE_ACCOUNT must be a Firebase service account key/);
    expect(fail({ FCM_SERVICE_ACCOUNT: fcmServiceAccount().json('https://t'), FCM_TOKEN_URL: 'nope' })).toMatch(/^FCM_TOKEN_URL must be an http\(s\) URL/);
    expect(fail({ VAPID_PUBLIC_KEY: 'abc' })).toMatch(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/);
    expect(fail({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def' })).toMatch(/^VAPID_PUBLIC_KEY must be an uncompressed P-256 public key/);
    const c = loadConfig({ ...base, ...apns, APNS_BASE_URL: 'https://api.sandbox.push.apple.com/' }, { readDotEnv: false, generateSecret: false });
    expect(c.push.apns).toMatchObject({ keyId: k.keyId, baseUrl: 'https://api.sandbox.push.apple.com' });
    expect(c.push.fcm).toBeUndefined();
    expect(c.push.webpush).toBeUndefined();
  });

  it('VAPID keys are generated into the data folder (0600) when not configured, and the same keys are read on the next start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'klaxon-vapid-'));
    try {
      const first = loadConfig({ ...base, KLAXON_DATA_DIR: dir }, { readDotEnv: false });
      expect(first.push.webpush).toMatchObject({ source: 'generated', subject: 'mailto:klaxon@ingest.localhost' });
      expect(statSync(join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
      const again = loadConfig({ ...base, KLAXON_DATA_DIR: dir }, { readDotEnv: false });
      expect(again.push.webpush!.publicKey).toBe(first.push.webpush!.publicKey);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
