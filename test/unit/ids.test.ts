import { describe, expect, it } from 'vitest';
import { isoCached } from '../../src/lib/clock.ts';
import { derivedId, idTimeMs, newId, ulid } from '../../src/lib/ids.ts';
import { eventLogId } from '../../src/modules/paging/intake.job.ts';

describe('ulid', () => {
  it('gives distinct, sortable ids across refills of the random pool', () => {
    const ids = Array.from({ length: 3000 }, () => ulid());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-hjkmnp-tv-z]{26}$/);
    expect(newId('req')).toMatch(/^req_[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('takes fresh random bits for each new millisecond', () => {
    const t = Date.now() + 60_000;
    const a = ulid(t);
    const b = ulid(t + 1);
    expect(a.slice(0, 10)).not.toBe(b.slice(0, 10));
    expect(a.slice(10)).not.toBe(b.slice(10));
  });
});

describe('derivedId', () => {
  it('is the same for the same (time, key), sorts by its time, and reads its time back', () => {
    const t = Date.parse('2026-11-28T01:00:00.000Z');
    expect(derivedId('log', t, '7 page_requested')).toBe(derivedId('log', t, '7 page_requested'));
    expect(derivedId('log', t, '7 page_requested')).not.toBe(derivedId('log', t, '7 pages_cancelled'));
    expect(derivedId('log', t, '7 page_requested')).toMatch(/^log_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(derivedId('log', t, 'zzz') < derivedId('log', t + 1, 'aaa')).toBe(true);
    expect(idTimeMs(derivedId('log', t, 'x'))).toBe(t);
    const later = Date.now() + 120_000; // after the other tests' (ulid is monotonic)
    expect(idTimeMs(`log_${ulid(later)}`)).toBe(later);
    expect(idTimeMs('log_short')).toBeUndefined();
  });

  it("an event's entry sorts a millisecond after the change's last entry, whenever it is made", () => {
    const changeLog = newId('log');
    const event = { id: 41, createdAt: '2026-03-01T10:00:00.000Z', payload: { log_id: changeLog } };
    const a = eventLogId(event, 'page_requested');
    expect(eventLogId({ ...event }, 'page_requested')).toBe(a);
    expect(a > changeLog).toBe(true);
    expect(idTimeMs(a)).toBe(idTimeMs(changeLog)! + 1);
    // An event written before log_id: its own time.
    expect(idTimeMs(eventLogId({ id: 41, createdAt: event.createdAt, payload: {} }, 'page_requested'))).toBe(Date.parse(event.createdAt));
  });
});

describe('isoCached', () => {
  it('formats like toISOString, for repeated, new and invalid instants', () => {
    for (const t of ['2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.001Z', '1999-12-31T23:59:59.999Z']) {
      expect(isoCached(new Date(t))).toBe(t);
    }
    expect(() => isoCached(new Date(Number.NaN))).toThrow(RangeError);
    expect(isoCached(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });
});

// Last: it moves the ids' last millisecond an hour ahead.
describe('ids under a millisecond that stands still (docs/adr/0762)', () => {
  it('stay unique and ordered, and a millisecond moved back keeps the last one used', () => {
    const at = Date.now() + 3_600_000;
    const frozen = Array.from({ length: 1000 }, () => ulid(at));
    expect(new Set(frozen).size).toBe(1000);
    expect([...frozen].sort()).toEqual(frozen);
    for (const id of frozen) expect(idTimeMs(`alr_${id}`)).toBe(at);
    const back = ulid(at - 60_000);
    expect(idTimeMs(`alr_${back}`)).toBe(at);
    expect(back > frozen[999]!).toBe(true);
  });
});
