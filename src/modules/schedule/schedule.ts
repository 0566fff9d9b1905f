import type { FieldProblem } from '../../lib/errors.ts';
import type { Priority, Urgency } from '../alert/index.ts';
import type { ChannelStep } from '../paging/index.ts';
import { type Layer, type Override, type Restriction, type Schedule, layerEverActive, restrictionsAllow } from './oncall.ts';
import { ianaZone, parseLocal, toWall } from './tz.ts';
import type { LevelChannelRow, ScheduleLayerRow, ScheduleLevelRow, ScheduleOverrideRow, ScheduleRow } from './schedule.table.ts';

/** Pure rules of schedules: checking a ScheduleWrite, mapping rows, channel defaults, routing. */

export const PRIORITIES: readonly Priority[] = ['critical', 'high', 'medium', 'low', 'info'];

// ---- Instants on the wire ----

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** An ISO 8601 instant with an offset or Z, as epoch ms; undefined otherwise. */
export function parseInstant(text: string): number | undefined {
  if (!INSTANT.test(text)) return undefined;
  const t = Date.parse(text);
  return Number.isFinite(t) && t >= Date.UTC(1970, 0, 1) && t < Date.UTC(2200, 0, 1) ? t : undefined;
}
export const INSTANT_HINT = 'must be an ISO 8601 time with an offset or Z between 1970 and 2200, e.g. 2026-03-08T09:00:00Z';

export const isoOf = (t: number) => new Date(t).toISOString();

// ---- ScheduleWrite ----

export interface LayerInput {
  id?: string | undefined;
  name: string;
  precedence: number;
  rotation: { unit: 'hour' | 'day' | 'week' | 'month'; length: number; handoff_local: string; participants: string[] };
  restrictions?: Restriction[] | undefined;
  effective_from?: string | null | undefined;
  effective_until?: string | null | undefined;
  reset_rotation?: boolean | undefined;
}
export interface ScheduleInput {
  name: string;
  description?: string | undefined;
  time_zone: string;
  repeat?: number | undefined;
  levels: { level: number; timeout_minutes: number; layers: LayerInput[] }[];
}

/** A checked ScheduleWrite: the zone in the runtime's spelling, levels in order, times parsed. */
export interface CheckedSchedule {
  name: string;
  description: string;
  timeZone: string;
  repeat: number;
  levels: {
    level: number;
    timeoutMinutes: number;
    layers: (LayerInput & { restrictions: Restriction[]; effectiveFrom: number | null; effectiveUntil: number | null; path: string })[];
  }[];
}

/**
 * Every problem of a ScheduleWrite, each with its field (`levels.0.layers.1.rotation.participants.2`),
 * or the checked document. `members` are the organization's user ids; `layerIds` the layers this
 * schedule has now (a new schedule: none).
 */
