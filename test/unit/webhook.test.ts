import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { BlockedAddressError, blockedReason, checkLiteral, hostAddressSet, ownOriginProblem } from '../../src/modules/webhook/webhook.ssrf.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, circuitOpenMs, classifyResponse, maskUrl, nextWaitMs, retryAfterMs, signatureOf } from '../../src/modules/webhook/webhook.ts';

describe('webhook delivery rules', () => {
  it('signs as Standard Webhooks does (the spec\'s test vector)', () => {
    expect(signatureOf('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('retries 11 times over about a day, each wait within ±20 %, Retry-After a floor capped at an hour', () => {
    expect(MAX_ATTEMPTS).toBe(11);
    const total = RETRY_DELAYS_MS.reduce((a: number, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(23);
    expect(total / 3_600_000).toBeLessThan(25);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }), (n, r, ra) => {
        const w = nextWaitMs(n, ra, () => r);
        if (n >= MAX_ATTEMPTS) {
          expect(w).toBeUndefined();
          return;
        }
        const base = RETRY_DELAYS_MS[n]!;
        expect(w!).toBeGreaterThanOrEqual(Math.floor(Math.max(base * 0.8, Math.min(ra ?? 0, 3_600_000))));
        expect(w!).toBeLessThanOrEqual(Math.ceil(Math.max(base * 1.2, Math.min(ra ?? 0, 3_600_000))));
      }),
      { seed: 4611, numRuns: 500 },
    );
  });

  it('reads Retry-After in seconds, as a date, and Discord\'s retry_after', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs(undefined, now, '{"message":"rate limited","retry_after":1.5,"global":false}')).toBe(1_500);
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it('knows the providers\' "gone" answers', () => {
    expect(classifyResponse('custom', 204, '')).toBe('delivered');
    expect(classifyResponse('native', 410, '')).toBe('gone');
    expect(classifyResponse('slack', 404, 'no_service')).toBe('gone');
    expect(classifyResponse('slack', 410, 'channel_is_archived')).toBe('gone');
    expect(classifyResponse('discord', 404, '{"message": "Unknown Webhook", "code": 10015}')).toBe('gone');
    expect(classifyResponse('discord', 404, '{"code": 0}')).toBe('retry');
    expect(classifyResponse('custom', 404, 'no_service')).toBe('retry');
    expect(classifyResponse('custom', 301, '')).toBe('retry');
  });

  it('the circuit opens for a minute, doubling to an hour', () => {
    expect([0, 1, 2, 5, 6, 20].map(circuitOpenMs)).toEqual([60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000]);
  });

  it('masks a URL to scheme, host and its last four characters', () => {
    expect(maskUrl('https://hooks.slack.com/services/T000/B000/XXXXabcd')).toBe('https://hooks.slack.com/…abcd');
    expect(maskUrl('not a url')).toBe('…');
  });
});

