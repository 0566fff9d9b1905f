import {
  DAY, HOUR, type Wall, ZoneSpan, addMonths, dayOf, minuteOfDay, monthsBetween, parseClock, parseLocal, weekdayOf, zoneSpanAt,
} from './tz.ts';

/**
 * Who is on call: the pure core of schedules (PRODUCT.md 7.1, docs/adr/0400-on-call-time.md). No
 * database and no clock: every instant is an argument (epoch milliseconds). Rules:
 *
 * - Rotation. Handoff k happens at the wall-clock time `handoffLocal + k × length units` in the
 *   schedule's zone (calendar units: months from the anchor, so Jan 31 → Feb 28 → Mar 31), resolved
 *   by tz.ts (a skipped time at the end of the gap, a repeated one at its first occurrence). Shift k
 *   runs from handoff k to handoff k + 1, participant `(offset + k) mod n`, for every k, also before
 *   the anchor. Two handoffs at one instant (hourly handoffs in a skipped hour) make an empty shift.
 * - Restrictions: a layer counts only while the local wall-clock time falls in one of its windows
 *   ({days, start, end}: starts on one of `days` at `start`, ends at `end` that day, or the next day
 *   when end ≤ start). The test is on the local clock at the instant, so a repeated hour is inside
 *   a window each time the clock shows it.
 * - Effective window: [effectiveFrom, effectiveUntil), either end open.
 * - Overrides apply in creation (id) order, those scoped to a layer first, to that layer: `add`
 *   adds a person, `remove` removes one, `replace` swaps remove for add only while remove is on call.
 * - A layer is present when it has someone after its own overrides; the present layers of the
 *   highest precedence win (several when they tie), in document order.
 * - Then the level's unscoped overrides, in id order, on the level's result.
 * - A person appears once per level: the first way they came is the one reported.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type RotationUnit = 'hour' | 'day' | 'week' | 'month';

export interface Restriction {
  days: Weekday[];
  /** "HH:MM" local. */
  start: string;
  end: string;
}

export interface Rotation {
  unit: RotationUnit;
  length: number;
  /** "YYYY-MM-DDTHH:MM" in the schedule's zone. */
  handoffLocal: string;
  participants: string[];
  /** The participant index on call in the shift that starts at handoffLocal. */
  offset: number;
}

export interface Layer {
  id: string;
  precedence: number;
  rotation: Rotation;
  restrictions: Restriction[];
  effectiveFrom: number | null;
  effectiveUntil: number | null;
}

export interface Level {
  level: number;
  layers: Layer[];
}

export interface Schedule {
  timeZone: string;
  levels: Level[];
}

export type OverrideKind = 'add' | 'remove' | 'replace';

export interface Override {
  id: string;
  level: number;
  layerId: string | null;
  kind: OverrideKind;
  addUserId: string | null;
  removeUserId: string | null;
  start: number;
  end: number;
}

export interface OnCallUser {
  userId: string;
  source: 'rotation' | 'override';
  /** The layer the person is on call through; null for an override of the whole level. */
  layerId: string | null;
}

export interface Shift extends OnCallUser {
  level: number;
  start: number;
  end: number;
}

const UNIT_MS: Record<Exclude<RotationUnit, 'month'>, number> = { hour: HOUR, day: DAY, week: 7 * DAY };

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** Wall-clock conversions: through the zone's cached yearly spans, or a ZoneSpan over the window being computed. */
interface Clockwork {
  toWall(t: number): Wall;
  resolve(w: Wall): number;
}
const direct = (zone: string): Clockwork => ({
  toWall: (t) => zoneSpanAt(zone, t).toWall(t),
  // A wall time is within 26 hours of its instant: the span of the wall time's own year holds it.
  resolve: (w) => zoneSpanAt(zone, w).resolve(w),
});

// ---- Rotations ----

function anchorOf(rot: Rotation): Wall {
  const w = parseLocal(rot.handoffLocal);
  if (w === undefined) throw new Error(`handoffLocal "${rot.handoffLocal}" is not YYYY-MM-DDTHH:MM`);
  return w;
}

