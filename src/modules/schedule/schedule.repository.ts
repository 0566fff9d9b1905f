import { personName } from '../../lib/actor.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { ScheduleTree } from './schedule.ts';
import type {
  CalendarFeedRow, LevelChannelRow, NewScheduleLayerRow, ScheduleLayerRow, ScheduleLevelRow, ScheduleOverrideRow, ScheduleRow, ServiceRoutingRuleRow,
} from './schedule.table.ts';

type Db = Kysely<Database>;

// ---- Schedules ----

export async function findSchedule(db: Db, orgId: string, id: string, lock?: Dialect): Promise<ScheduleRow | undefined> {
  return db
    .selectFrom('schedules')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The schedule's row, read with a share lock on PostgreSQL so it cannot be deleted before the caller commits. */
export async function findScheduleShared(db: Db, orgId: string, id: string, dialect: Dialect): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('schedules')
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forShare())
    .executeTakeFirst();
}

export async function listSchedules(db: Db, orgId: string, afterId: string | undefined, limit: number): Promise<ScheduleRow[]> {
  return db
    .selectFrom('schedules')
    .selectAll()
    .where('org_id', '=', orgId)
    .$if(afterId !== undefined, (q) => q.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function insertSchedule(db: Db, row: ScheduleRow): Promise<void> {
  await db.insertInto('schedules').values(row).execute();
}
export async function updateSchedule(db: Db, id: string, set: Partial<Omit<ScheduleRow, 'id' | 'org_id'>>): Promise<void> {
  await db.updateTable('schedules').set(set).where('id', '=', id).execute();
}
export async function deleteSchedule(db: Db, id: string): Promise<void> {
  await db.deleteFrom('schedules').where('id', '=', id).execute();
}

/** Levels, layers and participants of schedules, in order. */
export async function loadTrees(db: Db, schedules: ScheduleRow[]): Promise<ScheduleTree[]> {
  if (!schedules.length) return [];
  const ids = schedules.map((s) => s.id);
  const levels = await db.selectFrom('schedule_levels').selectAll().where('schedule_id', 'in', ids).orderBy('schedule_id').orderBy('level').execute();
  const layers = await db.selectFrom('schedule_layers').selectAll().where('schedule_id', 'in', ids).orderBy('schedule_id').orderBy('level').orderBy('ordinal').execute();
  const participants = layers.length
    ? await db.selectFrom('layer_participants').selectAll().where('layer_id', 'in', layers.map((l) => l.id)).orderBy('layer_id').orderBy('ordinal').execute()
    : [];
  const byLayer = new Map<string, string[]>();
  for (const p of participants) {
    const list = byLayer.get(p.layer_id);
    if (list) list.push(p.user_id);
    else byLayer.set(p.layer_id, [p.user_id]);
  }
  return schedules.map((schedule) => {
    const own = layers.filter((l) => l.schedule_id === schedule.id);
    return {
      schedule,
      levels: levels.filter((l) => l.schedule_id === schedule.id),
      layers: own,
      participants: new Map(own.map((l) => [l.id, byLayer.get(l.id) ?? []])),
    };
  });
}

export async function loadTree(db: Db, schedule: ScheduleRow): Promise<ScheduleTree> {
  return (await loadTrees(db, [schedule]))[0]!;
}

/**
 * Writes a schedule's levels and layers as given: levels and layers not listed go (their
 * participants, channel entries and overrides cascade; the caller has checked which may), the
 * others are updated or inserted, and every layer's participants are written again.
 */
export async function writeTree(db: Db, scheduleId: string, levels: ScheduleLevelRow[], layers: NewScheduleLayerRow[], participants: Map<string, string[]>): Promise<void> {
  const keepLayers = layers.map((l) => l.id);
  await db
    .deleteFrom('schedule_layers')
    .where('schedule_id', '=', scheduleId)
    .$if(keepLayers.length > 0, (q) => q.where('id', 'not in', keepLayers))
    .execute();
  await db
    .deleteFrom('schedule_levels')
    .where('schedule_id', '=', scheduleId)
    .where('level', 'not in', levels.map((l) => l.level))
    .execute();
  for (const l of levels) {
    await db
      .insertInto('schedule_levels')
      .values(l)
      .onConflict((oc) => oc.columns(['schedule_id', 'level']).doUpdateSet({ timeout_minutes: l.timeout_minutes }))
      .execute();
  }
  for (const y of layers) {
    const { id, created_at: _created, ...set } = y;
    await db
      .insertInto('schedule_layers')
      .values(y)
      .onConflict((oc) => oc.column('id').doUpdateSet(set))
      .execute();
    await db.deleteFrom('layer_participants').where('layer_id', '=', id).execute();
    const users = participants.get(id) ?? [];
    if (users.length) await db.insertInto('layer_participants').values(users.map((user_id, ordinal) => ({ layer_id: id, ordinal, user_id }))).execute();
  }
}

/** Overrides of one level of a schedule in effect at an instant, in id order. */
export async function overridesAt(db: Db, scheduleId: string, level: number, at: string): Promise<ScheduleOverrideRow[]> {
  return db
    .selectFrom('schedule_overrides')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .where('end_at', '>', at)
    .where('start_at', '<=', at)
    .where('level', '=', level)
    .orderBy('id')
    .execute();
}

// ---- Who uses a schedule ----

export async function servicesUsing(db: Db, orgId: string, scheduleId: string): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('services').select(['id', 'name']).where('org_id', '=', orgId).where('schedule_id', '=', scheduleId).orderBy('id').execute();
}
export async function routingRulesUsing(db: Db, orgId: string, scheduleId: string): Promise<{ service_id: string; service_name: string; name: string }[]> {
  return db
    .selectFrom('service_routing_rules as r')
    .innerJoin('services as s', 's.id', 'r.service_id')
    .select(['r.service_id', 's.name as service_name', 'r.name'])
    .where('r.org_id', '=', orgId)
    .where('r.schedule_id', '=', scheduleId)
    .orderBy('r.service_id')
    .orderBy('r.ordinal')
    .execute();
}

// ---- People ----

/** Which of `userIds` are members of the organization. */
export async function membersAmong(db: Db, orgId: string, userIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('memberships').select('user_id').where('org_id', '=', orgId).where('user_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.user_id));
}
export async function userNames(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, personName(r)]));
}