describe('blocked address ranges', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.1.1', 'loopback'], ['10.0.0.7', 'private'], ['172.31.255.255', 'private'], ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'], ['0.0.0.0', 'this-network'], ['100.64.0.1', 'shared (carrier-grade NAT)'], ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'], ['198.18.0.1', 'benchmarking'], ['::1', 'loopback'], ['::', 'unspecified'], ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'unique-local (private)'], ['ff02::1', 'multicast'], ['::ffff:127.0.0.1', 'IPv4-mapped loopback'], ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local (cloud metadata)'], ['64:ff9b::a00:1', 'NAT64 private'], ['2002:7f00:1::', '6to4 loopback'], ['::127.0.0.1', 'loopback'],
  ])('%s is %s', (address, reason) => {
    expect(blockedReason(address)).toBe(reason);
  });
  it.each([
    ['192.0.2.1', 'documentation'], ['198.51.100.7', 'documentation'], ['203.0.113.5', 'documentation'], ['2001:db8::1', 'documentation'],
    ['2001:db8:ffff::1', 'documentation'], ['100::1', 'discard-only'], ['::ffff:203.0.113.5', 'IPv4-mapped documentation'], ['64:ff9b::c000:201', 'NAT64 documentation'],
  ])('%s is %s (issue 33 item 8)', (address, reason) => {
    expect(blockedReason(address)).toBe(reason);
  });
  it('an address of this host itself is refused, in any of its forms, whatever its range (os.networkInterfaces())', () => {
    const own = hostAddressSet({
      lo: [{ address: '127.0.0.1', family: 'IPv4' }],
      eth0: [{ address: '8.8.4.4', family: 'IPv4' }, { address: '2606:4700::1234', family: 'IPv6' }, { address: 'fe80::1%eth0', family: 'IPv6' }],
    });
    for (const a of ['8.8.4.4', '::ffff:8.8.4.4', '::ffff:808:404', '2606:4700:0:0::1234', '[2606:4700::1234]']) expect(blockedReason(a, own), a).toBe('this host');
    expect(blockedReason('8.8.8.8', own)).toBeUndefined();
    expect(() => checkLiteral(new URL('https://8.8.4.4/x'), false, own)).toThrow(/8\.8\.4\.4, one of this host's own addresses/);
    // The machine's own interfaces are read when none are given: its loopback at least.
    expect(hostAddressSet().size).toBeGreaterThan(0);
  });
  it('localhost names are loopback without a lookup (RFC 6761)', () => {
    for (const u of ['https://localhost/x', 'https://LOCALHOST./x', 'http://push.localhost:8443/x']) {
      expect(() => checkLiteral(new URL(u), false), u).toThrow(BlockedAddressError);
      expect(() => checkLiteral(new URL(u), false), u).toThrow(/a loopback name/);
      expect(() => checkLiteral(new URL(u), true), u).not.toThrow();
    }
    expect(() => checkLiteral(new URL('https://localhost.example.com/x'), false)).not.toThrow();
  });
  it.each(['8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::'])('%s is public', (address) => {
    expect(blockedReason(address)).toBeUndefined();
  });
});

describe('the instance\'s own public URL (issue 33 item 7)', () => {
  it.each([
    ['https://klaxon.example.com/v1/ingest/abc', 'https://klaxon.example.com'],
    ['https://KLAXON.example.com:443/v1/alerts', 'https://klaxon.example.com'],
    ['https://klaxon.example.com./v2/enqueue', 'https://klaxon.example.com'],
    ['http://klaxon.example.com/v1/ingest/abc', 'https://klaxon.example.com'],
    ['http://127.0.0.1:8080/x', 'http://127.0.0.1:8080'],
    ['http://[::1]:8080/x', 'http://[::1]:8080/klaxon'],
  ])('%s is this instance (public URL %s)', (url, publicUrl) => {
    expect(ownOriginProblem(new URL(url), publicUrl)).toMatch(/is this Klaxon's own public URL .*KLAXON_PUBLIC_URL/);
  });
  it.each([
    ['https://klaxon.example.com:8443/x', 'https://klaxon.example.com'],
    ['https://hooks.example.com/x', 'https://klaxon.example.com'],
    ['http://127.0.0.1:8081/x', 'http://127.0.0.1:8080'],
  ])('%s is another receiver (public URL %s)', (url, publicUrl) => {
    expect(ownOriginProblem(new URL(url), publicUrl)).toBeUndefined();
  });
});

describe('webhook configuration', () => {
  const base = { KLAXON_SECRET_KEY: '0f'.repeat(32), DATABASE_URL: 'sqlite:/tmp/x.db' };
  it('defaults: private addresses refused, 10 s, the system resolver', () => {
    expect(loadConfig(base, { readDotEnv: false }).webhooks).toEqual({ allowPrivate: false, timeoutMs: 10_000, dnsServer: undefined });
    expect(loadConfig({ ...base, KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true', KLAXON_WEBHOOK_DNS_SERVER: '10.0.0.2:5353' }, { readDotEnv: false }).webhooks).toMatchObject({ allowPrivate: true, dnsServer: '10.0.0.2:5353' });
  });
  it('a bad value names its variable', () => {
    expect(() => loadConfig({ ...base, KLAXON_WEBHOOK_ALLOW_PRIVATE: 'yes' }, { readDotEnv: false })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, KLAXON_WEBHOOK_ALLOW_PRIVATE: 'yes' }, { readDotEnv: false })).toThrow(/KLAXON_WEBHOOK_ALLOW_PRIVATE/);
    expect(() => loadConfig({ ...base, KLAXON_WEBHOOK_TIMEOUT_MS: '0' }, { readDotEnv: false })).toThrow(/KLAXON_WEBHOOK_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, KLAXON_WEBHOOK_DNS_SERVER: 'dns.example.com' }, { readDotEnv: false })).toThrow(/KLAXON_WEBHOOK_DNS_SERVER/);
  });
});