/** The wall-clock time of handoff k. */
function handoffWall(rot: Rotation, anchor: Wall, k: number): Wall {
  return rot.unit === 'month' ? addMonths(anchor, k * rot.length) : anchor + k * rot.length * UNIT_MS[rot.unit];
}

/** The shift index at instant t: the largest k whose handoff is at or before t. */
function shiftIndex(c: Clockwork, rot: Rotation, anchor: Wall, t: number): number {
  const w = c.toWall(t);
  let k = rot.unit === 'month' ? Math.floor(monthsBetween(anchor, w) / rot.length) : Math.floor((w - anchor) / (rot.length * UNIT_MS[rot.unit]));
  // The wall-clock estimate is off by at most a step or two near a handoff or a DST change.
  while (c.resolve(handoffWall(rot, anchor, k + 1)) <= t) k++;
  while (c.resolve(handoffWall(rot, anchor, k)) > t) k--;
  return k;
}

/** The person whose turn it is at t (restrictions and effective windows aside), or undefined. */
export function rotationUserAt(zone: string, rot: Rotation, t: number): string | undefined {
  if (!rot.participants.length) return undefined;
  const k = shiftIndex(direct(zone), rot, anchorOf(rot), t);
  return rot.participants[mod(rot.offset + k, rot.participants.length)];
}

/** The first handoff of the rotation after t. */
export function nextRotationHandoff(zone: string, rot: Rotation, t: number): number {
  const c = direct(zone);
  const anchor = anchorOf(rot);
  let k = shiftIndex(c, rot, anchor, t) + 1;
  // Empty shifts (two handoffs at one instant) are not a handoff of their own.
  while (c.resolve(handoffWall(rot, anchor, k)) <= t) k++;
  return c.resolve(handoffWall(rot, anchor, k));
}

/**
 * The offset that keeps a rotation's current turn when it is edited (issue 20): the person whose
 * turn it is at `at` under `before` keeps it under `after`. A person listed several times keeps
 * the same occurrence (their j-th stays their j-th). A person no longer listed hands over to the
 * next one in the old order who still is, for the rest of the shift; with nobody left, the new
 * list starts from its first participant. `afterZone`: the schedule's zone after the edit, if it changes.
 */
export function keepRotationPosition(zone: string, before: Rotation, after: Omit<Rotation, 'offset'>, at: number, afterZone: string = zone): number {
  const n = after.participants.length;
  if (!n) return 0;
  const afterAt = (index: number) => mod(index - shiftIndex(direct(afterZone), { ...after, offset: 0 }, anchorOf({ ...after, offset: 0 }), at), n);
  const m = before.participants.length;
  if (!m) return afterAt(0);
  const k = shiftIndex(direct(zone), before, anchorOf(before), at);
  const current = mod(before.offset + k, m);
  for (let step = 0; step < m; step++) {
    const i = (current + step) % m;
    const user = before.participants[i]!;
    const occurrence = before.participants.slice(0, i).filter((u) => u === user).length;
    const places = after.participants.flatMap((u, j) => (u === user ? [j] : []));
    if (places.length) return afterAt(places[Math.min(occurrence, places.length - 1)]!);
  }
  return afterAt(0);
}

// ---- Restrictions ----

const clock = (text: string): number => {
  const m = parseClock(text);
  if (m === undefined) throw new Error(`"${text}" is not HH:MM`);
  return m;
};

/** Whether a wall-clock time falls in one of the windows (no restrictions: always). */
export function restrictionsAllow(restrictions: Restriction[], w: Wall): boolean {
  if (!restrictions.length) return true;
  const day = weekdayOf(w);
  const prev = WEEKDAYS[(day + 6) % 7]!;
  const today = WEEKDAYS[day]!;
  const minute = minuteOfDay(w);
  return restrictions.some((r) => {
    const start = clock(r.start);
    const end = clock(r.end);
    if (start < end) return r.days.includes(today) && minute >= start && minute < end;
    return (r.days.includes(today) && minute >= start) || (r.days.includes(prev) && minute < end);
  });
}

