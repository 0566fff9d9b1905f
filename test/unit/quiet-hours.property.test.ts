import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS, type Weekday } from '../../src/modules/schedule/index.ts';
import { type PersonRules, type QuietHours, quietUntil } from '../../src/modules/paging/rules.ts';

// Quiet hours against a deliberately simple reference (issue 35 item 2), as the schedules'
// oncall.property.test.ts does: the reference walks minute by minute from the page's due time,
// reads the local clock of each minute with Intl (not the module's tz code), and releases the page
// the first minute the clock is outside the quiet hours. Instants drawn around each zone's DST
// changes of 2026 and 2027. Fixed seeds; FUZZ_SEED and FUZZ_RUNS explore further.

const SEED = Number(process.env.FUZZ_SEED ?? 20261205);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const MIN = 60_000;

const ZONES = [
  'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns', 'America/Santiago', 'America/Havana',
  'America/Asuncion', 'Atlantic/Azores', 'Europe/Dublin', 'Europe/Paris', 'Africa/Casablanca', 'Africa/Cairo', 'Asia/Jerusalem', 'Asia/Beirut',
  'Australia/Sydney', 'Australia/Adelaide', 'Pacific/Auckland', 'Pacific/Norfolk', 'Antarctica/Troll', 'Asia/Kathmandu', 'UTC',
];

const DAYS: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();
function localClock(zone: string, t: number): { weekday: number; minute: number } {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formats.set(zone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(t)) p[part.type] = part.value;
  return { weekday: DAYS[p.weekday!]!, minute: Number(p.hour) * 60 + Number(p.minute) };
}
const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
function refQuiet(q: QuietHours, t: number): boolean {
  const c = localClock(q.time_zone, t);
  const days = q.days.map((d) => WEEKDAYS.indexOf(d));
  const s = hm(q.start);
  const e = hm(q.end);
  if (s < e) return days.includes(c.weekday) && c.minute >= s && c.minute < e;
  return (days.includes(c.weekday) && c.minute >= s) || (days.includes((c.weekday + 6) % 7) && c.minute < e);
}
/** The first whole minute at or after t outside the quiet hours (t itself when outside). */
function refRelease(q: QuietHours, t: number): number {
  for (let m = t; m < t + 8 * 24 * 60 * MIN; m += MIN) if (!refQuiet(q, m)) return m;
  throw new Error('never released');
}

function transitions(zone: string): number[] {
  const out: number[] = [];
  let z = Temporal.Instant.from('2026-01-01T00:00:00Z').toZonedDateTimeISO(zone);
  for (;;) {
    const next = z.getTimeZoneTransition('next');
    if (!next || next.epochMilliseconds > Date.parse('2028-01-01T00:00:00Z')) return out;
    out.push(next.epochMilliseconds);
    z = next;
  }
}

const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45, 59)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const arbQuiet = (zone: string) =>
  fc.record({
    time_zone: fc.constant(zone),
    days: fc.subarray([...WEEKDAYS] as Weekday[], { minLength: 1 }),
    // Near the usual DST hours (00:00–03:59) half of the time, so edges land in gaps and repeats.
    start: fc.oneof(clock, fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0, 30)).map(([h, m]) => `0${h}:${m ? '30' : '00'}`)),
    end: fc.oneof(clock, fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0, 30)).map(([h, m]) => `0${h}:${m ? '30' : '00'}`)),
  }).filter((q) => q.start !== q.end);

const rulesWith = (q: QuietHours): PersonRules => ({ high: [], low: [], quiet_hours: q, handoff_notice_minutes: null });

describe('quiet hours: held until they end, in their own zone, DST-correct', () => {
  ZONES.forEach((zone, zi) => {
    const near = transitions(zone);
    it(`${zone}: a low-urgency page is released the first minute outside the quiet hours; high urgency never waits`, () => {
      fc.assert(
        fc.property(arbQuiet(zone), fc.nat(), fc.integer({ min: -36 * 60, max: 36 * 60 }), (q, pick, offset) => {
          const base = near.length ? near[pick % near.length]! : Date.parse('2026-06-01T00:00:00Z');
          const due = Math.floor(base / MIN) * MIN + offset * MIN;
          const rules = rulesWith(q);
          const until = quietUntil(rules, 'low', due, true);
          const release = refRelease(q, due);
          if (release === due) expect(until).toBeUndefined();
          else expect(until).toBe(release);
          expect(quietUntil(rules, 'high', due, true)).toBeUndefined();
          // The organization's switch off: nobody's quiet hours hold anything.
          expect(quietUntil(rules, 'low', due, false)).toBeUndefined();
        }),
        { seed: SEED + zi, numRuns: RUNS },
      );
    });
  });

  it('examples: London 22:00–07:00 across the spring and autumn changes', () => {
    const q: QuietHours = { time_zone: 'Europe/London', days: [...WEEKDAYS], start: '22:00', end: '07:00' };
    // 2026-03-29: clocks go 01:00 GMT → 02:00 BST; 07:00 BST is 06:00Z.
    expect(new Date(quietUntil(rulesWith(q), 'low', Date.parse('2026-03-28T23:30:00Z'), true)!).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    // 2026-10-25: clocks go 02:00 BST → 01:00 GMT; 07:00 GMT is 07:00Z.
    expect(new Date(quietUntil(rulesWith(q), 'low', Date.parse('2026-10-24T22:30:00Z'), true)!).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    // An end inside the skipped hour: at the first instant after the gap.
    const gap: QuietHours = { time_zone: 'Europe/London', days: ['sat'], start: '23:00', end: '01:30' };
    expect(new Date(quietUntil(rulesWith(gap), 'low', Date.parse('2026-03-28T23:30:00Z'), true)!).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });
});
