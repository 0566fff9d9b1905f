import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  blockLabel, instantOf, layoutShifts, localInputValue, parseLocalInput, positionOf, rangeLabel, timelineDays, wallOf, type ShiftIn,
} from '../../web/src/schedules/timeline.ts';
import { delayWords, escalationPlan, levelStarts, stepsWords, unreachableAt } from '../../web/src/schedules/escalation.ts';

// The dashboard's schedule timeline and escalation preview are pure functions (docs/adr/0604):
// shifts in, positioned blocks out; zone arithmetic read from Intl.

const T = (iso: string) => Date.parse(iso);
const shift = (level: number, user: string, start: string, end: string, source: 'rotation' | 'override' = 'rotation'): ShiftIn => ({ level, user_id: user, layer_id: null, source, start, end });

describe('zone arithmetic', () => {
  it('reads wall time and weekday in a zone', () => {
    expect(wallOf(T('2026-11-25T09:00:00Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 11, day: 25, hour: 10, minute: 0, weekday: 2 });
    expect(wallOf(T('2026-11-25T03:00:00Z'), 'America/New_York')).toMatchObject({ day: 24, hour: 22, weekday: 1 });
  });

  it('maps a wall time to its instant, also across daylight-saving changes', () => {
    expect(instantOf({ year: 2026, month: 11, day: 25, hour: 9, minute: 0 }, 'UTC')).toBe(T('2026-11-25T09:00:00Z'));
    expect(instantOf({ year: 2026, month: 7, day: 1, hour: 9, minute: 0 }, 'Europe/Berlin')).toBe(T('2026-07-01T07:00:00Z'));
    // Skipped hour (Berlin, 29 March 2026, 02:00 → 03:00): the end of the gap.
    expect(instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Berlin')).toBe(T('2026-03-29T01:00:00Z'));
    // Repeated hour (Berlin, 25 October 2026, 03:00 → 02:00): its first occurrence.
    expect(instantOf({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Berlin')).toBe(T('2026-10-25T00:30:00Z'));
    // Southern hemisphere and a half-hour zone.
    expect(instantOf({ year: 2026, month: 1, day: 10, hour: 12, minute: 0 }, 'Australia/Adelaide')).toBe(T('2026-01-10T01:30:00Z'));
  });

  it('round-trips every instant on a minute through its wall time (property)', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Sao_Paulo'];
    fc.assert(
      fc.property(fc.integer({ min: T('2024-01-01T00:00:00Z') / 60_000, max: T('2028-12-31T00:00:00Z') / 60_000 }), fc.constantFrom(...zones), (minute, zone) => {
        const t = minute * 60_000;
        const back = instantOf(wallOf(t, zone), zone);
        // A repeated wall time maps to its first occurrence: never later, and reads the same.
        expect(back).toBeLessThanOrEqual(t);
        expect(wallOf(back, zone)).toEqual(wallOf(t, zone));
      }),
      { numRuns: 400 },
    );
  });

  it('round-trips datetime-local values in the zone', () => {
    expect(localInputValue(T('2026-11-25T09:05:00Z'), 'Asia/Tokyo')).toBe('2026-11-25T18:05');
    expect(parseLocalInput('2026-11-25T18:05', 'Asia/Tokyo')).toBe(T('2026-11-25T09:05:00Z'));
    expect(parseLocalInput('yesterday', 'UTC')).toBeUndefined();
  });

  it('shows two weeks of local days from the Monday of the week, moving by week', () => {
    const now = T('2026-11-25T09:00:00Z'); // a Wednesday
    const days = timelineDays(now, 'UTC', 0);
    expect(days).toHaveLength(15);
    expect(new Date(days[0]!).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(days[14]!).toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(new Date(timelineDays(now, 'UTC', 1)[0]!).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(new Date(timelineDays(now, 'UTC', -1)[0]!).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    // Local midnights: New York's Monday starts at 05:00Z; the DST week has a 25-hour day.
    expect(new Date(timelineDays(now, 'America/New_York', 0)[0]!).toISOString()).toBe('2026-11-23T05:00:00.000Z');
    const dst = timelineDays(T('2026-10-28T12:00:00Z'), 'Europe/Berlin', 0);
    expect(new Date(dst[0]!).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    const week = timelineDays(T('2026-10-21T12:00:00Z'), 'Europe/Berlin', 0); // Sunday 25 October has 25 hours
    expect(week[7]! - week[6]!).toBe(25 * 3_600_000);
    expect(week[6]! - week[5]!).toBe(24 * 3_600_000);
    expect(rangeLabel(days[0]!, days[14]!, 'UTC')).toBe('Nov 23 – Dec 6, 2026');
  });
});

describe('layoutShifts', () => {
  const from = T('2026-11-23T00:00:00Z');
  const to = T('2026-12-07T00:00:00Z');

  it('places each shift by its share of the window, cut at its edges', () => {
    const rows = layoutShifts(
      [shift(1, 'usr_a', '2026-11-16T09:00:00Z', '2026-11-23T12:00:00Z'), shift(1, 'usr_b', '2026-11-23T12:00:00Z', '2026-11-30T12:00:00Z'), shift(1, 'usr_a', '2026-11-30T12:00:00Z', '2026-12-14T12:00:00Z')],
      from,
      to,
      [1, 2],
    );
    expect(rows.map((r) => r.level)).toEqual([1, 2]);
    const [a, b, c] = rows[0]!.blocks;
    expect(a).toMatchObject({ user_id: 'usr_a', lane: 0, left: 0, continuesBefore: true, continuesAfter: false });
    expect(a!.width).toBeCloseTo((12 / (14 * 24)) * 100, 9);
    expect(b).toMatchObject({ user_id: 'usr_b', lane: 0, continuesBefore: false, continuesAfter: false });
    expect(b!.left).toBeCloseTo((12 / (14 * 24)) * 100, 9);
    expect(b!.width).toBeCloseTo(50, 9);
    expect(c).toMatchObject({ continuesAfter: true });
    expect(c!.left + c!.width).toBeCloseTo(100, 9);
    expect(rows[0]!.lanes).toBe(1);
    expect(rows[1]).toEqual({ level: 2, lanes: 1, blocks: [] });
  });

  it('puts overlapping shifts of a level on separate lanes and reuses freed lanes', () => {
    const rows = layoutShifts(
      [
        shift(1, 'usr_a', '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z'),
        shift(1, 'usr_c', '2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z', 'override'),
        shift(1, 'usr_d', '2026-11-24T12:00:00Z', '2026-11-26T00:00:00Z', 'override'),
        shift(1, 'usr_e', '2026-11-26T00:00:00Z', '2026-11-27T00:00:00Z', 'override'),
      ],
      from,
      to,
      [1],
    );
    const lanes = Object.fromEntries(rows[0]!.blocks.map((b) => [b.user_id, b.lane]));
    expect(lanes).toEqual({ usr_a: 0, usr_c: 1, usr_d: 2, usr_e: 1 });
    expect(rows[0]!.lanes).toBe(3);
  });

  it('drops shifts outside the window and empty ones; levels come in order (property: blocks stay inside and never overlap on a lane)', () => {
    expect(layoutShifts([shift(1, 'usr_a', '2026-12-07T00:00:00Z', '2026-12-08T00:00:00Z'), shift(1, 'usr_b', '2026-11-24T00:00:00Z', '2026-11-24T00:00:00Z')], from, to, [1])[0]!.blocks).toEqual([]);
    const span = to - from;
    fc.assert(
      fc.property(
        fc.array(fc.record({ level: fc.integer({ min: 1, max: 3 }), user: fc.constantFrom('usr_a', 'usr_b', 'usr_c'), a: fc.integer({ min: -span, max: 2 * span }), len: fc.integer({ min: 1, max: span }) }), { maxLength: 30 }),
        (xs) => {
          const shifts = xs.map((x) => shift(x.level, x.user, new Date(from + x.a).toISOString(), new Date(from + x.a + x.len).toISOString()));
          const rows = layoutShifts(shifts, from, to, [3, 1, 2]);
          expect(rows.map((r) => r.level)).toEqual([1, 2, 3]);
          for (const r of rows) {
            for (const b of r.blocks) {
              expect(b.left).toBeGreaterThanOrEqual(0);
              expect(b.left + b.width).toBeLessThanOrEqual(100 + 1e-9);
              expect(b.lane).toBeLessThan(r.lanes);
            }
            for (const x of r.blocks)
              for (const y of r.blocks)
                if (x !== y && x.lane === y.lane) expect(Date.parse(x.end) <= Date.parse(y.start) || Date.parse(y.end) <= Date.parse(x.start)).toBe(true);
          }
          const inside = shifts.filter((s) => Date.parse(s.end) > from && Date.parse(s.start) < to).length;
          expect(rows.reduce((n, r) => n + r.blocks.length, 0)).toBe(inside);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('positions now, and names a block with the person, the times in the zone and the override', () => {
    expect(positionOf(T('2026-11-30T00:00:00Z'), from, to)).toBeCloseTo(50, 9);
    expect(positionOf(to, from, to)).toBeUndefined();
    expect(blockLabel(shift(2, 'usr_a', '2026-11-24T08:00:00Z', '2026-11-25T08:00:00Z', 'override'), 'Alice', 'Europe/Berlin')).toBe('Alice, level 2: Tue 24 Nov, 09:00 to Wed 25 Nov, 09:00 (override)');
  });
});

describe('escalation preview', () => {
  const now = T('2026-11-25T09:00:00Z');
  const levels = [{ level: 2, timeout_minutes: 30 }, { level: 1, timeout_minutes: 15 }];
  const channels = [
    { level: 1, priority: 'critical', steps: [{ channel: 'voice', delay_seconds: 120 }, { channel: 'push', delay_seconds: 0 }, { channel: 'sms', delay_seconds: 60 }], default: true },
    { level: 2, priority: 'critical', steps: [{ channel: 'email', delay_seconds: 0 }], default: false },
  ];

  it('starts each level a timeout after the one before', () => {
    expect([...levelStarts(now, levels)]).toEqual([[1, now], [2, now + 15 * 60_000]]);
  });

  it("pages everyone on call at the level's start with its steps, in time order", () => {
    const plan = escalationPlan({ now, levels, onCall: new Map([[1, [{ user_id: 'usr_a', name: 'Alice' }]], [2, [{ user_id: 'usr_b', name: 'Bob' }, { user_id: 'usr_c', name: 'Cleo' }]]]), channels, priority: 'critical', urgency: 'high' });
    expect(plan.map((l) => [l.level, l.startsAt, l.usesDefault])).toEqual([[1, now, true], [2, now + 900_000, false]]);
    expect(plan[0]!.pages.map((p) => [p.name, p.channel, p.at - now, p.skipped])).toEqual([['Alice', 'push', 0, undefined], ['Alice', 'sms', 60_000, undefined], ['Alice', 'voice', 120_000, undefined]]);
    expect(plan[1]!.pages.map((p) => [p.name, p.channel])).toEqual([['Bob', 'email'], ['Cleo', 'email']]);
  });

  it('skips phone steps at low urgency, and pages nobody where nobody is on call or no steps are set', () => {
    const plan = escalationPlan({ now, levels, onCall: new Map([[1, [{ user_id: 'usr_a', name: 'Alice' }]]]), channels, priority: 'critical', urgency: 'low' });
    expect(plan[0]!.pages.filter((p) => p.skipped).map((p) => p.channel)).toEqual(['sms', 'voice']);
    expect(plan[1]!.pages).toEqual([]);
    expect(escalationPlan({ now, levels, onCall: new Map([[1, [{ user_id: 'usr_a', name: 'Alice' }]]]), channels, priority: 'info', urgency: 'high' })[0]!.pages).toEqual([]);
  });

  it('says steps in words', () => {
    expect(delayWords(0)).toBe('at once');
    expect(delayWords(90)).toBe('after 1 min 30 s');
    expect(delayWords(45)).toBe('after 45 s');
    expect(stepsWords(channels[0]!.steps)).toBe('Push at once, SMS after 1 min, Voice call after 2 min');
    expect(stepsWords([])).toBe('Nobody is paged');
  });
});

describe('unreachableAt (the preview\'s warnings, PRODUCT.md 10)', () => {
  const shift = (user_id: string, start: string, end: string, reachable: boolean, problems: string[] = []) => ({ level: 1, user_id, name: user_id, start, end, reachable, problems });
  const rows = [
    shift('ann', '2026-03-11T09:00:00Z', '2026-03-12T09:00:00Z', false, ['push: no working device']),
    shift('ann', '2026-03-12T09:00:00Z', '2026-03-13T09:00:00Z', true),
    shift('bob', '2026-03-11T09:00:00Z', '2026-03-12T09:00:00Z', true),
  ];
  const people = [{ user_id: 'ann', name: 'Ann' }, { user_id: 'bob', name: 'Bob' }];
  it('names the people whose shift at the level\'s start does not reach them, with why', () => {
    expect(unreachableAt(rows, 1, people, Date.parse('2026-03-11T15:00:00Z'))).toEqual([{ name: 'Ann', problems: ['push: no working device'] }]);
    expect(unreachableAt(rows, 1, people, Date.parse('2026-03-12T09:00:00Z'))).toEqual([]);
    expect(unreachableAt(rows, 2, people, Date.parse('2026-03-11T15:00:00Z'))).toEqual([]);
  });
});