// ---- One instant ----

/** The composition of PRODUCT.md 7.1 at one instant, given each layer's rotation person (or none). */
function compose(level: Level, rotationUsers: (string | undefined)[], overrides: Override[]): OnCallUser[] {
  const sets: OnCallUser[][] = level.layers.map((layer, i) => (rotationUsers[i] !== undefined ? [{ userId: rotationUsers[i]!, source: 'rotation', layerId: layer.id }] : []));
  for (const o of overrides) {
    if (o.layerId === null) continue;
    const i = level.layers.findIndex((l) => l.id === o.layerId);
    if (i >= 0) sets[i] = applyOverride(sets[i]!, o, o.layerId);
  }
  let top = -Infinity;
  level.layers.forEach((l, i) => {
    if (sets[i]!.length && l.precedence > top) top = l.precedence;
  });
  let users: OnCallUser[] = [];
  level.layers.forEach((l, i) => {
    if (l.precedence !== top) return;
    for (const u of sets[i]!) if (!users.some((x) => x.userId === u.userId)) users.push(u);
  });
  for (const o of overrides) if (o.layerId === null) users = applyOverride(users, o, null);
  return users;
}

function applyOverride(set: OnCallUser[], o: Override, layerId: string | null): OnCallUser[] {
  const has = (id: string | null) => id !== null && set.some((u) => u.userId === id);
  const added: OnCallUser = { userId: o.addUserId!, source: 'override', layerId };
  switch (o.kind) {
    case 'add':
      return has(o.addUserId) ? set : [...set, added];
    case 'remove':
      return set.filter((u) => u.userId !== o.removeUserId);
    case 'replace':
      if (!has(o.removeUserId)) return set;
      if (has(o.addUserId)) return set.filter((u) => u.userId !== o.removeUserId);
      return set.map((u) => (u.userId === o.removeUserId ? added : u));
  }
}

const byId = (a: Override, b: Override) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function layerActiveAt(layer: Layer, wall: Wall, t: number): boolean {
  if (layer.effectiveFrom !== null && t < layer.effectiveFrom) return false;
  if (layer.effectiveUntil !== null && t >= layer.effectiveUntil) return false;
  return restrictionsAllow(layer.restrictions, wall);
}

/** Who is on call at `level` at instant t, in order, each once. */
export function onCallAt(schedule: Schedule, overrides: Override[], level: number, t: number): OnCallUser[] {
  const lvl = schedule.levels.find((l) => l.level === level);
  if (!lvl) return [];
  const c = direct(schedule.timeZone);
  const wall = c.toWall(t);
  const users = lvl.layers.map((layer) => {
    const rot = layer.rotation;
    if (!rot.participants.length || !layerActiveAt(layer, wall, t)) return undefined;
    return rot.participants[mod(rot.offset + shiftIndex(c, rot, anchorOf(rot), t), rot.participants.length)];
  });
  const active = overrides.filter((o) => o.level === level && o.start <= t && t < o.end).sort(byId);
  return compose(lvl, users, active);
}

// ---- A window ----

interface Piece {
  start: number;
  end: number;
  user: string;
}

/** Sorted, disjoint intervals of [a, b) in which the restrictions allow the layer. */
function restrictionMask(span: ZoneSpan, restrictions: Restriction[], a: number, b: number): { start: number; end: number }[] {
  const candidates = new Set<number>([a]);
  const firstDay = dayOf(span.toWall(a)) - DAY;
  const lastDay = dayOf(span.toWall(b)) + DAY;
  const clocks = [...new Set(restrictions.flatMap((r) => [clock(r.start), clock(r.end)]))];
  for (let d = firstDay; d <= lastDay; d += DAY) {
    for (const m of clocks) for (const t of span.instantsOf(d + m * 60_000)) if (t > a && t < b) candidates.add(t);
  }
  // Across a DST change the clock jumps, and can jump into or out of a window.
  for (const t of span.transitions(a, b)) if (t < b) candidates.add(t);
  const points = [...candidates].sort((x, y) => x - y);
  const out: { start: number; end: number }[] = [];
  points.forEach((p, i) => {
    if (!restrictionsAllow(restrictions, span.toWall(p))) return;
    const end = points[i + 1] ?? b;
    const last = out[out.length - 1];
    if (last && last.end === p) last.end = end;
    else out.push({ start: p, end });
  });
  return out;
}

