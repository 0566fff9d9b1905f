import { type Restriction, restrictionsAllow } from './oncall.ts';
import { DAY, dayOf, instantsOfWall, parseClock, toWall, transitionsBetween } from './tz.ts';

/**
 * A weekly wall-clock window (a layer's restriction, a person's quiet hours: `{days, start, end}`,
 * end ≤ start crossing midnight) read in a zone at an instant: whether the instant is inside, and
 * when the window ends. The window's edges are wall-clock times, so they move with DST: an end in a
 * skipped hour is at the first instant after the gap, an end in a repeated hour at its first
 * occurrence (PRODUCT.md 7.1's rules, tz.ts), and a clock change can itself end the window.
 */

/** Whether instant `t` is inside the window in `zone`. */
export const insideWindow = (zone: string, w: Restriction, t: number): boolean => restrictionsAllow([w], toWall(zone, t));

/**
 * The first instant after `t` outside the window, when `t` is inside it; undefined when `t` is
 * outside. A window whose start equals its end never ends (it is refused where it is written).
 */
export function windowEndAfter(zone: string, w: Restriction, t: number): number | undefined {
  if (!insideWindow(zone, w, t)) return undefined;
  const end = parseClock(w.end);
  const start = parseClock(w.start);
  if (end === undefined || start === undefined || end === start) return undefined;
  // The window changes only where the wall clock reads its start or end, or where the clock jumps.
  const today = dayOf(toWall(zone, t));
  const candidates = new Set<number>();
  for (let d = today - DAY; d <= today + 2 * DAY; d += DAY) {
    for (const m of [start, end]) for (const p of instantsOfWall(zone, d + m * 60_000)) if (p > t) candidates.add(p);
  }
  for (const p of transitionsBetween(zone, t, t + 3 * DAY)) candidates.add(p);
  for (const p of [...candidates].sort((a, b) => a - b)) if (!insideWindow(zone, w, p)) return p;
  return undefined;
}
