// Pure time-zone and timeline layout code of the schedule pages (docs/adr/0604): no DOM, no React,
// tested in test/unit/schedule-timeline.test.ts. Instants are epoch milliseconds; wall times are in
// the schedule's IANA zone, read with Intl (no library: the browser has every zone).

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface Wall {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  weekday: number; // 0 = Monday … 6 = Sunday
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formatters.set(zone, f);
  }
  return f;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The wall-clock reading of an instant in a zone. */
export function wallOf(ms: number, zone: string): Wall {
  const p: Record<string, string> = {};
  for (const part of partsFormatter(zone).formatToParts(new Date(ms))) p[part.type] = part.value;
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour) % 24, minute: Number(p.minute), weekday: WEEKDAYS.indexOf(p.weekday ?? 'Mon') };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function offsetAt(ms: number, zone: string): number {
  const w = wallOf(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return asUtc - Math.floor(ms / MINUTE) * MINUTE;
}

/**
 * The instant of a local wall time in a zone. A time the clock skips (spring forward) maps to the
 * end of the gap; a repeated one (fall back) to its first occurrence, as the schedule engine does.
 */
export function instantOf(w: Pick<Wall, 'year' | 'month' | 'day' | 'hour' | 'minute'>, zone: string): number {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  // Candidates from the offsets around the guess; the earliest that reads back as the wall time.
  const offsets = new Set([offsetAt(guess - DAY, zone), offsetAt(guess, zone), offsetAt(guess + DAY, zone)]);
  const hits = [...offsets].map((o) => guess - o).filter((t) => sameWall(wallOf(t, zone), w)).sort((a, b) => a - b);
  if (hits.length) return hits[0]!;
  // Skipped: the first instant after the gap, where the zone's offset changes (found by halving).
  const before = offsetAt(guess - DAY, zone);
  let lo = guess - Math.max(before, offsetAt(guess + DAY, zone));
  let hi = guess - Math.min(before, offsetAt(guess + DAY, zone));
  while (hi - lo > MINUTE) {
    const mid = Math.floor((lo + hi) / 2 / MINUTE) * MINUTE;
    if (offsetAt(mid, zone) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}
const sameWall = (a: Wall, b: Pick<Wall, 'year' | 'month' | 'day' | 'hour' | 'minute'>) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/** The local date `days` days after a wall date (calendar days, not 24-hour steps). */
export function addDays(w: Pick<Wall, 'year' | 'month' | 'day'>, days: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Midnight of each of `days` local days starting on the Monday of the week of `at`, moved by `weeks`. */
export function timelineDays(at: number, zone: string, weeks: number, days = 14): number[] {
  const w = wallOf(at, zone);
  const monday = addDays(w, -w.weekday + weeks * 7);
  return Array.from({ length: days + 1 }, (_, i) => instantOf({ ...addDays(monday, i), hour: 0, minute: 0 }, zone));
}

/** "2026-11-25T09:00" (for <input type="datetime-local">) of an instant in a zone. */
export function localInputValue(ms: number, zone: string): string {
  const w = wallOf(ms, zone);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${p(w.month)}-${p(w.day)}T${p(w.hour)}:${p(w.minute)}`;
}

/** The instant of a "YYYY-MM-DDTHH:MM" local value in a zone, or undefined when it is not one. */
export function parseLocalInput(value: string, zone: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return undefined;
  return instantOf({ year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +m[4]!, minute: +m[5]! }, zone);
}

// ---- Layout ----

export interface ShiftIn {
  level: number;
  user_id: string;
  layer_id: string | null;
  source: 'rotation' | 'override';
  start: string;
  end: string;
}

export interface Block extends ShiftIn {
  /** Row within the level: overlapping shifts (an added person) get rows of their own. */
  lane: number;
  /** Position and size in percent of the window. */
  left: number;
  width: number;
  /** The shift goes on before / after the window. */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

export interface LevelRow {
  level: number;
  lanes: number;
  blocks: Block[];
}

/**
 * Places every shift of the window [from, to) on its level's row: a block's left and width are its
 * share of the window (cut at its edges), and shifts that overlap in time go on separate lanes
 * (first lane free at the shift's start). Levels without shifts still get an empty row.
 */
export function layoutShifts(shifts: ShiftIn[], from: number, to: number, levels: number[]): LevelRow[] {
  const span = to - from;
  const rows = new Map<number, LevelRow>();
  for (const l of [...levels].sort((a, b) => a - b)) rows.set(l, { level: l, lanes: 1, blocks: [] });
  const ordered = shifts
    .map((s) => ({ s, start: Date.parse(s.start), end: Date.parse(s.end) }))
    .filter((x) => x.end > from && x.start < to && x.end > x.start)
    .sort((a, b) => a.s.level - b.s.level || a.start - b.start || a.end - b.end || (a.s.user_id < b.s.user_id ? -1 : 1));
  const laneEnds = new Map<number, number[]>();
  for (const { s, start, end } of ordered) {
    let row = rows.get(s.level);
    if (!row) rows.set(s.level, (row = { level: s.level, lanes: 1, blocks: [] }));
    const ends = laneEnds.get(s.level) ?? [];
    laneEnds.set(s.level, ends);
    let lane = ends.findIndex((e) => e <= start);
    if (lane === -1) lane = ends.push(end) - 1;
    else ends[lane] = end;
    const a = Math.max(start, from);
    const b = Math.min(end, to);
    row.blocks.push({
      ...s,
      lane,
      left: ((a - from) / span) * 100,
      width: ((b - a) / span) * 100,
      continuesBefore: start < from,
      continuesAfter: end > to,
    });
    row.lanes = Math.max(row.lanes, ends.length);
  }
  return [...rows.values()].sort((a, b) => a.level - b.level);
}

/** Where an instant falls in the window, in percent; undefined outside it. */
export function positionOf(at: number, from: number, to: number): number | undefined {
  return at >= from && at < to ? ((at - from) / (to - from)) * 100 : undefined;
}

// ---- Words ----

/** "Mon, Nov 23, 09:00" in the zone. */
export function formatIn(ms: number, zone: string, opts: { withDate?: boolean } = { withDate: true }): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    ...(opts.withDate === false ? {} : { weekday: 'short', month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(ms));
}

/** "Mon 23" for a day heading in the zone. */
export function dayLabel(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', day: 'numeric' }).format(new Date(ms));
}

/** "Nov 23 – Dec 7, 2026" for the window heading (end exclusive: the last day shown). */
export function rangeLabel(from: number, to: number, zone: string): string {
  const f = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric' });
  const y = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric', year: 'numeric' });
  return `${f.format(new Date(from))} – ${y.format(new Date(to - 1))}`;
}

/** The words of a shift block: who, when (in the zone), and how. */
export function blockLabel(b: Pick<ShiftIn, 'level' | 'source' | 'start' | 'end'>, name: string, zone: string): string {
  const how = b.source === 'override' ? ' (override)' : '';
  return `${name}, level ${b.level}: ${formatIn(Date.parse(b.start), zone)} to ${formatIn(Date.parse(b.end), zone)}${how}`;
}
