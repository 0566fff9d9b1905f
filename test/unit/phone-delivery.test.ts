import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTwiml, messageTwiml, nextAllowedAt, parseReply, smsText, xmlEscape } from '../../src/modules/paging/delivery.ts';
import { DEFAULT_PAGING_THROTTLES } from '../../src/modules/org/index.ts';
import { twilioSignature, validTwilioSignature } from '../../src/providers/twilio-signature.ts';
import { outcomeOfTwilio } from '../../src/providers/twilio-delivery.ts';

// The pure core of SMS and voice delivery (issue 22): signatures, throttle windows, replies, texts.

describe('X-Twilio-Signature', () => {
  // Twilio's documented example (twilio.com/docs/usage/security): token 12345, this URL and form.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params: [string, string][] = [['CallSid', 'CA1234567890ABCDE'], ['Caller', '+14158675309'], ['Digits', '1234'], ['From', '+14158675309'], ['To', '+18005551212']];
  it("matches Twilio's published test vector, whatever the order of the parameters", () => {
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(twilioSignature('12345', url, [...params].reverse())).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(validTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
  });
  it('refuses another token, URL, parameter value, an empty or an overlong signature', () => {
    const sig = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';
    expect(validTwilioSignature('12346', url, params, sig)).toBe(false);
    expect(validTwilioSignature('12345', `${url}&x=1`, params, sig)).toBe(false);
    expect(validTwilioSignature('12345', url, [...params.slice(0, 2), ['Digits', '9']], sig)).toBe(false);
    expect(validTwilioSignature('12345', url, params, undefined)).toBe(false);
    expect(validTwilioSignature('12345', url, params, '')).toBe(false);
    expect(validTwilioSignature('12345', url, params, 'x'.repeat(1000))).toBe(false);
  });
  it('accepts the URL with or without the default port (twilio-node does, Twilio is inconsistent)', () => {
    const withPort = 'https://mycompany.com:443/myapp.php?foo=1&bar=2';
    expect(validTwilioSignature('12345', url, params, twilioSignature('12345', withPort, params))).toBe(true);
    expect(validTwilioSignature('12345', withPort, params, twilioSignature('12345', url, params))).toBe(true);
  });
});

describe('throttle windows', () => {
  const min = 60_000;
  const sms = DEFAULT_PAGING_THROTTLES.sms;
  it('allows the first, then one a minute, then 5 in 15 minutes', () => {
    expect(nextAllowedAt([], sms, 0)).toBeUndefined();
    expect(nextAllowedAt([0], sms, 30_000)).toBe(min);
    expect(nextAllowedAt([0], sms, min)).toBeUndefined();
    const five = [0, 1, 2, 3, 4].map((i) => i * min);
    expect(nextAllowedAt(five, sms, 5 * min)).toBe(15 * min);
    expect(nextAllowedAt(five, sms, 15 * min)).toBeUndefined();
  });
  it('property: the answer is never in the past, and at that instant every window has room', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 * 3600 }), { maxLength: 40 }), fc.integer({ min: 0, max: 4 * 3600 }), (secs, nowS) => {
        const now = nowS * 1000;
        const sends = secs.map((s) => s * 1000).filter((s) => s <= now);
        const at = nextAllowedAt(sends, sms, now);
        if (at === undefined) {
          for (const w of sms) expect(sends.filter((s) => s > now - w.window_minutes * min).length).toBeLessThan(w.max);
          return;
        }
        expect(at).toBeGreaterThan(now);
        for (const w of sms) expect(sends.filter((s) => s > at - w.window_minutes * min && s <= at).length).toBeLessThan(w.max);
        // And not later than needed: a millisecond earlier some window is still full.
        expect(sms.some((w) => sends.filter((s) => s > at - 1 - w.window_minutes * min && s <= at - 1).length >= w.max)).toBe(true);
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });
});

describe('replies, texts and TwiML', () => {
  it('reads a code alone as acknowledge and the code + e as escalate; nothing else', () => {
    expect(parseReply('4821')).toEqual({ code: '4821', action: 'ack' });
    expect(parseReply(' 4821E ')).toEqual({ code: '4821', action: 'escalate' });
    expect(parseReply('#123 e')).toEqual({ code: '123', action: 'escalate' });
    for (const s of ['', 'ack', '12', '1234567', '4821x', 'e4821', 'STOP', '48 21']) expect(parseReply(s), s).toBeUndefined();
  });
  it('an SMS says the codes; a bundle says how many alerts and that its code acknowledges all', () => {
    expect(smsText({ title: 'DB down', priority: 'critical', serviceName: 'payments', replyCode: '4821' })).toBe('Klaxon critical (payments): DB down. Reply 4821 to acknowledge, 4821e to escalate.');
    expect(smsText({ title: 'x', priority: 'high', serviceName: 'payments', replyCode: '4521', bundleCount: 3 })).toBe('3 open alerts on payments. Reply 4521 to acknowledge all, 4521e to escalate all.');
    expect(smsText({ title: 'y'.repeat(500), priority: 'high' }).length).toBeLessThan(200);
  });
  it('TwiML escapes what it reads (titles are user input) and never breaks the XML', () => {
    const v = { voice: 'female' as const, language: 'en-US', repeat_count: 1, greeting: '', ack_key: '1', escalate_key: '2' };
    const t = callTwiml(v, { title: '</Say><Dial>+1900</Dial> & "x"', priority: 'high' }, 'https://k.test/v1/providers/twilio/voice/gather?ntf=ntf_1&x="');
    expect(t).not.toContain('<Dial>');
    expect(t).toContain('&lt;/Say&gt;&lt;Dial&gt;');
    expect(t).toContain('action="https://k.test/v1/providers/twilio/voice/gather?ntf=ntf_1&amp;x=&quot;"');
    expect(messageTwiml('a < b')).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>a &lt; b</Message></Response>');
    expect(xmlEscape('\u0001ok')).toBe('ok');
  });
});

describe('Twilio answers as page outcomes', () => {
  const refused = (code: string, httpStatus = 400) => outcomeOfTwilio({ ok: false, kind: 'refused', httpStatus, code, retryAfterMs: undefined, detail: 'refused' });
  it('maps permanent, temporary and configuration errors', () => {
    expect(outcomeOfTwilio({ ok: true, sid: 'SM1', status: 'queued' })).toEqual({ state: 'accepted', providerMessageId: 'SM1' });
    expect(refused('21610')).toMatchObject({ state: 'failed', disable: 'unsubscribed' });
    for (const c of ['21614', '21211', '21217', '21612', '21635']) expect(refused(c)).toMatchObject({ state: 'failed', disable: 'invalid' });
    expect(refused('21408')).toEqual({ state: 'failed', detail: 'refused' });
    expect(refused('20003', 401)).toMatchObject({ state: 'config_error' });
    expect(outcomeOfTwilio({ ok: false, kind: 'unavailable', httpStatus: 429, code: '20429', retryAfterMs: 5000, detail: 'busy' })).toEqual({ state: 'retry', retryAfterMs: 5000, detail: 'busy' });
    expect(outcomeOfTwilio({ ok: false, kind: 'unavailable', httpStatus: undefined, code: undefined, retryAfterMs: undefined, detail: 'timed out' })).toEqual({ state: 'retry', detail: 'timed out' });
  });
});
