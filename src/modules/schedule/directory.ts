import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Priority, Urgency } from '../alert/index.ts';
import { onCallAt } from './oncall.ts';
import * as repo from './schedule.repository.ts';
import type { ChannelStep, OnCallDirectory, SchedulePlan } from './schedule.port.ts';
import { DEFAULT_STEPS, chooseSchedule, isoOf, layerSpec, overrideSpec, stepsOf } from './schedule.ts';
import { rulesOf } from './routing.service.ts';

/**
 * The engine's view of schedules (schedule.port.ts) over this module's tables and its pure on-call
 * computation. Every answer is read at call time: an edit, an override or a member leaving counts
 * from the next lookup on.
 */
export function createOnCallDirectory(db: Kysely<Database>): OnCallDirectory {
  return {
    async plan(orgId: string, scheduleId: string): Promise<SchedulePlan | undefined> {
      const row = await repo.findSchedule(db, orgId, scheduleId);
      if (!row) return undefined;
      const levels = await db.selectFrom('schedule_levels').selectAll().where('schedule_id', '=', scheduleId).orderBy('level').execute();
      return { scheduleId, timeZone: row.time_zone, repeat: row.repeat, levels: levels.map((l) => ({ level: l.level, timeoutMinutes: l.timeout_minutes })) };
    },

    async onCall(orgId: string, scheduleId: string, level: number, at: Date): Promise<string[]> {
      // Two statements: the level with its layers and participants, and the overrides in effect.
      const found = await repo.loadLevel(db, orgId, scheduleId, level);
      if (!found || !found.layers.length) return [];
      const t = at.getTime();
      const overrides = await repo.overridesAt(db, scheduleId, level, isoOf(t));
      const schedule = { timeZone: found.timeZone, levels: [{ level, layers: found.layers.map((y) => layerSpec(y, found.participants.get(y.id) ?? [])) }] };
      return [...new Set(onCallAt(schedule, overrides.map(overrideSpec), level, t).map((u) => u.userId))];
    },

    async steps(orgId: string, scheduleId: string, level: number, priority: Priority): Promise<ChannelStep[]> {
      if (!(await repo.findSchedule(db, orgId, scheduleId))) return [];
      const row = await repo.levelChannel(db, scheduleId, level, priority);
      return (row ? stepsOf(row) : DEFAULT_STEPS[priority]).map((s) => ({ ...s }));
    },

    async chooseSchedule(orgId: string, serviceId: string, alert: { priority: Priority; urgency: Urgency }, at: Date): Promise<string | null> {
      const service = await repo.findServiceOf(db, orgId, serviceId);
      if (!service) return null;
      const routing = await repo.routingOf(db, serviceId);
      return chooseSchedule(service, routing ? rulesOf(routing.rules) : null, alert, at.getTime());
    },
  };
}