/** The layer's rotation people over [from, to), restrictions and effective window applied. */
function layerPieces(span: ZoneSpan, layer: Layer, from: number, to: number): Piece[] {
  const rot = layer.rotation;
  const a = Math.max(from, layer.effectiveFrom ?? -Infinity);
  const b = Math.min(to, layer.effectiveUntil ?? Infinity);
  const n = rot.participants.length;
  if (a >= b || !n) return [];
  const anchor = anchorOf(rot);
  const turns: Piece[] = [];
  let k = shiftIndex(span, rot, anchor, a);
  let start = span.resolve(handoffWall(rot, anchor, k));
  for (;;) {
    const end = span.resolve(handoffWall(rot, anchor, k + 1));
    const s = Math.max(start, a);
    const e = Math.min(end, b);
    if (s < e) turns.push({ start: s, end: e, user: rot.participants[mod(rot.offset + k, n)]! });
    if (end >= b) break;
    start = end;
    k++;
  }
  if (!layer.restrictions.length) return turns;
  const mask = restrictionMask(span, layer.restrictions, a, b);
  const out: Piece[] = [];
  let j = 0;
  for (const turn of turns) {
    while (j < mask.length && mask[j]!.end <= turn.start) j++;
    for (let m = j; m < mask.length && mask[m]!.start < turn.end; m++) {
      const s = Math.max(turn.start, mask[m]!.start);
      const e = Math.min(turn.end, mask[m]!.end);
      if (s < e) out.push({ start: s, end: e, user: turn.user });
    }
  }
  return out;
}

/**
 * Every shift of every level in [from, to): the longest stretches in which one person is on call at
 * a level the same way (source and layer), cut at the window's ends. Sorted by level, start, person.
 */