export function checkScheduleWrite(input: ScheduleInput, members: Set<string>, layerIds: Set<string>): { problems: FieldProblem[]; checked: CheckedSchedule } {
  const problems: FieldProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const name = input.name.trim();
  if (!name) problem('name', 'must not be blank');
  const zone = ianaZone(input.time_zone);
  if (!zone) problem('time_zone', `"${input.time_zone}" is not an IANA time zone; use a name such as "America/New_York" or "UTC"`);
  const numbers = input.levels.map((l) => l.level);
  const expected = numbers.map((_, i) => i + 1);
  if ([...numbers].sort((a, b) => a - b).join() !== expected.join()) {
    problem('levels', `levels must be numbered 1..${numbers.length} with no gap or repeat; got ${numbers.join(', ')}`);
  }
  const seen = new Set<string>();
  const levels = [...input.levels]
    .map((lvl, li) => ({ lvl, li }))
    .sort((a, b) => a.lvl.level - b.lvl.level)
    .map(({ lvl, li }) => ({
      level: lvl.level,
      timeoutMinutes: lvl.timeout_minutes,
      layers: lvl.layers.map((layer, yi) => {
        const path = `levels.${li}.layers.${yi}`;
        if (layer.id !== undefined) {
          if (!layerIds.has(layer.id)) problem(`${path}.id`, `"${layer.id}" is not a layer of this schedule; leave id out to add a new layer`);
          else if (seen.has(layer.id)) problem(`${path}.id`, `layer "${layer.id}" is listed twice`);
          seen.add(layer.id);
        }
        if (!layer.name.trim()) problem(`${path}.name`, 'must not be blank');
        const anchor = parseLocal(layer.rotation.handoff_local);
        if (anchor === undefined) problem(`${path}.rotation.handoff_local`, 'must be a real local date and time, "YYYY-MM-DDTHH:MM"');
        else if (anchor < Date.UTC(1970, 0, 1) || anchor >= Date.UTC(2200, 0, 1)) problem(`${path}.rotation.handoff_local`, 'must be between 1970 and 2200');
        layer.rotation.participants.forEach((u, pi) => {
          if (!members.has(u)) problem(`${path}.rotation.participants.${pi}`, `"${u}" is not a member of this organization`);
        });
        const at = (field: 'effective_from' | 'effective_until') => {
          const v = layer[field];
          if (v === undefined || v === null) return null;
          const t = parseInstant(v);
          if (t === undefined) problem(`${path}.${field}`, INSTANT_HINT);
          return t ?? null;
        };
        const effectiveFrom = at('effective_from');
        const effectiveUntil = at('effective_until');
        const restrictions = layer.restrictions ?? [];
        if (effectiveFrom !== null && effectiveUntil !== null && effectiveFrom >= effectiveUntil) {
          problem(`${path}.effective_until`, 'must be after effective_from');
        } else if (zone && !layerEverActive(zone, { restrictions, effectiveFrom, effectiveUntil })) {
          problem(`${path}.restrictions`, 'never match: no window of them falls between effective_from and effective_until, so the layer would never be on call');
        }
        return { ...layer, name: layer.name.trim(), restrictions, effectiveFrom, effectiveUntil, path };
      }),
    }));
  return {
    problems,
    checked: { name, description: input.description ?? '', timeZone: zone ?? input.time_zone, repeat: input.repeat ?? 0, levels },
  };
}

// ---- Rows and shapes ----

export interface ScheduleTree {
  schedule: ScheduleRow;
  levels: ScheduleLevelRow[];
  layers: ScheduleLayerRow[];
  /** Layer id → participants in order. */
  participants: Map<string, string[]>;
}

const restrictionsOf = (row: ScheduleLayerRow): Restriction[] => JSON.parse(row.restrictions) as Restriction[];
const timeOf = (v: string | null) => (v === null ? null : Date.parse(v));

