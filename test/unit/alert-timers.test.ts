import { describe, expect, it } from 'vitest';
import { ackExpired, autoResolveDue, timerDueAt } from '../../src/modules/paging/index.ts';

// A service's alert timers (issue 36 item 3, PRODUCT.md 11), the pure part: when an
// acknowledgement expires and when an alert resolves itself; null settings never fire.

const at = '2026-12-05T10:00:00.000Z';
const ms = (iso: string) => Date.parse(iso);

describe('alert timers', () => {
  it('timerDueAt: minutes after the instant; nothing without both', () => {
    expect(timerDueAt(at, 10)).toBe(ms('2026-12-05T10:10:00.000Z'));
    expect(timerDueAt(at, null)).toBeUndefined();
    expect(timerDueAt(null, 10)).toBeUndefined();
    expect(timerDueAt('not a date', 10)).toBeUndefined();
  });

  it('ackExpired: an acknowledged alert at its acknowledgement plus the timeout, not a minute before', () => {
    const a = { status: 'acknowledged', acknowledged_at: at };
    expect(ackExpired(a, 10, ms('2026-12-05T10:09:59.999Z'))).toBe(false);
    expect(ackExpired(a, 10, ms('2026-12-05T10:10:00.000Z'))).toBe(true);
    expect(ackExpired(a, null, ms('2026-12-06T10:00:00.000Z'))).toBe(false);
    for (const status of ['open', 'snoozed', 'resolved']) expect(ackExpired({ ...a, status }, 10, ms('2026-12-06T10:00:00.000Z'))).toBe(false);
  });

  it('autoResolveDue: any alert not resolved, its last signal plus the minutes', () => {
    const a = { status: 'open', last_signal_at: at };
    expect(autoResolveDue(a, 30, ms('2026-12-05T10:29:59.999Z'))).toBe(false);
    expect(autoResolveDue(a, 30, ms('2026-12-05T10:30:00.000Z'))).toBe(true);
    expect(autoResolveDue({ ...a, status: 'acknowledged' }, 30, ms('2026-12-05T11:00:00.000Z'))).toBe(true);
    expect(autoResolveDue({ ...a, status: 'snoozed' }, 30, ms('2026-12-05T11:00:00.000Z'))).toBe(true);
    expect(autoResolveDue({ ...a, status: 'resolved' }, 30, ms('2026-12-05T11:00:00.000Z'))).toBe(false);
    expect(autoResolveDue(a, null, ms('2026-12-31T00:00:00.000Z'))).toBe(false);
  });
});
