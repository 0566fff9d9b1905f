import { Temporal } from 'temporal-polyfill';

/**
 * The one door to time-zone data (docs/adr/0400-on-call-time.md). Offsets and transitions come
 * from temporal-polyfill (the runtime's ICU tzdata); the rules PRODUCT.md 7.1 sets for wall-clock
 * times that do not exist or exist twice are applied here and nowhere else:
 *   - a wall time inside a skipped hour (a gap) happens at the first instant after the gap;
 *   - a wall time inside a repeated hour (an overlap) happens at its first occurrence.
 *
 * Wall-clock times are numbers: milliseconds since 1970-01-01T00:00 of the local calendar, as if
 * the local clock were UTC. Calendar arithmetic on them (add a day, find the weekday) is plain
 * Date.UTC arithmetic; only the step between a wall time and an instant needs the zone.
 */
export type Wall = number;

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/**
 * The IANA zone `name` names, as the runtime spells it ("america/new_york" → "America/New_York"),
 * or undefined when it is not one (names only: "+05:00" and other bare offsets are not zones).
 */
export function ianaZone(name: string): string | undefined {
  if (!name || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-]*(\/[A-Za-z0-9_+\-]+)*$/.test(name)) return undefined;
  try {
    return Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(name).timeZoneId;
  } catch {
    return undefined;
  }
}

const offsetMs = (zone: string, t: number): number => Temporal.Instant.fromEpochMilliseconds(t).toZonedDateTimeISO(zone).offsetNanoseconds / 1e6;

/** The wall-clock time at instant `t` in `zone`. */
export const toWall = (zone: string, t: number): Wall => t + offsetMs(zone, t);

