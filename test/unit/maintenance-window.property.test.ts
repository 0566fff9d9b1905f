import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS, type Weekday } from '../../src/modules/schedule/index.ts';
import { type WindowSpec, activeUntil, occurrencesBetween } from '../../src/modules/maintenance/window.ts';

// Weekly maintenance windows against a minute-walking reference (as the schedule module's
// oncall.property.test.ts): the reference reads the local clock of each minute with Intl (not the
// module's tz code) and starts an occurrence the first minute the local clock reaches the window's
// wall-clock start on one of its days (so a start in a skipped hour is when the clock jumps past
// it, one in a repeated hour is on its first pass); it lasts `duration` minutes. Random windows in
// zones with DST changes, around the changes of 2026. Fixed seed; FUZZ_SEED and FUZZ_RUNS explore.

const SEED = Number(process.env.FUZZ_SEED ?? 20261205);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const MIN = 60_000;
const ZONES = [
  'America/New_York', 'Europe/London', 'Europe/Berlin', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns', 'America/Santiago',
  'Australia/Sydney', 'Pacific/Auckland', 'America/Havana', 'Asia/Jerusalem', 'Africa/Cairo', 'America/Asuncion', 'Antarctica/Troll', 'Asia/Tokyo', 'UTC',
];
const DAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();
function local(zone: string, t: number) {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formats.set(zone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(t)) p[part.type] = part.value;
  const date = Number(p.year) * 1e4 + Number(p.month) * 100 + Number(p.day);
  return { date, weekday: DAYS[p.weekday!]!, minute: Number(p.hour) * 60 + Number(p.minute) };
}

/** Minutes in [from, to) when the reference says the window is active. */
function reference(zone: string, days: Weekday[], startMinute: number, duration: number, from: number, to: number): Set<number> {
  const want = new Set(days.map((d) => WEEKDAYS.indexOf(d)));
  const starts: number[] = [];
  const walkFrom = from - (duration + 2 * 24 * 60) * MIN;
  let prev = local(zone, walkFrom - MIN);
  for (let t = walkFrom; t < to; t += MIN) {
    const cur = local(zone, t);
    // A start is reached when the clock passes (date, start) of today's date, or of the previous
    // minute's date (a jump across midnight).
    const key = (c: { date: number; minute: number }) => c.date * 1e4 + c.minute;
    const candidates = new Map<number, number>([[cur.date, cur.weekday], [prev.date, prev.weekday]]);
    for (const [date, weekday] of candidates) {
      const target = date * 1e4 + startMinute;
      if (want.has(weekday) && key(prev) < target && target <= key(cur)) starts.push(t);
    }
    prev = cur;
  }
  const active = new Set<number>();
  for (const s of starts) for (let t = Math.max(s, from); t < Math.min(s + duration * MIN, to); t += MIN) active.add(t);
  return active;
}

function transitions2026(zone: string): number[] {
  const out: number[] = [];
  let z = Temporal.Instant.from('2026-01-01T00:00:00Z').toZonedDateTimeISO(zone);
  for (;;) {
    const next = z.getTimeZoneTransition('next');
    if (!next || next.epochMilliseconds > Date.parse('2027-01-01T00:00:00Z')) return out;
    out.push(next.epochMilliseconds);
    z = next;
  }
}

describe('weekly maintenance windows against the minute-walking reference', () => {
  for (const zone of ZONES) {
    it(`${zone}: active exactly when the reference says, around each DST change`, () => {
      const around = transitions2026(zone);
      if (!around.length) around.push(Date.parse('2026-03-29T01:00:00Z'));
      fc.assert(
        fc.property(
          fc.subarray([...WEEKDAYS], { minLength: 1 }),
          fc.oneof(fc.constantFrom(0, 60, 90, 120, 150, 180, 30, 1439), fc.integer({ min: 0, max: 1439 })),
          fc.oneof(fc.constantFrom(1, 30, 60, 61, 120, 1440, 2880), fc.integer({ min: 1, max: 4000 })),
          fc.constantFrom(...around),
          fc.integer({ min: -3 * 24 * 60, max: 0 }),
          (days, startMinute, duration, transition, shift) => {
            const from = Math.floor(transition / MIN) * MIN + shift * MIN;
            const to = from + 3 * 24 * 60 * MIN;
            const spec: WindowSpec = { kind: 'weekly', recurrence: { timeZone: zone, days: days as Weekday[], startMinute, durationMinutes: duration }, endedAt: null };
            const want = reference(zone, days as Weekday[], startMinute, duration, from, to);
            const occ = occurrencesBetween(spec, from, to);
            for (let t = from; t < to; t += MIN) {
              const got = occ.some((o) => o.start <= t && t < o.end);
              if (got !== want.has(t)) throw new Error(`${zone} ${JSON.stringify({ days, startMinute, duration })} at ${new Date(t).toISOString()}: module ${got}, reference ${want.has(t)}`);
            }
            // activeUntil (a zone computation per call) at every occurrence's edges and a sample between.
            const probes = [...occ.flatMap((o) => [o.start - MIN, o.start, o.end - MIN, o.end]), ...Array.from({ length: 24 }, (_, i) => from + i * 4 * 60 * MIN)];
            for (const t of probes.filter((x) => x >= from && x < to)) {
              const until = activeUntil(spec, t);
              if ((until !== null) !== want.has(t)) throw new Error(`activeUntil disagrees at ${new Date(t).toISOString()}`);
              if (until !== null && until <= t) throw new Error('activeUntil not after t');
            }
          },
        ),
        { seed: SEED + zone.length, numRuns: RUNS },
      );
    });
  }
});

describe('one-off windows and "end now"', () => {
  const H = 3_600_000;
  it('[start, end); endedAt cuts the running occurrence only', () => {
    const once: WindowSpec = { kind: 'once', start: 10 * H, end: 12 * H, endedAt: null };
    expect(activeUntil(once, 10 * H - 1)).toBeNull();
    expect(activeUntil(once, 10 * H)).toBe(12 * H);
    expect(activeUntil(once, 12 * H)).toBeNull();
    expect(activeUntil({ ...once, endedAt: 11 * H }, 11 * H)).toBeNull();
    expect(activeUntil({ ...once, endedAt: 11 * H }, 11 * H - 1)).toBe(11 * H);
    const mon = Date.parse('2026-03-02T00:00:00Z');
    const weekly: WindowSpec = { kind: 'weekly', recurrence: { timeZone: 'UTC', days: ['mon'], startMinute: 120, durationMinutes: 60 }, endedAt: mon + 2.5 * H };
    expect(activeUntil(weekly, mon + 2.5 * H)).toBeNull();
    expect(activeUntil(weekly, mon + 7 * 24 * H + 2.5 * H)).toBe(mon + 7 * 24 * H + 3 * H);
  });
});
