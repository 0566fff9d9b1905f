import { describe, expect, it } from 'vitest';
import { type ConfiguredChannels, channelStates, configuredChannels, reachOf, withFallback } from '../../src/modules/paging/reach.ts';
import { defaultSteps, draftPages } from '../../src/modules/paging/escalation.ts';

// PRODUCT.md 10 "Never silently unreachable" (issue 34 item 2): the pure decision.

const EMAIL_ONLY: ConfiguredChannels = { email: true, sms: false, voice: false, push: [] };
const ALL: ConfiguredChannels = { email: true, sms: true, voice: true, push: ['apns', 'fcm', 'webpush'] };
const nobody = { devices: [], phones: 0 };

describe('reachOf', () => {
  it('default critical steps with only email configured reach nobody: fallback email, each step says why', () => {
    expect(reachOf(defaultSteps('critical'), nobody, EMAIL_ONLY, 'high')).toEqual({
      reachable: false, fallback: 'email',
      problems: ['push: not configured on this server', 'sms: not configured on this server', 'voice: not configured on this server'],
    });
  });

  it('everything configured but no device and no verified number: fallback email; no email configured either: no fallback', () => {
    expect(reachOf(defaultSteps('high'), nobody, ALL, 'high')).toEqual({
      reachable: false, fallback: 'email', problems: ['push: no working device', 'sms: no verified phone number', 'voice: no verified phone number'],
    });
    expect(reachOf(defaultSteps('high'), nobody, { ...ALL, email: false }, 'high').fallback).toBeNull();
  });

  it('one working step is enough; a device of a push kind not configured does not count', () => {
    expect(reachOf(defaultSteps('critical'), { devices: [{ platform: 'web' }], phones: 0 }, { ...EMAIL_ONLY, push: ['webpush'] }, 'high')).toMatchObject({ reachable: true, fallback: null });
    expect(reachOf(defaultSteps('critical'), { devices: [{ platform: 'ios' }], phones: 0 }, { ...EMAIL_ONLY, push: ['webpush'] }, 'high').problems[0]).toBe('push: APNs (iOS push) not configured on this server');
    expect(reachOf(defaultSteps('info'), nobody, EMAIL_ONLY, 'low')).toEqual({ reachable: true, problems: [], fallback: null });
  });

  it('low urgency skips phones; chat never counts as reaching the person; no steps is no page, so no fallback', () => {
    expect(reachOf(defaultSteps('critical'), { devices: [], phones: 1 }, ALL, 'low')).toMatchObject({ reachable: false, fallback: 'email' });
    expect(reachOf([{ channel: 'chat' }], nobody, ALL, 'high')).toMatchObject({ reachable: false, fallback: 'email', problems: ['chat: posts to a channel, not to the person'] });
    expect(reachOf([], nobody, ALL, 'high')).toMatchObject({ reachable: false, fallback: null });
  });
});

describe('withFallback', () => {
  it('adds one email page at the start, with its own idempotency key, for each person not reached', () => {
    const p = { alertId: 'alr_1', epoch: 0, cycle: 0, level: 1, at: 1000, people: ['u1', 'u2'], steps: defaultSteps('critical'), urgency: 'high' as const };
    const contacts = (u: string) => (u === 'u1' ? nobody : { devices: [{ platform: 'ios' }], phones: 1 });
    const { drafts, unreached } = withFallback(draftPages(p), p, contacts, ALL);
    expect(unreached.map((u) => u.userId)).toEqual(['u1']);
    const extra = drafts.slice(6);
    expect(extra).toEqual([expect.objectContaining({ userId: 'u1', channel: 'email', stepIndex: 3, dueAt: 1000, status: 'pending', idempotencyKey: 'alr_1|0|0|1|u1|email|3' })]);
    expect(new Set(drafts.map((d) => d.idempotencyKey)).size).toBe(drafts.length);
  });
});

describe('configuredChannels', () => {
  it('reads the providers: push by the kinds its provider has', () => {
    const p = (channels: string[], configured: boolean, kinds?: ('apns' | 'fcm' | 'webpush')[]) => ({ channels, configured: () => configured, ...(kinds ? { kinds: () => kinds } : {}) });
    expect(configuredChannels([p(['push'], true, ['webpush']), p(['email'], true), p(['sms'], false)])).toEqual({ email: true, sms: false, voice: false, telegram: false, chat: false, push: ['webpush'] });
    expect(configuredChannels([p(['email'], true), p(['telegram'], true)])).toMatchObject({ email: true, telegram: true });
  });

  it('org settings read the same answer, telegram among the channels', () => {
    expect(channelStates(configuredChannels([]))).toEqual({ push: 'not_configured', sms: 'not_configured', voice: 'not_configured', email: 'not_configured', chat: 'not_configured', telegram: 'not_configured' });
    expect(channelStates({ ...EMAIL_ONLY, push: ['fcm'], telegram: true, chat: true })).toEqual({ push: 'configured', sms: 'not_configured', voice: 'not_configured', email: 'configured', chat: 'configured', telegram: 'configured' });
  });
});