function plainOf(w: Wall): Temporal.PlainDateTime {
  const d = new Date(w);
  return new Temporal.PlainDateTime(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/**
 * Every instant whose wall-clock time in `zone` is `w`: one; two inside an overlap (first
 * occurrence first); none inside a gap, where the answer is the gap's end (the transition instant).
 */
export function instantsOfWall(zone: string, w: Wall): number[] {
  const pdt = plainOf(w);
  const earlier = pdt.toZonedDateTime(zone, { disambiguation: 'earlier' });
  const first = earlier.epochMilliseconds;
  if (toWall(zone, first) !== w) {
    // A gap: 'earlier' reads the wall time with the offset from before the gap, which lands
    // before the transition; the next transition is the first instant after the gap.
    const next = earlier.getTimeZoneTransition('next');
    return [next ? next.epochMilliseconds : first];
  }
  const second = pdt.toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds;
  return second !== first ? [first, second] : [first];
}

/** The instant a wall-clock time happens at, under PRODUCT.md 7.1's rules (see the module note). */
export const resolveWall = (zone: string, w: Wall): number => instantsOfWall(zone, w)[0]!;

/** Instants in (from, to] at which the zone's offset changes. */
export function transitionsBetween(zone: string, from: number, to: number): number[] {
  const out: number[] = [];
  let z = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(zone);
  for (;;) {
    const next = z.getTimeZoneTransition('next');
    if (!next || next.epochMilliseconds > to) return out;
    out.push(next.epochMilliseconds);
    z = next;
  }
}

/**
 * The zone over one span of time with its transitions listed once, so the many conversions of a
 * shift computation are arithmetic (a lookup and an addition) instead of a library call each.
 * Outside the span it asks the library, with the same rules.
 */
export class ZoneSpan {
  private readonly times: number[];
  /** offsets[0] before times[0]; offsets[i + 1] from times[i] on. */
  private readonly offsets: number[];
  private readonly distinct: number[];

  constructor(
    readonly zone: string,
    readonly from: number,
    readonly to: number,
  ) {
    this.times = transitionsBetween(zone, from, to);
    this.offsets = [offsetMs(zone, from), ...this.times.map((t) => offsetMs(zone, t))];
    this.distinct = [...new Set(this.offsets)].sort((a, b) => b - a);
  }

  private inside(t: number): boolean {
    return t >= this.from && t <= this.to;
  }

  offsetAt(t: number): number {
    if (!this.inside(t)) return offsetMs(this.zone, t);
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.times[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return this.offsets[lo]!;
  }

  toWall(t: number): Wall {
    return t + this.offsetAt(t);
  }

  /** As instantsOfWall. */
  instantsOf(w: Wall): number[] {
    const found: number[] = [];
    // Largest offset first: the earliest instant first.
    for (const o of this.distinct) {
      const t = w - o;
      if (!this.inside(t)) return instantsOfWall(this.zone, w);
      if (this.offsetAt(t) === o) found.push(t);
    }
    if (found.length) return found;
    // A gap: the transition whose jump skips w.
    for (let i = 0; i < this.times.length; i++) {
      const t = this.times[i]!;
      if (t + this.offsets[i]! <= w && w < t + this.offsets[i + 1]!) return [t];
    }
    return instantsOfWall(this.zone, w);
  }

  resolve(w: Wall): number {
    return this.instantsOf(w)[0]!;
  }

  /** Transition instants in (a, b]. */
  transitions(a: number, b: number): number[] {
    if (a < this.from || b > this.to) return transitionsBetween(this.zone, a, b);
    return this.times.filter((t) => t > a && t <= b);
  }
}

/**
 * A ZoneSpan of about a year around `t`, kept per zone and year: a zone's transitions are data of
 * the runtime's tzdata, so one list serves every lookup of that year (the engine's on-call lookups
 * then need no library call). At most 256 are kept.
 */
const YEAR_SPAN = 366 * DAY;
const MARGIN = 45 * DAY;
const spans = new Map<string, ZoneSpan>();
export function zoneSpanAt(zone: string, t: number): ZoneSpan {
  const bucket = Math.floor(t / YEAR_SPAN);
  const key = `${zone}|${bucket}`;
  let span = spans.get(key);
  if (!span) {
    span = new ZoneSpan(zone, bucket * YEAR_SPAN - MARGIN, (bucket + 1) * YEAR_SPAN + MARGIN);
    if (spans.size >= 256) spans.delete(spans.keys().next().value!);
    spans.set(key, span);
  }
  return span;
}

// ---- Wall-clock calendar arithmetic (no zone) ----

/** A wall time from its fields (month 1–12); years below 100 are taken literally. */
export function wallOf(year: number, month: number, day: number, hour = 0, minute = 0): Wall {
  const d = new Date(Date.UTC(2000, month - 1, day, hour, minute));
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "YYYY-MM-DDTHH:MM" as a wall time, or undefined when it is not a real date and time. */
export function parseLocal(text: string): Wall | undefined {
  const m = LOCAL.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59) return undefined;
  return wallOf(y, mo, d, h, mi);
}

/** "HH:MM" as minutes after midnight, or undefined. */
export function parseClock(text: string): number | undefined {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  return h <= 23 && mi <= 59 ? h * 60 + mi : undefined;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(wallOf(year, month + 1, 0)).getUTCDate();
}

/** `w` plus `n` calendar months; a day the month lacks becomes its last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(w: Wall, n: number): Wall {
  const d = new Date(w);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + n;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  return wallOf(year, month, Math.min(d.getUTCDate(), daysInMonth(year, month)), d.getUTCHours(), d.getUTCMinutes());
}

/** Whole months from `a` to `b` counted by calendar month only (days and times ignored). */
export function monthsBetween(a: Wall, b: Wall): number {
  const x = new Date(a);
  const y = new Date(b);
  return (y.getUTCFullYear() - x.getUTCFullYear()) * 12 + (y.getUTCMonth() - x.getUTCMonth());
}

/** Midnight of the wall time's day. */
export const dayOf = (w: Wall): Wall => Math.floor(w / DAY) * DAY;
/** Minutes after midnight. */
export const minuteOfDay = (w: Wall): number => Math.floor((w - dayOf(w)) / MINUTE);
/** 0 = Monday … 6 = Sunday. */
export const weekdayOf = (w: Wall): number => (new Date(w).getUTCDay() + 6) % 7;
