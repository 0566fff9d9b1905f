import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { Actor, UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, filteredScope, idPosition, pageOf } from '../../lib/cursor.ts';
import { AppError, type FieldProblem, conflict, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import type { Priority } from '../alert/index.ts';
import { keepRotationPosition, onCallView, shiftsBetween, VIEW_HORIZON_MS } from './oncall.ts';
import * as repo from './schedule.repository.ts';
import {
  type ScheduleInput, type ScheduleTree, INSTANT_HINT, PRIORITIES, checkScheduleWrite, isoOf, levelChannelView, overrideSpec, parseInstant,
  scheduleSpec, toOverrideView, toScheduleView,
} from './schedule.ts';
import type { LevelChannelRow, NewScheduleLayerRow, ScheduleLevelRow, ScheduleOverrideRow, ScheduleRow } from './schedule.table.ts';
import { DAY, ianaZone } from './tz.ts';
import { schedulesChanged } from './changes.ts';

export const SHIFTS_MAX_MS = 31 * DAY;
/** GET …/reachability's window when `to` is not given (PRODUCT.md 10). */
export const REACHABILITY_DEFAULT_MS = 7 * DAY;

/** A shifts window: both instants valid, to after from, at most 31 days; else a 400 naming the field. */
function shiftWindow(from: number | undefined, to: number | undefined, named: { to: boolean } = { to: true }): { from: number; to: number } {
  const problems: FieldProblem[] = [];
  if (from === undefined) problems.push({ field: 'from', message: INSTANT_HINT });
  if (to === undefined && named.to) problems.push({ field: 'to', message: INSTANT_HINT });
  if (from !== undefined && to !== undefined) {
    if (to <= from) problems.push({ field: 'to', message: 'must be after from' });
    else if (to - from > SHIFTS_MAX_MS) problems.push({ field: 'to', message: 'must be at most 31 days after from' });
  }
  if (problems.length) throw badRequest(problems);
  return { from: from!, to: to! };
}
/** Destination kinds a chat step may post to (PRODUCT.md 8: the kinds with provider-ready page templates). */
const CHAT_KINDS = ['slack', 'teams', 'discord', 'slack_app'];

const nameTaken = (name: string) => conflict(`A schedule named "${name}" already exists in this organization; choose another name.`);
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE' || /schedules_org_name_unique/.test(err.message ?? '');
};
const badRequest = (problems: FieldProblem[]) =>
  new AppError('invalid_request', problems.map((p) => `${p.field}: ${p.message}`).join('; '), { details: problems });

export interface OverrideInput {
  level: number;
  layer_id?: string | null | undefined;
  kind: 'add' | 'remove' | 'replace';
  add_user_id?: string | null | undefined;
  remove_user_id?: string | null | undefined;
  start: string;
  end: string;
  note?: string | undefined;
}
export interface LevelChannelsInput {
  entries: { level: number; priority: Priority; steps: { channel: 'push' | 'sms' | 'voice' | 'email' | 'chat' | 'telegram'; delay_seconds: number; destination_id?: string | undefined }[] }[];
}
export interface CloneInput {
  name: string;
  time_zone?: string | undefined;
  include_overrides?: boolean | undefined;
  include_level_channels?: boolean | undefined;
}

