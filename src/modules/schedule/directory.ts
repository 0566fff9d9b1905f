import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { Priority, Urgency } from '../alert/index.ts';
import { type Override, type Schedule, onCallAt, shiftsBetween } from './oncall.ts';
import * as repo from './schedule.repository.ts';
import type { ChannelStep, OnCallDirectory, SchedulePlan, UpcomingShift } from '../paging/index.ts';
import { type ScheduleTree, fittedDefaultSteps, chooseSchedule, isoOf, overrideSpec, scheduleSpec, stepsOf } from './schedule.ts';
import type { LevelChannelRow } from './schedule.table.ts';
import { rulesOf } from './routing.service.ts';
import { DAY } from './tz.ts';
import { changeGeneration } from './changes.ts';

/** How long another process's change may go unseen (as ingest's credential caches, ADR 0401). */
export const DIRECTORY_TTL_MS = 5_000;
const MAX_ENTRIES = 2_000;
/** The overrides a snapshot holds: those overlapping two days either side of its load. */
const OVERRIDE_WINDOW_MS = 2 * DAY;

interface Snapshot {
  orgId: string;
  loadedAt: number;
  generation: number;
  tree: ScheduleTree | undefined;
  spec: Schedule | undefined;
  channels: LevelChannelRow[];
  overrides: Override[];
}

/**
 * The engine's view of schedules (src/modules/paging/directory.port.ts) over this module's tables and its pure on-call
 * computation. The engine asks plan, onCall and steps for every level of every alert it opens, so
 * a schedule is read once into a snapshot (levels, layers, participants, channels, the overrides
 * around now: five statements) and answered from memory until a change in this process or for
 * DIRECTORY_TTL_MS; an instant outside the snapshot's overrides reads them itself.
 */
export function createOnCallDirectory(db: Kysely<Database>, opts: { clock?: Clock; ttlMs?: number } = {}): OnCallDirectory {
  const clock = opts.clock ?? systemClock;
  const ttl = opts.ttlMs ?? DIRECTORY_TTL_MS;
  const cache = new Map<string, Snapshot>();
  /** Loads under way: the escalation job plans a batch side by side, and one read serves them all. */
  const loading = new Map<string, Promise<Snapshot>>();

  async function snapshot(orgId: string, scheduleId: string): Promise<Snapshot> {
    const now = clock.now().getTime();
    const hit = cache.get(scheduleId);
    if (hit && hit.orgId === orgId && hit.generation === changeGeneration() && now - hit.loadedAt < ttl) return hit;
    const key = `${orgId}/${scheduleId}/${changeGeneration()}`;
    const pending = loading.get(key);
    if (pending) return pending;
    const p = load(orgId, scheduleId, now).finally(() => loading.delete(key));
    loading.set(key, p);
    return p;
  }

  async function load(orgId: string, scheduleId: string, now: number): Promise<Snapshot> {
    const gen = changeGeneration();
    const row = await repo.findSchedule(db, orgId, scheduleId);
    const tree = row ? await repo.loadTree(db, row) : undefined;
    const snap: Snapshot = {
      orgId, loadedAt: now, generation: gen, tree, spec: tree && scheduleSpec(tree),
      channels: row ? await repo.levelChannels(db, scheduleId) : [],
      overrides: row ? (await repo.overridesBetween(db, scheduleId, isoOf(now - OVERRIDE_WINDOW_MS), isoOf(now + OVERRIDE_WINDOW_MS))).map(overrideSpec) : [],
    };
    cache.delete(scheduleId);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(scheduleId, snap);
    return snap;
  }

  /** Routing's choice for a batch of alerts: their services and routing rules in two reads. */
  async function chooseSchedules(list: readonly { orgId: string; serviceId: string; alert: { priority: Priority; urgency: Urgency } }[], at: Date): Promise<(string | null)[]> {
    const { services, rules } = await repo.routingOfMany(db, list.map((l) => l.serviceId));
    const byId = new Map(services.map((s) => [s.id, s]));
    return list.map(({ orgId, serviceId, alert }) => {
      const service = byId.get(serviceId);
      if (!service || service.org_id !== orgId) return null;
      const mine = rules.filter((r) => r.service_id === serviceId);
      return chooseSchedule(service, mine.length ? rulesOf(mine) : null, alert, at.getTime());
    });
  }

  return {
    async plan(orgId: string, scheduleId: string): Promise<SchedulePlan | undefined> {
      const { tree } = await snapshot(orgId, scheduleId);
      if (!tree) return undefined;
      const s = tree.schedule;
      return { scheduleId, timeZone: s.time_zone, repeat: s.repeat, levels: tree.levels.map((l) => ({ level: l.level, timeoutMinutes: l.timeout_minutes })) };
    },

    async onCall(orgId: string, scheduleId: string, level: number, at: Date): Promise<string[]> {
      const snap = await snapshot(orgId, scheduleId);
      if (!snap.spec) return [];
      const t = at.getTime();
      const inWindow = Math.abs(t - snap.loadedAt) < OVERRIDE_WINDOW_MS;
      const overrides = inWindow ? snap.overrides : (await repo.overridesAt(db, scheduleId, level, isoOf(t))).map(overrideSpec);
      return [...new Set(onCallAt(snap.spec, overrides, level, t).map((u) => u.userId))];
    },

    async steps(orgId: string, scheduleId: string, level: number, priority: Priority): Promise<ChannelStep[]> {
      const snap = await snapshot(orgId, scheduleId);
      if (!snap.tree) return [];
      const row = snap.channels.find((c) => c.level === level && c.priority === priority);
      if (row) return stepsOf(row).map((s) => ({ ...s }));
      return fittedDefaultSteps(priority, snap.tree.levels.find((l) => l.level === level)?.timeout_minutes).steps;
    },

    async chooseSchedule(orgId: string, serviceId: string, alert: { priority: Priority; urgency: Urgency }, at: Date): Promise<string | null> {
      return (await chooseSchedules([{ orgId, serviceId, alert }], at))[0]!;
    },

    chooseSchedules,

    async shiftsStarting(orgId: string, from: Date, to: Date): Promise<UpcomingShift[]> {
      // Read fresh (no snapshot): a notice goes once, so it must see an override made a moment ago.
      // The window reaches a day either side, so a shift starting in (from, to] is not cut at its start.
      const a = from.getTime() - DAY;
      const b = to.getTime() + DAY;
      const out: UpcomingShift[] = [];
      for (let after: string | undefined; ;) {
        const rows = await repo.listSchedules(db, orgId, after, 200);
        if (!rows.length) break;
        for (const tree of await repo.loadTrees(db, rows)) {
          const overrides = (await repo.overridesBetween(db, tree.schedule.id, isoOf(a), isoOf(b))).map(overrideSpec);
          for (const sh of shiftsBetween(scheduleSpec(tree), overrides, a, b)) {
            if (sh.start > from.getTime() && sh.start <= to.getTime()) {
              out.push({ scheduleId: tree.schedule.id, scheduleName: tree.schedule.name, timeZone: tree.schedule.time_zone, level: sh.level, userId: sh.userId, start: sh.start, end: sh.end });
            }
          }
        }
        if (rows.length < 200) break;
        after = rows.at(-1)!.id;
      }
      return out;
    },
  };
}