// ---- Overrides ----

export async function insertOverride(db: Db, row: ScheduleOverrideRow): Promise<void> {
  await db.insertInto('schedule_overrides').values(row).execute();
}
/** An override of a schedule of the organization. */
export async function findOverride(db: Db, orgId: string, id: string): Promise<ScheduleOverrideRow | undefined> {
  return db
    .selectFrom('schedule_overrides as o')
    .innerJoin('schedules as s', 's.id', 'o.schedule_id')
    .selectAll('o')
    .where('s.org_id', '=', orgId)
    .where('o.id', '=', id)
    .executeTakeFirst();
}
export async function deleteOverride(db: Db, id: string): Promise<void> {
  await db.deleteFrom('schedule_overrides').where('id', '=', id).execute();
}
/** Overrides of a schedule that overlap [from, to), in id order. */
export async function overridesBetween(db: Db, scheduleId: string, from: string, to: string): Promise<ScheduleOverrideRow[]> {
  return db
    .selectFrom('schedule_overrides')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .where('end_at', '>', from)
    .where('start_at', '<', to)
    .orderBy('id')
    .execute();
}
/** A page of overrides overlapping [from, to) (to open when undefined), by start then id, after a position. */
export async function listOverrides(db: Db, scheduleId: string, from: string, to: string | undefined, after: { start: string; id: string } | undefined, limit: number): Promise<ScheduleOverrideRow[]> {
  return db
    .selectFrom('schedule_overrides')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .where('end_at', '>', from)
    .$if(to !== undefined, (q) => q.where('start_at', '<', to!))
    .$if(after !== undefined, (q) => q.where((eb) => eb.or([eb('start_at', '>', after!.start), eb.and([eb('start_at', '=', after!.start), eb('id', '>', after!.id)])])))
    .orderBy('start_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}
/** Overrides that have not ended by `now` on the given layers or levels of a schedule. */
export async function liveOverridesOn(db: Db, scheduleId: string, now: string, on: { layerIds: string[]; levels: number[] }): Promise<ScheduleOverrideRow[]> {
  if (!on.layerIds.length && !on.levels.length) return [];
  return db
    .selectFrom('schedule_overrides')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .where('end_at', '>', now)
    .where((eb) =>
      eb.or([
        ...(on.layerIds.length ? [eb('layer_id', 'in', on.layerIds)] : []),
        ...(on.levels.length ? [eb('level', 'in', on.levels)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}
export async function liveOverridesOfSchedule(db: Db, scheduleId: string, now: string): Promise<ScheduleOverrideRow[]> {
  return db.selectFrom('schedule_overrides').selectAll().where('schedule_id', '=', scheduleId).where('end_at', '>', now).orderBy('id').execute();
}

// ---- Level channels ----

export async function levelChannels(db: Db, scheduleId: string): Promise<LevelChannelRow[]> {
  return db.selectFrom('level_channels').selectAll().where('schedule_id', '=', scheduleId).orderBy('level').execute();
}
export async function levelChannel(db: Db, scheduleId: string, level: number, priority: string): Promise<LevelChannelRow | undefined> {
  return db.selectFrom('level_channels').selectAll().where('schedule_id', '=', scheduleId).where('level', '=', level).where('priority', '=', priority as LevelChannelRow['priority']).executeTakeFirst();
}
/** Schedules of an organization whose level channels have a chat step naming the destination. */
export async function schedulesUsingDestination(db: Db, orgId: string, destinationId: string): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom('level_channels as c')
    .innerJoin('schedules as s', 's.id', 'c.schedule_id')
    .select(['s.id', 's.name', 'c.steps'])
    .where('s.org_id', '=', orgId)
    .where('c.steps', 'like', `%${destinationId}%`)
    .execute();
  const using = new Map<string, string>();
  for (const r of rows) {
    const steps = (typeof r.steps === 'string' ? JSON.parse(r.steps) : r.steps) as { channel: string; destination_id?: string }[];
    if (steps.some((st) => st.channel === 'chat' && st.destination_id === destinationId)) using.set(r.id, r.name);
  }
  return [...using].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
export async function replaceLevelChannels(db: Db, scheduleId: string, rows: LevelChannelRow[]): Promise<void> {
  await db.deleteFrom('level_channels').where('schedule_id', '=', scheduleId).execute();
  if (rows.length) await db.insertInto('level_channels').values(rows).execute();
}
export async function deleteLevelChannel(db: Db, scheduleId: string, level: number, priority: string): Promise<number> {
  const r = await db.deleteFrom('level_channels').where('schedule_id', '=', scheduleId).where('level', '=', level).where('priority', '=', priority as LevelChannelRow['priority']).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- Routing ----

export async function findServiceOf(db: Db, orgId: string, serviceId: string, lock?: Dialect): Promise<{ id: string; schedule_id: string | null } | undefined> {
  return db
    .selectFrom('services')
    .select(['id', 'schedule_id'])
    .where('org_id', '=', orgId)
    .where('id', '=', serviceId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}
/** Several services' schedules and routing rules at once (the escalation job's batch): two statements. */
export async function routingOfMany(db: Db, serviceIds: readonly string[]): Promise<{ services: { id: string; org_id: string; schedule_id: string | null }[]; rules: ServiceRoutingRuleRow[] }> {
  const ids = [...new Set(serviceIds)];
  if (!ids.length) return { services: [], rules: [] };
  const [services, rules] = await Promise.all([
    db.selectFrom('services').select(['id', 'org_id', 'schedule_id']).where('id', 'in', ids).execute(),
    db.selectFrom('service_routing_rules').selectAll().where('service_id', 'in', ids).orderBy('service_id').orderBy('ordinal').execute(),
  ]);
  return { services, rules };
}
export async function routingOf(db: Db, serviceId: string): Promise<{ updated_at: string; rules: ServiceRoutingRuleRow[] } | undefined> {
  const head = await db.selectFrom('service_routing').selectAll().where('service_id', '=', serviceId).executeTakeFirst();
  if (!head) return undefined;
  const rules = await db.selectFrom('service_routing_rules').selectAll().where('service_id', '=', serviceId).orderBy('ordinal').execute();
  return { updated_at: head.updated_at, rules };
}
export async function writeRouting(db: Db, serviceId: string, updatedAt: string, rules: ServiceRoutingRuleRow[]): Promise<void> {
  await db
    .insertInto('service_routing')
    .values({ service_id: serviceId, updated_at: updatedAt })
    .onConflict((oc) => oc.column('service_id').doUpdateSet({ updated_at: updatedAt }))
    .execute();
  await db.deleteFrom('service_routing_rules').where('service_id', '=', serviceId).execute();
  if (rules.length) await db.insertInto('service_routing_rules').values(rules).execute();
}
/** Schedules of the organization among `ids`, read with a share lock on PostgreSQL. */
export async function schedulesAmong(db: Db, orgId: string, ids: string[], dialect: Dialect): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const rows = await db
    .selectFrom('schedules')
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', 'in', unique)
    .$if(dialect === 'postgres', (q) => q.forShare())
    .execute();
  return new Set(rows.map((r) => r.id));
}

// ---- A member leaving ----

/** Layers of the organization's schedules that list the user, with their schedule's zone. */
export async function layersListing(db: Db, orgId: string, userId: string): Promise<(ScheduleLayerRow & { time_zone: string })[]> {
  return db
    .selectFrom('schedule_layers as y')
    .innerJoin('schedules as s', 's.id', 'y.schedule_id')
    .selectAll('y')
    .select('s.time_zone')
    .where('s.org_id', '=', orgId)
    .where('y.id', 'in', (eb) => eb.selectFrom('layer_participants').select('layer_id').where('user_id', '=', userId))
    .orderBy('y.id')
    .execute();
}
export async function participantsOf(db: Db, layerId: string): Promise<string[]> {
  const rows = await db.selectFrom('layer_participants').select('user_id').where('layer_id', '=', layerId).orderBy('ordinal').execute();
  return rows.map((r) => r.user_id);
}
export async function setParticipants(db: Db, layerId: string, users: string[], offset: number, now: string): Promise<void> {
  await db.deleteFrom('layer_participants').where('layer_id', '=', layerId).execute();
  if (users.length) await db.insertInto('layer_participants').values(users.map((user_id, ordinal) => ({ layer_id: layerId, ordinal, user_id }))).execute();
  await db.updateTable('schedule_layers').set({ rotation_offset: offset, updated_at: now }).where('id', '=', layerId).execute();
}
/** Overrides of the organization's schedules that name the user; removes them and returns them. */
export async function deleteOverridesNaming(db: Db, orgId: string, userId: string): Promise<ScheduleOverrideRow[]> {
  const rows = await db
    .selectFrom('schedule_overrides as o')
    .innerJoin('schedules as s', 's.id', 'o.schedule_id')
    .selectAll('o')
    .where('s.org_id', '=', orgId)
    .where((eb) => eb.or([eb('o.add_user_id', '=', userId), eb('o.remove_user_id', '=', userId)]))
    .orderBy('o.id')
    .execute();
  if (rows.length) await db.deleteFrom('schedule_overrides').where('id', 'in', rows.map((r) => r.id)).execute();
  return rows;
}
export async function deleteFeedsOf(db: Db, orgId: string, userId: string): Promise<number> {
  const r = await db.deleteFrom('calendar_feeds').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- Calendar feeds ----

export async function insertFeed(db: Db, row: CalendarFeedRow): Promise<void> {
  await db.insertInto('calendar_feeds').values(row).execute();
}
export async function listFeeds(db: Db, orgId: string, userId: string, afterId: string | undefined, limit: number): Promise<CalendarFeedRow[]> {
  return db
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .$if(afterId !== undefined, (q) => q.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute();
}
export async function findOwnFeed(db: Db, orgId: string, userId: string, id: string): Promise<CalendarFeedRow | undefined> {
  return db.selectFrom('calendar_feeds').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}
export async function findFeedByHash(db: Db, hash: string): Promise<CalendarFeedRow | undefined> {
  return db.selectFrom('calendar_feeds').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}
export async function deleteFeed(db: Db, id: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('id', '=', id).execute();
}
export async function touchFeed(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('calendar_feeds').set({ last_used_at: now }).where('id', '=', id).execute();
}
/** Every schedule of the organization (a calendar feed shows the person's shifts in all of them). */
export async function allSchedules(db: Db, orgId: string): Promise<ScheduleRow[]> {
  return db.selectFrom('schedules').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
}
export async function overridesOfSchedulesBetween(db: Db, scheduleIds: string[], from: string, to: string): Promise<ScheduleOverrideRow[]> {
  if (!scheduleIds.length) return [];
  return db
    .selectFrom('schedule_overrides')
    .selectAll()
    .where('schedule_id', 'in', scheduleIds)
    .where('end_at', '>', from)
    .where('start_at', '<', to)
    .orderBy('id')
    .execute();
}
