import { describe, expect, it } from 'vitest';
import { EventsApiError, SEVERITY_PRIORITY, parseEventV2 } from '../../src/modules/events-v2/index.ts';
import { parseLenientTimestamp } from '../../src/modules/events-v2/events-v2.ts';
import { messageToSignal, sourceLocalPart } from '../../src/modules/email/index.ts';
import { addressRange } from '../../src/modules/email/email.ts';

const KEY = '0123456789abcdef0123456789abcdef';

describe('Events v2 parsing (pure)', () => {
  it('maps severity to priority as the issue fixes it', () => {
    expect(SEVERITY_PRIORITY).toEqual({ critical: 'critical', error: 'high', warning: 'medium', info: 'info' });
  });

  it('parses ISO 8601 leniently, including an offset without a colon', () => {
    expect(parseLenientTimestamp('2015-07-17T08:42:58.315+0000')).toBe('2015-07-17T08:42:58.315Z');
    expect(parseLenientTimestamp('2015-07-17T10:42:58+0200')).toBe('2015-07-17T08:42:58.000Z');
    expect(parseLenientTimestamp('2015-07-17T08:42:58Z')).toBe('2015-07-17T08:42:58.000Z');
    expect(parseLenientTimestamp('yesterday')).toBeUndefined();
    expect(parseLenientTimestamp('12')).toBeUndefined();
  });

  it('keeps the dedup key byte for byte and does not coerce types', () => {
    const e = parseEventV2({ routing_key: KEY, event_action: 'resolve', dedup_key: ' Mixed Case ' });
    expect(e.dedupKey).toBe(' Mixed Case ');
    expect(e.signal).toMatchObject({ action: 'resolve', eventKey: ' Mixed Case ', title: undefined, priority: undefined });
    try {
      parseEventV2({ routing_key: 12345678901234567890123456789012, event_action: 'trigger', payload: { summary: 's', source: 'h', severity: 'info' } });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EventsApiError);
      expect((err as EventsApiError).body.errors).toEqual(["'routing_key' must be a string"]);
    }
  });
});

describe('email ingest (pure)', () => {
  it('takes only recipients of the configured domain, case-folded', () => {
    expect(sourceLocalPart('ABCdef@Ingest.Localhost', 'ingest.localhost')).toBe('abcdef');
    expect(sourceLocalPart('abc@example.com', 'ingest.localhost')).toBeUndefined();
    expect(sourceLocalPart('@ingest.localhost', 'ingest.localhost')).toBeUndefined();
    expect(sourceLocalPart('no-at-sign', 'ingest.localhost')).toBeUndefined();
  });

  it('gives every message its own key, high priority and urgency, and the Message-ID as idempotency key', () => {
    const a = messageToSignal({ subject: ' Disk\u0007 full ', text: 'details', from: 'ops@example.com', messageId: '<m1@example.com>' });
    const b = messageToSignal({ subject: 'Disk full', text: 'details', messageId: '<m1@example.com>' });
    expect(a.signal).toMatchObject({ action: 'trigger', title: 'Disk full', body: 'details', priority: 'high', urgency: 'high', source: 'ops@example.com' });
    expect(a.signal.eventKey).not.toBe(b.signal.eventKey);
    expect(a.idempotencyKey).toBe(b.idempotencyKey);
    expect(messageToSignal({}).signal.title).toBe('(no subject)');
    expect(messageToSignal({}).idempotencyKey).toBeUndefined();
    expect([...messageToSignal({ subject: '€'.repeat(2000) }).signal.title!]).toHaveLength(1024);
  });
});

describe('SMTP address ranges (docs/adr/0701)', () => {
  it('counts an IPv4 address in its /24 and an IPv6 address in its /64, however it is written', () => {
    expect(addressRange('192.0.2.7')).toBe('192.0.2.0/24');
    expect(addressRange('::ffff:192.0.2.7')).toBe('192.0.2.0/24');
    expect(addressRange('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressRange('2001:0db8:0001:0002::5')).toBe('2001:db8:1:2::/64');
    expect(addressRange('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressRange('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressRange('192.0.3.7')).not.toBe(addressRange('192.0.2.7'));
  });
});