/** The Schedule answer (PRODUCT.md 7.1). */
export function toScheduleView(tree: ScheduleTree) {
  const s = tree.schedule;
  return {
    id: s.id,
    org_id: s.org_id,
    name: s.name,
    description: s.description,
    time_zone: s.time_zone,
    repeat: s.repeat,
    levels: tree.levels.map((l) => ({
      level: l.level,
      timeout_minutes: l.timeout_minutes,
      layers: tree.layers
        .filter((y) => y.level === l.level)
        .map((y) => ({
          id: y.id,
          name: y.name,
          precedence: y.precedence,
          rotation: { unit: y.rotation_unit, length: y.rotation_length, handoff_local: y.handoff_local, participants: tree.participants.get(y.id) ?? [] },
          restrictions: restrictionsOf(y),
          effective_from: y.effective_from,
          effective_until: y.effective_until,
        })),
    })),
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

export function layerSpec(row: ScheduleLayerRow, participants: string[]): Layer {
  return {
    id: row.id,
    precedence: row.precedence,
    rotation: { unit: row.rotation_unit, length: row.rotation_length, handoffLocal: row.handoff_local, participants, offset: row.rotation_offset },
    restrictions: restrictionsOf(row),
    effectiveFrom: timeOf(row.effective_from),
    effectiveUntil: timeOf(row.effective_until),
  };
}

/** The schedule as the on-call module takes it. */
export function scheduleSpec(tree: ScheduleTree): Schedule {
  return {
    timeZone: tree.schedule.time_zone,
    levels: tree.levels.map((l) => ({
      level: l.level,
      layers: tree.layers.filter((y) => y.level === l.level).map((y) => layerSpec(y, tree.participants.get(y.id) ?? [])),
    })),
  };
}

export const overrideSpec = (r: ScheduleOverrideRow): Override => ({
  id: r.id,
  level: r.level,
  layerId: r.layer_id,
  kind: r.kind,
  addUserId: r.add_user_id,
  removeUserId: r.remove_user_id,
  start: Date.parse(r.start_at),
  end: Date.parse(r.end_at),
});

export const toOverrideView = (r: ScheduleOverrideRow) => ({
  id: r.id,
  schedule_id: r.schedule_id,
  level: r.level,
  layer_id: r.layer_id,
  kind: r.kind,
  add_user_id: r.add_user_id,
  remove_user_id: r.remove_user_id,
  start: r.start_at,
  end: r.end_at,
  note: r.note,
  created_by: r.created_by,
  created_at: r.created_at,
});

// ---- Level channels (PRODUCT.md 7.2) ----

const PHONE_STEPS: ChannelStep[] = [{ channel: 'push', delay_seconds: 0 }, { channel: 'sms', delay_seconds: 60 }, { channel: 'voice', delay_seconds: 120 }];
export const DEFAULT_STEPS: Record<Priority, ChannelStep[]> = {
  critical: PHONE_STEPS,
  high: PHONE_STEPS,
  medium: [{ channel: 'push', delay_seconds: 0 }, { channel: 'email', delay_seconds: 0 }],
  low: [{ channel: 'push', delay_seconds: 0 }, { channel: 'email', delay_seconds: 0 }],
  info: [{ channel: 'email', delay_seconds: 0 }],
};

export const stepsOf = (row: LevelChannelRow): ChannelStep[] => JSON.parse(row.steps) as ChannelStep[];

/**
 * The defaults that apply at a level (PRODUCT.md 10): a default step whose delay is not shorter
 * than the level's timeout is left out (an explicit one is refused on PUT), instead of being
 * planned and cancelled unseen when the level times out. Without a timeout, all of them.
 */
export function fittedDefaultSteps(priority: Priority, timeoutMinutes?: number): { steps: ChannelStep[]; leftOut: ChannelStep[] } {
  const all = DEFAULT_STEPS[priority].map((s) => ({ ...s }));
  if (timeoutMinutes === undefined) return { steps: all, leftOut: [] };
  const fits = (s: ChannelStep) => s.delay_seconds < timeoutMinutes * 60;
  return { steps: all.filter(fits), leftOut: all.filter((s) => !fits(s)) };
}

/** Every (level, priority) pair of the levels, set or default; a default says which of its steps the level's timeout leaves out. */
export function levelChannelView(levels: { level: number; timeoutMinutes: number }[], rows: LevelChannelRow[]) {
  return levels.flatMap(({ level, timeoutMinutes }) =>
    PRIORITIES.map((priority) => {
      const row = rows.find((r) => r.level === level && r.priority === priority);
      if (row) return { level, priority, steps: stepsOf(row).map((s) => ({ ...s })), default: false };
      const fitted = fittedDefaultSteps(priority, timeoutMinutes);
      return { level, priority, steps: fitted.steps, default: true, ...(fitted.leftOut.length ? { left_out: fitted.leftOut } : {}) };
    }),
  );
}

// ---- Routing (PRODUCT.md 7.2) ----

export interface TimeWindow {
  time_zone: string;
  days: Restriction['days'];
  start: string;
  end: string;
}
export interface RoutingRule {
  name: string;
  priorities: Priority[] | null;
  urgencies: Urgency[] | null;
  time_window: TimeWindow | null;
  schedule_id: string;
}

/**
 * The schedule for a new alert: the first rule that matches its priority, its urgency and the
 * local time at `at` in the rule's zone; else the service's schedule_id; null: none.
 */
export function chooseSchedule(service: { schedule_id: string | null }, rules: RoutingRule[] | null, alert: { priority: Priority; urgency: Urgency }, at: number): string | null {
  for (const r of rules ?? []) {
    if (r.priorities && !r.priorities.includes(alert.priority)) continue;
    if (r.urgencies && !r.urgencies.includes(alert.urgency)) continue;
    if (r.time_window) {
      const w = r.time_window;
      if (!restrictionsAllow([{ days: w.days, start: w.start, end: w.end }], toWall(w.time_zone, at))) continue;
    }
    return r.schedule_id;
  }
  return service.schedule_id;
}
