import { DAY, MINUTE, WEEKDAYS, type Weekday, dayOf, resolveWall, toWall, weekdayOf } from '../schedule/index.ts';

/**
 * When a maintenance window is active (PRODUCT.md 11; docs/adr/0821-maintenance-windows.md), pure.
 * A one-off window is [start, end). A weekly one starts on each of its days at a local wall-clock
 * time in its zone, in every season (the schedule module's rules: a start inside a skipped hour is
 * at the first instant after the gap, inside a repeated hour at its first occurrence) and lasts
 * `durationMinutes` of elapsed time. "End now" (`endedAt`) cuts the occurrence running then;
 * later occurrences of a weekly window still happen.
 */

export interface WeeklyRecurrence {
  timeZone: string;
  days: Weekday[];
  /** Minutes after local midnight. */
  startMinute: number;
  durationMinutes: number;
}

export type WindowSpec =
  | { kind: 'once'; start: number; end: number; endedAt: number | null }
  | { kind: 'weekly'; recurrence: WeeklyRecurrence; endedAt: number | null };

export interface Occurrence {
  start: number;
  end: number;
}

/** Occurrences that overlap [from, to), in start order, cut by `endedAt`. */
export function occurrencesBetween(w: WindowSpec, from: number, to: number): Occurrence[] {
  const raw: Occurrence[] = [];
  if (w.kind === 'once') raw.push({ start: w.start, end: w.end });
  else {
    const r = w.recurrence;
    const days = new Set(r.days.map((d) => WEEKDAYS.indexOf(d)));
    const durationMs = r.durationMinutes * MINUTE;
    // Local days whose start may overlap: from a day before (from − duration) to a day after `to`.
    const first = dayOf(toWall(r.timeZone, from - durationMs)) - DAY;
    const last = dayOf(toWall(r.timeZone, to)) + DAY;
    for (let d = first; d <= last; d += DAY) {
      if (!days.has(weekdayOf(d))) continue;
      const start = resolveWall(r.timeZone, d + r.startMinute * MINUTE);
      raw.push({ start, end: start + durationMs });
    }
  }
  const out: Occurrence[] = [];
  for (const o of raw) {
    const end = w.endedAt !== null && o.start <= w.endedAt ? Math.min(o.end, w.endedAt) : o.end;
    if (end > o.start && o.start < to && end > from) out.push({ start: o.start, end });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Whether the window is active at `t`, and until when (overlapping occurrences run on as one). */
export function activeUntil(w: WindowSpec, t: number): number | null {
  const horizon = w.kind === 'once' ? 0 : w.recurrence.durationMinutes * MINUTE;
  const occ = occurrencesBetween(w, t - horizon, t + horizon + 8 * DAY);
  let until: number | null = null;
  for (const o of occ) {
    if (until === null) {
      if (o.start <= t && t < o.end) until = o.end;
    } else if (o.start <= until) until = Math.max(until, o.end);
  }
  return until;
}

/** The next occurrence that starts after `t` (for "upcoming"), or null. */
export function nextStart(w: WindowSpec, t: number): Occurrence | null {
  if (w.kind === 'once') return w.start > t && (w.endedAt === null || w.endedAt >= w.start) ? { start: w.start, end: w.end } : null;
  const occ = occurrencesBetween(w, t, t + 8 * DAY);
  return occ.find((o) => o.start > t) ?? null;
}