export function shiftsBetween(schedule: Schedule, overrides: Override[], from: number, to: number, levels?: number[]): Shift[] {
  if (!(from < to)) return [];
  // Handoffs just before the window and restriction days around it are resolved in the span too.
  const span = new ZoneSpan(schedule.timeZone, from - 2 * DAY, to + 2 * DAY);
  const out: Shift[] = [];
  for (const lvl of schedule.levels) {
    if (levels && !levels.includes(lvl.level)) continue;
    const pieces = lvl.layers.map((layer) => layerPieces(span, layer, from, to));
    const ovs = overrides.filter((o) => o.level === lvl.level && o.start < to && o.end > from).sort(byId);
    const bounds = new Set<number>([from]);
    for (const list of pieces) for (const p of list) bounds.add(p.start).add(p.end);
    for (const o of ovs) bounds.add(Math.max(o.start, from)).add(Math.min(o.end, to));
    const points = [...bounds].filter((p) => p >= from && p < to).sort((x, y) => x - y);
    const cursor = pieces.map(() => 0);
    const open = new Map<string, Shift>();
    for (const p of points) {
      const users = pieces.map((list, i) => {
        while (cursor[i]! < list.length && list[cursor[i]!]!.end <= p) cursor[i]!++;
        const piece = list[cursor[i]!];
        return piece && piece.start <= p ? piece.user : undefined;
      });
      const now = compose(
        lvl,
        users,
        ovs.filter((o) => o.start <= p && p < o.end),
      );
      for (const [userId, s] of open) {
        const still = now.find((u) => u.userId === userId);
        if (!still || still.source !== s.source || still.layerId !== s.layerId) {
          out.push({ ...s, end: p });
          open.delete(userId);
        }
      }
      for (const u of now) if (!open.has(u.userId)) open.set(u.userId, { level: lvl.level, ...u, start: p, end: to });
    }
    out.push(...open.values());
  }
  return out.sort((a, b) => a.level - b.level || a.start - b.start || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

// ---- The on-call view of one instant ----

export interface LevelView {
  level: number;
  users: (OnCallUser & { shiftStart: number; shiftEnd: number | null })[];
  /** The next instant at which who is on call at this level changes (a person, not only a source); null if not within the horizon. */
  nextHandoff: number | null;
}

/**
 * The instants in (at, to) where who is on call changes: the set of people differs before and
 * after. A shift ends where its source or layer changes too (an override that keeps the same
 * person, a rotation's handoff to the person an override already put on call); those are no
 * handoff (issue 34 item 7, issue 41 item 6c).
 */
function personChanges(shifts: Shift[], at: number, to: number): number[] {
  const who = (t: number) => [...new Set(shifts.filter((s) => s.start <= t && t < s.end).map((s) => s.userId))].sort().join(' ');
  const points = [...new Set(shifts.flatMap((s) => [s.start, s.end]).filter((p) => p > at && p < to))].sort((x, y) => x - y);
  const out: number[] = [];
  let before = who(at);
  for (const p of points) {
    const now = who(p);
    if (now !== before) out.push(p);
    before = now;
  }
  return out;
}

/** How far the view looks back and ahead for the ends of the shifts it reports. */
export const VIEW_HORIZON_MS = 120 * DAY;

/**
 * Who is on call at every level at `at`, with the start and end of each person's shift and the
 * next change. Shifts longer than the horizon report its edge as their start; an end beyond it is
 * null (open-ended).
 */
export function onCallView(schedule: Schedule, overrides: Override[], at: number): LevelView[] {
  return schedule.levels.map((lvl) => {
    let back = 7 * DAY;
    let ahead = 7 * DAY;
    for (;;) {
      const shifts = shiftsBetween(schedule, overrides, at - back, at + ahead, [lvl.level]);
      const current = shifts.filter((s) => s.start <= at && at < s.end);
      const startsAtEdge = current.some((s) => s.start === at - back) && back < VIEW_HORIZON_MS;
      const changes = personChanges(shifts, at, at + ahead);
      // The people on call at the window's end may have been on since before it (a shift cut there,
      // or an override covering a handoff): look further until the next change of person is found.
      const endsAtEdge = (current.some((s) => s.end === at + ahead) || !changes.length) && ahead < VIEW_HORIZON_MS;
      if (startsAtEdge) back = Math.min(back * 4, VIEW_HORIZON_MS);
      if (endsAtEdge) ahead = Math.min(ahead * 4, VIEW_HORIZON_MS);
      if (startsAtEdge || endsAtEdge) continue;
      const limit = at + ahead;
      return {
        level: lvl.level,
        users: current.map((s) => ({ userId: s.userId, source: s.source, layerId: s.layerId, shiftStart: s.start, shiftEnd: s.end >= limit ? null : s.end })),
        nextHandoff: changes.length ? Math.min(...changes) : null,
      };
    }
  });
}

// ---- Checks for writes ----

/** Whether the layer is ever on call: its restrictions meet its effective window somewhere. */
export function layerEverActive(zone: string, layer: Pick<Layer, 'restrictions' | 'effectiveFrom' | 'effectiveUntil'>): boolean {
  if (!layer.restrictions.length) return true;
  if (layer.restrictions.some((r) => r.days.length === 0)) return false;
  const { effectiveFrom: a, effectiveUntil: b } = layer;
  // A window of a year or more (or an open one) holds every week of the year, so every window of a
  // restriction with a day; a shorter one is checked exactly.
  if (a === null || b === null || b - a >= 366 * DAY) return true;
  if (a >= b) return false;
  return restrictionMask(new ZoneSpan(zone, a - 2 * DAY, b + 2 * DAY), layer.restrictions, a, b).length > 0;
}