/** Schedules, their overrides and level channels, and what a member leaving does to them (PRODUCT.md 7.1–7.2). */
export function createScheduleService(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  /**
   * The webhook destinations of an organization among `ids` (another organization's are not
   * there), share-locked where the store can: a chat step must name an existing, enabled chat
   * destination (PRODUCT.md 7.2, 8). Wired by the container from the webhook module.
   */
  chatDestinations?: (q: Kysely<Database>, orgId: string, ids: string[]) => Promise<{ id: string; kind: string; enabled: number }[]>;
  /**
   * Whether each (level, person) of a schedule is reached by their high-urgency steps (PRODUCT.md
   * 10): the paging module's answer (one rule: notification/reach.ts), wired by the container.
   */
  reachability?: (orgId: string, scheduleId: string, people: { level: number; userId: string }[]) => Promise<(level: number, userId: string) => { reachable: boolean; problems: string[] }>;
}) {
  const { db, dialect, clock } = deps;

  /** Every shift of every level in [from, to), overrides applied (GET …/shifts, …/reachability). */
  async function shiftsOf(tree: Awaited<ReturnType<typeof repo.loadTree>>, from: number, to: number) {
    const overrides = await repo.overridesBetween(db, tree.schedule.id, isoOf(from), isoOf(to));
    return shiftsBetween(scheduleSpec(tree), overrides.map(overrideSpec), from, to);
  }
  /** A committed change: the on-call directory's snapshots reload (changes.ts). */
  const committed = async <T>(done: Promise<T>): Promise<T> => {
    const value = await done;
    schedulesChanged();
    return value;
  };

  async function loadOwn(q: Kysely<Database>, orgId: string, id: string, lock = false): Promise<ScheduleRow> {
    const row = await repo.findSchedule(q, orgId, id, lock ? dialect : undefined);
    if (!row) throw notFound('Schedule', id);
    return row;
  }

  /** Every chat step names an existing, enabled slack, teams or discord destination of the organization. */
  async function checkChatDestinations(trx: Kysely<Database>, orgId: string, input: LevelChannelsInput, problems: FieldProblem[]) {
    const named: { at: string; id: string }[] = [];
    input.entries.forEach((e, i) => e.steps.forEach((s, j) => {
      if (s.channel === 'chat' && s.destination_id !== undefined && /^whk_[0-9A-Za-z]{1,60}$/.test(s.destination_id)) named.push({ at: `entries.${i}.steps.${j}.destination_id`, id: s.destination_id });
    }));
    if (!named.length) return;
    if (!deps.chatDestinations) {
      problems.push({ field: named[0]!.at, message: 'chat steps are not available on this server' });
      return;
    }
    const found = new Map((await deps.chatDestinations(trx, orgId, [...new Set(named.map((n) => n.id))])).map((d) => [d.id, d]));
    for (const { at, id } of named) {
      const d = found.get(id);
      if (!d) problems.push({ field: at, message: `webhook "${id}" does not exist in this organization; create a slack, teams or discord webhook first (POST /api/webhooks)` });
      else if (!CHAT_KINDS.includes(d.kind)) problems.push({ field: at, message: `webhook "${id}" is a ${d.kind} webhook; a chat step posts to a slack, teams, discord or slack_app webhook` });
      else if (d.enabled !== 1) problems.push({ field: at, message: `webhook "${id}" is disabled; enable it (PATCH /api/webhooks/${id} {"enabled": true}) or name another` });
    }
  }

  /** The layer and level rows a checked document becomes, rotation offsets kept or reset (issue 20). */
  function rowsOf(scheduleId: string, input: ReturnType<typeof checkScheduleWrite>['checked'], before: ScheduleTree | undefined, now: Date) {
    const iso = now.toISOString();
    const levels: ScheduleLevelRow[] = input.levels.map((l) => ({ schedule_id: scheduleId, level: l.level, timeout_minutes: l.timeoutMinutes }));
    const layers: NewScheduleLayerRow[] = [];
    const participants = new Map<string, string[]>();
    const rotations: Record<string, 'new' | 'kept' | 'reset'> = {};
    for (const lvl of input.levels) {
      lvl.layers.forEach((y, ordinal) => {
        const old = y.id !== undefined ? before?.layers.find((l) => l.id === y.id) : undefined;
        const id = old?.id ?? newId('lyr');
        const rotation = { unit: y.rotation.unit, length: y.rotation.length, handoffLocal: y.rotation.handoff_local, participants: y.rotation.participants };
        let offset = 0;
        if (old && !y.reset_rotation) {
          const oldRotation = { unit: old.rotation_unit, length: old.rotation_length, handoffLocal: old.handoff_local, participants: before!.participants.get(old.id) ?? [], offset: old.rotation_offset };
          offset = keepRotationPosition(before!.schedule.time_zone, oldRotation, rotation, now.getTime(), input.timeZone);
        }
        rotations[id] = !old ? 'new' : y.reset_rotation ? 'reset' : 'kept';
        layers.push({
          id, schedule_id: scheduleId, level: lvl.level, ordinal, name: y.name, precedence: y.precedence,
          rotation_unit: y.rotation.unit, rotation_length: y.rotation.length, handoff_local: y.rotation.handoff_local, rotation_offset: offset,
          restrictions: JSON.stringify(y.restrictions),
          effective_from: y.effectiveFrom === null ? null : isoOf(y.effectiveFrom),
          effective_until: y.effectiveUntil === null ? null : isoOf(y.effectiveUntil),
          created_at: old?.created_at ?? iso, updated_at: iso,
        });
        participants.set(id, y.rotation.participants);
      });
    }
    return { levels, layers, participants, rotations };
  }

  async function checked(q: Kysely<Database>, orgId: string, input: ScheduleInput, before: ScheduleTree | undefined) {
    const everyone = input.levels.flatMap((l) => l.layers.flatMap((y) => y.rotation.participants));
    const members = await repo.membersAmong(q, orgId, everyone);
    const { problems, checked } = checkScheduleWrite(input, members, new Set(before?.layers.map((l) => l.id) ?? []));
    if (problems.length) throw badRequest(problems);
    return checked;
  }

  async function treeView(q: Kysely<Database>, row: ScheduleRow) {
    return toScheduleView(await repo.loadTree(q, row));
  }

  return {
    async list(orgId: string, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, orgId, idPosition('sch'));
      const rows = await repo.listSchedules(db, orgId, after, limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, limit, orgId, (last) => last.id);
      return { items: (await repo.loadTrees(db, page)).map(toScheduleView), nextCursor };
    },

    async get(orgId: string, id: string) {
      return treeView(db, await loadOwn(db, orgId, id));
    },

    async create(actor: UserActor, input: ScheduleInput, meta: RequestMeta) {
      const now = clock.now();
      const iso = now.toISOString();
      const id = newId('sch');
      try {
        return await committed(db.transaction().execute(async (trx) => {
          const doc = await checked(trx, actor.orgId, input, undefined);
          const row: ScheduleRow = { id, org_id: actor.orgId, name: doc.name, description: doc.description, time_zone: doc.timeZone, repeat: doc.repeat, created_at: iso, updated_at: iso };
          await repo.insertSchedule(trx, row);
          const rows = rowsOf(id, doc, undefined, now);
          await repo.writeTree(trx, id, rows.levels, rows.layers, rows.participants);
          await recordAudit(trx, {
            orgId: actor.orgId, actor, action: 'schedule.create', targetType: 'schedule', targetId: id,
            changes: { name: row.name, time_zone: row.time_zone, levels: rows.levels.length, layers: rows.layers.map((l) => l.id) }, meta, now: iso,
          });
          return treeView(trx, row);
        }));
      } catch (e) {
        if (isUniqueViolation(e)) throw nameTaken(input.name.trim());
        throw e;
      }
    },

    /**
     * Replaces the document. A layer sent with its id keeps whose turn it is now unless
     * reset_rotation; a level or layer left out takes its channel entries and past overrides with
     * it, but not overrides still to come (a 409 names them: overrides never vanish silently).
     */
    async update(actor: UserActor, id: string, input: ScheduleInput, meta: RequestMeta) {
      const now = clock.now();
      const iso = now.toISOString();
      try {
        return await committed(db.transaction().execute(async (trx) => {
          const row = await loadOwn(trx, actor.orgId, id, true);
          const before = await repo.loadTree(trx, row);
          const doc = await checked(trx, actor.orgId, input, before);
          // A delay must stay shorter than its level's timeout.
          const channels = await repo.levelChannels(trx, id);
          const problems: FieldProblem[] = [];
          input.levels.forEach((l, li) => {
            const longest = Math.max(-1, ...channels.filter((c) => c.level === l.level).flatMap((c) => JSON.parse(c.steps).map((s: { delay_seconds: number }) => s.delay_seconds)));
            if (longest >= l.timeout_minutes * 60) problems.push({ field: `levels.${li}.timeout_minutes`, message: `must be longer than the level's longest channel delay (${longest} s); change the level channels first` });
          });
          if (problems.length) throw badRequest(problems);
          const rows = rowsOf(id, doc, before, now);
          const keptLayers = new Map(rows.layers.map((l) => [l.id, l.level]));
          const goneLayers = before.layers.filter((l) => !keptLayers.has(l.id)).map((l) => l.id);
          const goneLevels = before.levels.map((l) => l.level).filter((n) => !rows.levels.some((l) => l.level === n));
          const live = await repo.liveOverridesOfSchedule(trx, id, iso);
          const stranded = live.filter(
            (o) => goneLevels.includes(o.level) || (o.layer_id !== null && (goneLayers.includes(o.layer_id) || keptLayers.get(o.layer_id) !== o.level)),
          );
          if (stranded.length) {
            throw conflict(`Override(s) ${stranded.map((o) => o.id).join(', ')} apply to a level or layer this change removes or moves; delete them (DELETE /api/overrides/{id}) or keep that level and layer.`);
          }
          await repo.updateSchedule(trx, id, { name: doc.name, description: doc.description, time_zone: doc.timeZone, repeat: doc.repeat, updated_at: iso });
          await repo.writeTree(trx, id, rows.levels, rows.layers, rows.participants);
          await recordAudit(trx, {
            orgId: actor.orgId, actor, action: 'schedule.update', targetType: 'schedule', targetId: id,
            changes: {
              name: doc.name, time_zone: doc.timeZone, repeat: doc.repeat, levels: rows.levels.length, rotations: rows.rotations,
              ...(goneLayers.length ? { removed_layers: goneLayers } : {}), ...(goneLevels.length ? { removed_levels: goneLevels } : {}),
            },
            meta, now: iso,
          });
          return treeView(trx, { ...row, name: doc.name, description: doc.description, time_zone: doc.timeZone, repeat: doc.repeat, updated_at: iso });
        }));
      } catch (e) {
        if (isUniqueViolation(e)) throw nameTaken(input.name.trim());
        throw e;
      }
    },

    /** Deletes the schedule; refused (409, naming them) while a service or a routing rule uses it. */
    async remove(actor: UserActor, id: string, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      await committed(db.transaction().execute(async (trx) => {
        // Locked first: a service being pointed at it waits, then is seen below.
        const row = await loadOwn(trx, actor.orgId, id, true);
        const services = await repo.servicesUsing(trx, actor.orgId, id);
        const rules = await repo.routingRulesUsing(trx, actor.orgId, id);
        if (services.length || rules.length) {
          const parts = [
            ...(services.length ? [`service(s) ${services.map((s) => `"${s.name}" (${s.id})`).join(', ')} (schedule_id)`] : []),
            ...(rules.length ? [`routing rule(s) ${rules.map((r) => `"${r.name}" of service "${r.service_name}" (${r.service_id})`).join(', ')}`] : []),
          ];
          throw conflict(`The schedule is in use by ${parts.join(' and ')}; point them at another schedule first.`);
        }
        await repo.deleteSchedule(trx, id);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'schedule.delete', targetType: 'schedule', targetId: id, changes: { name: row.name }, meta, now: iso });
      }));
      return { ok: true as const };
    },

    /** A copy under a new name: levels, layers (new ids, same turns), level channels, and optionally the overrides that have not ended. */
    async clone(actor: UserActor, id: string, input: CloneInput, meta: RequestMeta) {
      // Another organization's schedule is 404 before anything about the body.
      await loadOwn(db, actor.orgId, id);
      const now = clock.now();
      const iso = now.toISOString();
      const zone = input.time_zone !== undefined ? ianaZone(input.time_zone) : undefined;
      if (input.time_zone !== undefined && !zone) throw invalid('time_zone', `"${input.time_zone}" is not an IANA time zone; use a name such as "America/New_York" or "UTC"`);
      const name = input.name.trim();
      if (!name) throw invalid('name', 'must not be blank');
      const copyId = newId('sch');
      try {
        return await committed(db.transaction().execute(async (trx) => {
          const src = await repo.loadTree(trx, await loadOwn(trx, actor.orgId, id));
          const row: ScheduleRow = { ...src.schedule, id: copyId, name, time_zone: zone ?? src.schedule.time_zone, created_at: iso, updated_at: iso };
          await repo.insertSchedule(trx, row);
          const layerIds = new Map(src.layers.map((l) => [l.id, newId('lyr')]));
          await repo.writeTree(
            trx, copyId,
            src.levels.map((l) => ({ ...l, schedule_id: copyId })),
            src.layers.map((l) => ({ ...l, id: layerIds.get(l.id)!, schedule_id: copyId, created_at: iso, updated_at: iso })),
            new Map([...src.participants].map(([layerId, users]) => [layerIds.get(layerId)!, users])),
          );
          if (input.include_level_channels !== false) {
            await repo.replaceLevelChannels(trx, copyId, (await repo.levelChannels(trx, id)).map((c) => ({ ...c, schedule_id: copyId, updated_at: iso })));
          }
          let overrides = 0;
          if (input.include_overrides) {
            for (const o of await repo.liveOverridesOfSchedule(trx, id, iso)) {
              await repo.insertOverride(trx, { ...o, id: newId('ovr'), schedule_id: copyId, layer_id: o.layer_id === null ? null : layerIds.get(o.layer_id)!, created_by: actor.id, created_at: iso });
              overrides++;
            }
          }
          await recordAudit(trx, {
            orgId: actor.orgId, actor, action: 'schedule.clone', targetType: 'schedule', targetId: copyId,
            changes: { name, source: id, time_zone: row.time_zone, overrides }, meta, now: iso,
          });
          return treeView(trx, row);
        }));
      } catch (e) {
        if (isUniqueViolation(e)) throw nameTaken(name);
        throw e;
      }
    },

    /** GET …/oncall: who is on call at every level at `at` (default now), with their shifts. */
    async onCall(orgId: string, id: string, atText?: string) {
      const at = atText === undefined ? clock.now().getTime() : parseInstant(atText);
      if (at === undefined) throw invalid('at', INSTANT_HINT);
      const tree = await repo.loadTree(db, await loadOwn(db, orgId, id));
      const overrides = await repo.overridesBetween(db, id, isoOf(at - VIEW_HORIZON_MS - DAY), isoOf(at + VIEW_HORIZON_MS + DAY));
      const view = onCallView(scheduleSpec(tree), overrides.map(overrideSpec), at);
      const names = await repo.userNames(db, view.flatMap((l) => l.users.map((u) => u.userId)));
      return {
        at: isoOf(at),
        time_zone: tree.schedule.time_zone,
        levels: view.map((l) => ({
          level: l.level,
          users: l.users.map((u) => ({
            user_id: u.userId, name: names.get(u.userId) ?? '', source: u.source, layer_id: u.layerId,
            shift_start: isoOf(u.shiftStart), shift_end: u.shiftEnd === null ? null : isoOf(u.shiftEnd),
          })),
          next_handoff: l.nextHandoff === null ? null : isoOf(l.nextHandoff),
        })),
      };
    },

    /** GET …/shifts: every shift of every level in [from, to), at most 31 days. */
    async shifts(orgId: string, id: string, fromText: string, toText: string) {
      // Another organization's schedule is 404 whatever the window says.
      const tree = await repo.loadTree(db, await loadOwn(db, orgId, id));
      const { from, to } = shiftWindow(parseInstant(fromText), parseInstant(toText));
      return (await shiftsOf(tree, from, to)).map((s) => ({
        level: s.level, user_id: s.userId, layer_id: s.layerId, source: s.source, start: isoOf(s.start), end: isoOf(s.end),
      }));
    },

    /**
     * GET …/reachability (PRODUCT.md 10): every shift in [from, to) (default the next 7 days, at
     * most 31) with whether the person's high-urgency steps reach them, and why not.
     */
    async reachability(orgId: string, id: string, fromText?: string, toText?: string) {
      const tree = await repo.loadTree(db, await loadOwn(db, orgId, id));
      const fromAt = fromText === undefined ? clock.now().getTime() : parseInstant(fromText);
      const toAt = toText === undefined ? (fromAt === undefined ? undefined : fromAt + REACHABILITY_DEFAULT_MS) : parseInstant(toText);
      const { from, to } = shiftWindow(fromAt, toAt, { to: toText !== undefined });
      const shifts = await shiftsOf(tree, from, to);
      if (!deps.reachability) throw new Error('schedule service: reachability is not wired');
      const reach = await deps.reachability(orgId, id, shifts.map((s) => ({ level: s.level, userId: s.userId })));
      const names = await repo.userNames(db, shifts.map((s) => s.userId));
      return shifts.map((s) => ({ level: s.level, user_id: s.userId, name: names.get(s.userId) ?? '', start: isoOf(s.start), end: isoOf(s.end), ...reach(s.level, s.userId) }));
    },

    /** GET …/overrides: those overlapping [from, to) (from: now by default; to: open), by start. */
    async listOverrides(orgId: string, id: string, q: { from?: string | undefined; to?: string | undefined; limit: number; cursor?: string | undefined }) {
      await loadOwn(db, orgId, id);
      const from = q.from === undefined ? clock.now().getTime() : parseInstant(q.from);
      const to = q.to === undefined ? undefined : parseInstant(q.to);
      if (from === undefined) throw invalid('from', INSTANT_HINT);
      if (q.to !== undefined && to === undefined) throw invalid('to', INSTANT_HINT);
      const scope = filteredScope(`${orgId}/${id}`, { from: q.from, to: q.to });
      const after = decodeCursor(q.cursor, scope, (p) => {
        const [start, oid] = p.split('|');
        return start && oid && parseInstant(start) !== undefined && idPosition('ovr')(oid) ? { start, id: oid } : undefined;
      });
      const rows = await repo.listOverrides(db, id, isoOf(from), to === undefined ? undefined : isoOf(to), after, q.limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, q.limit, scope, (last) => `${last.start_at}|${last.id}`);
      return { items: page.map(toOverrideView), nextCursor };
    },

    async createOverride(actor: UserActor, id: string, input: OverrideInput, meta: RequestMeta) {
      await loadOwn(db, actor.orgId, id);
      const now = clock.now();
      const iso = now.toISOString();
      const problems: FieldProblem[] = [];
      const start = parseInstant(input.start);
      const end = parseInstant(input.end);
      if (start === undefined) problems.push({ field: 'start', message: INSTANT_HINT });
      if (end === undefined) problems.push({ field: 'end', message: INSTANT_HINT });
      if (start !== undefined && end !== undefined && end <= start) problems.push({ field: 'end', message: 'must be after start' });
      else if (end !== undefined && end <= now.getTime()) problems.push({ field: 'end', message: 'is in the past; an override must end after now' });
      const add = input.add_user_id ?? null;
      const remove = input.remove_user_id ?? null;
      if (input.kind !== 'remove' && add === null) problems.push({ field: 'add_user_id', message: `is required for kind "${input.kind}"` });
      if (input.kind === 'remove' && add !== null) problems.push({ field: 'add_user_id', message: 'must be absent for kind "remove"' });
      if (input.kind !== 'add' && remove === null) problems.push({ field: 'remove_user_id', message: `is required for kind "${input.kind}"` });
      if (input.kind === 'add' && remove !== null) problems.push({ field: 'remove_user_id', message: 'must be absent for kind "add"; use kind "replace" to swap two people' });
      if (input.kind === 'replace' && add !== null && add === remove) problems.push({ field: 'add_user_id', message: 'must differ from remove_user_id' });
      if (problems.length) throw badRequest(problems);
      return committed(db.transaction().execute(async (trx) => {
        const tree = await repo.loadTree(trx, await loadOwn(trx, actor.orgId, id));
        const more: FieldProblem[] = [];
        if (!tree.levels.some((l) => l.level === input.level)) more.push({ field: 'level', message: `the schedule has levels 1..${tree.levels.length}` });
        const layerId = input.layer_id ?? null;
        if (layerId !== null && !tree.layers.some((l) => l.id === layerId && l.level === input.level)) {
          more.push({ field: 'layer_id', message: `"${layerId}" is not a layer of level ${input.level} of this schedule` });
        }
        const members = await repo.membersAmong(trx, actor.orgId, [add, remove].filter((u): u is string => u !== null));
        if (add !== null && !members.has(add)) more.push({ field: 'add_user_id', message: `"${add}" is not a member of this organization` });
        if (remove !== null && !members.has(remove)) more.push({ field: 'remove_user_id', message: `"${remove}" is not a member of this organization` });
        if (more.length) throw badRequest(more);
        const row: ScheduleOverrideRow = {
          id: newId('ovr'), schedule_id: id, level: input.level, layer_id: layerId, kind: input.kind, add_user_id: add, remove_user_id: remove,
          start_at: isoOf(start!), end_at: isoOf(end!), note: input.note ?? '', created_by: actor.id, created_at: iso,
        };
        await repo.insertOverride(trx, row);
        await recordAudit(trx, {
          orgId: actor.orgId, actor, action: 'override.create', targetType: 'override', targetId: row.id,
          changes: { schedule_id: id, level: row.level, layer_id: layerId, kind: row.kind, add_user_id: add, remove_user_id: remove, start: row.start_at, end: row.end_at }, meta, now: iso,
        });
        return toOverrideView(row);
      }));
    },

    async deleteOverride(actor: UserActor, overrideId: string, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      await committed(db.transaction().execute(async (trx) => {
        const row = await repo.findOverride(trx, actor.orgId, overrideId);
        if (!row) throw notFound('Override', overrideId);
        await repo.deleteOverride(trx, overrideId);
        await recordAudit(trx, {
          orgId: actor.orgId, actor, action: 'override.delete', targetType: 'override', targetId: overrideId,
          changes: { schedule_id: row.schedule_id, level: row.level, kind: row.kind, start: row.start_at, end: row.end_at }, meta, now: iso,
        });
      }));
      return { ok: true as const };
    },

    /** Schedules whose chat steps name a webhook destination (a delete of it is refused while there are any). In the caller's transaction. */
    async schedulesUsingDestination(q: Kysely<Database>, orgId: string, destinationId: string) {
      return repo.schedulesUsingDestination(q, orgId, destinationId);
    },

    async levelChannels(orgId: string, id: string) {
      const tree = await repo.loadTree(db, await loadOwn(db, orgId, id));
      return levelChannelView(tree.levels.map((l) => ({ level: l.level, timeoutMinutes: l.timeout_minutes })), await repo.levelChannels(db, id));
    },

    /** PUT …/level-channels: replaces every entry; pairs not sent go back to the defaults. */
    async putLevelChannels(actor: UserActor, id: string, input: LevelChannelsInput, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      return committed(db.transaction().execute(async (trx) => {
        const tree = await repo.loadTree(trx, await loadOwn(trx, actor.orgId, id, true));
        const problems: FieldProblem[] = [];
        const seen = new Set<string>();
        input.entries.forEach((e, i) => {
          const level = tree.levels.find((l) => l.level === e.level);
          if (!level) {
            problems.push({ field: `entries.${i}.level`, message: `the schedule has levels 1..${tree.levels.length}` });
            return;
          }
          const key = `${e.level}/${e.priority}`;
          if (seen.has(key)) problems.push({ field: `entries.${i}`, message: `level ${e.level} priority ${e.priority} is listed twice` });
          seen.add(key);
          const steps = new Set<string>();
          e.steps.forEach((s, j) => {
            const at = `entries.${i}.steps.${j}`;
            if (s.delay_seconds >= level.timeout_minutes * 60) {
              problems.push({ field: `${at}.delay_seconds`, message: `must be shorter than level ${e.level}'s timeout (${level.timeout_minutes * 60} s), or the step could never be sent` });
            }
            if (s.channel === 'chat' && (s.destination_id === undefined || !/^whk_[0-9A-Za-z]{1,60}$/.test(s.destination_id))) {
              problems.push({ field: `${at}.destination_id`, message: 'a chat step names its chat webhook destination (whk_…)' });
            }
            if (s.channel !== 'chat' && s.destination_id !== undefined) problems.push({ field: `${at}.destination_id`, message: `only chat steps name a destination; ${s.channel} goes to the person's own ${s.channel === 'push' ? 'devices' : s.channel === 'email' ? 'email' : s.channel === 'telegram' ? 'linked Telegram chat' : 'verified numbers'}` });
            const k = `${s.channel}@${s.delay_seconds}/${s.destination_id ?? ''}`;
            if (steps.has(k)) problems.push({ field: at, message: `repeats ${s.channel} at ${s.delay_seconds} s` });
            steps.add(k);
          });
        });
        await checkChatDestinations(trx, actor.orgId, input, problems);
        if (problems.length) throw badRequest(problems);
        const rows: LevelChannelRow[] = input.entries.map((e) => ({
          schedule_id: id, level: e.level, priority: e.priority,
          steps: JSON.stringify([...e.steps].sort((a, b) => a.delay_seconds - b.delay_seconds).map((s) => ({ channel: s.channel, delay_seconds: s.delay_seconds, ...(s.destination_id !== undefined ? { destination_id: s.destination_id } : {}) }))),
          updated_at: iso,
        }));
        await repo.replaceLevelChannels(trx, id, rows);
        await recordAudit(trx, {
          orgId: actor.orgId, actor, action: 'schedule.level_channels_update', targetType: 'schedule', targetId: id,
          changes: { entries: rows.map((r) => ({ level: r.level, priority: r.priority, steps: JSON.parse(r.steps) })) }, meta, now: iso,
        });
        return levelChannelView(tree.levels.map((l) => ({ level: l.level, timeoutMinutes: l.timeout_minutes })), rows);
      }));
    },

    async deleteLevelChannel(actor: UserActor, id: string, levelText: string, priority: string, meta: RequestMeta) {
      const level = /^[0-9]{1,2}$/.test(levelText) ? Number(levelText) : NaN;
      const iso = clock.now().toISOString();
      await committed(db.transaction().execute(async (trx) => {
        const tree = await repo.loadTree(trx, await loadOwn(trx, actor.orgId, id, true));
        if (!(PRIORITIES as string[]).includes(priority)) throw invalid('priority', `must be one of ${PRIORITIES.join(', ')}`);
        if (!tree.levels.some((l) => l.level === level)) throw notFound('Level', levelText);
        const removed = await repo.deleteLevelChannel(trx, id, level, priority);
        if (removed) {
          await recordAudit(trx, { orgId: actor.orgId, actor, action: 'schedule.level_channel_reset', targetType: 'schedule', targetId: id, changes: { level, priority }, meta, now: iso });
        }
      }));
      return { ok: true as const };
    },

    /**
     * A member left the organization (or was removed): they leave every rotation (whose turn it is
     * stays as it was; a layer whose turn was theirs hands the rest of the shift to the next
     * person), every override naming them goes, and so do their calendar feeds; one audit entry
     * says which. Runs in the caller's transaction.
     */
    async memberRemovedTx(trx: Kysely<Database>, e: { orgId: string; userId: string; actor: Actor; meta: RequestMeta; now: string }) {
      const at = Date.parse(e.now);
      // In the caller's transaction: its commit is not ours to see, so the directory reloads now
      // (and within its time to live should a lookup read the rows before the commit).
      schedulesChanged();
      const layers = await repo.layersListing(trx, e.orgId, e.userId);
      const emptied: string[] = [];
      for (const layer of layers) {
        const before = await repo.participantsOf(trx, layer.id);
        const after = before.filter((u) => u !== e.userId);
        const rotation = { unit: layer.rotation_unit, length: layer.rotation_length, handoffLocal: layer.handoff_local };
        const offset = keepRotationPosition(layer.time_zone, { ...rotation, participants: before, offset: layer.rotation_offset }, { ...rotation, participants: after }, at);
        await repo.setParticipants(trx, layer.id, after, offset, e.now);
        if (!after.length) emptied.push(layer.id);
      }
      const overrides = await repo.deleteOverridesNaming(trx, e.orgId, e.userId);
      const feeds = await repo.deleteFeedsOf(trx, e.orgId, e.userId);
      if (!layers.length && !overrides.length && !feeds) return;
      await recordAudit(trx, {
        orgId: e.orgId, actor: e.actor, action: 'schedule.member_removed', targetType: 'user', targetId: e.userId,
        changes: {
          layers: layers.map((l) => l.id), ...(emptied.length ? { layers_left_without_participants: emptied } : {}),
          overrides_deleted: overrides.map((o) => o.id), calendar_feeds_deleted: feeds,
        },
        meta: e.meta, now: e.now,
      });
    },

    /** For services: 400 unless `scheduleId` names a schedule of the organization; it cannot be deleted before the caller commits. */
    async assertSchedule(trx: Kysely<Database>, orgId: string, scheduleId: string) {
      if (!(await repo.findScheduleShared(trx, orgId, scheduleId, dialect))) {
        throw invalid('schedule_id', `"${scheduleId}" is not a schedule of this organization; create one with POST /api/schedules, or send null`);
      }
    },
  };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;

