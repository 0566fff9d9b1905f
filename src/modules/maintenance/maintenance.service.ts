import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, idPosition, pageOf } from '../../lib/cursor.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import { type Weekday, ianaZone, parseClock } from '../schedule/index.ts';
import type { MaintenanceWindowRow } from './maintenance.table.ts';
import { type WindowSpec, activeUntil, nextStart } from './window.ts';

type Db = Kysely<Database>;

export interface MaintenanceInput {
  name?: string | undefined;
  service_ids?: string[] | undefined;
  start?: string | undefined;
  end?: string | undefined;
  recurrence?: { time_zone: string; days: Weekday[]; start: string; duration_minutes: number } | undefined;
  page_when_over?: boolean | undefined;
}

/** What the paging engine does with a due alert of a service (PRODUCT.md 11). */
export type MaintenanceDecision =
  | { kind: 'hold'; windowId: string; name: string; until: string }
  | { kind: 'quiet'; windowId: string; name: string }
  | undefined;

export function specOf(r: MaintenanceWindowRow): WindowSpec {
  const endedAt = r.ended_at ? Date.parse(r.ended_at) : null;
  if (r.time_zone) {
    return { kind: 'weekly', endedAt, recurrence: { timeZone: r.time_zone, days: JSON.parse(r.days ?? '[]') as Weekday[], startMinute: parseClock(r.start_local ?? '00:00') ?? 0, durationMinutes: r.duration_minutes ?? 0 } };
  }
  return { kind: 'once', start: Date.parse(r.start_at!), end: Date.parse(r.end_at!), endedAt };
}

const serviceIdsOf = (r: MaintenanceWindowRow) => JSON.parse(r.service_ids) as string[];

export function viewOf(r: MaintenanceWindowRow, nowMs: number) {
  const spec = specOf(r);
  const until = activeUntil(spec, nowMs);
  const next = nextStart(spec, nowMs);
  return {
    id: r.id, name: r.name, service_ids: serviceIdsOf(r),
    start: r.start_at, end: r.end_at,
    recurrence: r.time_zone ? { time_zone: r.time_zone, days: JSON.parse(r.days ?? '[]') as Weekday[], start: r.start_local!, duration_minutes: r.duration_minutes! } : null,
    page_when_over: r.page_when_over === 1,
    active: until !== null,
    active_until: until === null ? null : new Date(until).toISOString(),
    next_start: next ? new Date(next.start).toISOString() : null,
    ended_at: r.ended_at,
    created_at: r.created_at, updated_at: r.updated_at,
  };
}

function instant(field: string, text: string): number {
  const t = Date.parse(text);
  if (!/(Z|[+-]\d{2}:\d{2})$/i.test(text) || Number.isNaN(t)) throw invalid(field, 'must be an ISO 8601 time with an offset or Z');
  return t;
}

/**
 * Maintenance windows (PRODUCT.md 11; docs/adr/0821-maintenance-windows.md): their routes' work,
 * and the questions others ask: which services are in a window now (service reads, heartbeats),
 * and what the paging engine does with a due alert (`decide`).
 */
export function createMaintenanceService(deps: { db: Db; clock: Clock; /** The paging engine's nudge. */ nudge?: () => void }) {
  const { db, clock } = deps;

  /**
   * A window ended early, changed or deleted: the escalations of the alerts it held are due now,
   * so the engine asks again (and pages those no window holds any more) instead of resting until
   * the old end.
   */
  async function wakeHeld(trx: Db, windowId: string, iso: string) {
    await trx.updateTable('alert_escalations').set({ next_at: iso, updated_at: iso })
      .where('alert_id', 'in', trx.selectFrom('alerts').select('id').where('maintenance_window_id', '=', windowId).where('status', '=', 'open'))
      .where('next_at', '>', iso)
      .execute();
  }

  async function find(q: Db, orgId: string, id: string) {
    const row = await q.selectFrom('maintenance_windows').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Maintenance window', id);
    return row;
  }

  async function validate(q: Db, orgId: string, next: MaintenanceWindowRow) {
    const ids = serviceIdsOf(next);
    if (!ids.length) throw invalid('service_ids', 'must name at least one service');
    const found = await q.selectFrom('services').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute();
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw invalid('service_ids', `names no service of this organization: ${missing.join(', ')}`);
    if (next.time_zone) {
      if (!ianaZone(next.time_zone)) throw invalid('recurrence.time_zone', 'must be an IANA time zone such as Europe/Berlin');
      if (parseClock(next.start_local ?? '') === undefined) throw invalid('recurrence.start', 'must be a local time "HH:MM"');
    } else if (Date.parse(next.end_at!) <= Date.parse(next.start_at!)) throw invalid('end', 'must be after start');
  }

  function apply(row: MaintenanceWindowRow, input: MaintenanceInput): MaintenanceWindowRow {
    const next = { ...row };
    if (input.name !== undefined) next.name = input.name.trim();
    if (input.service_ids !== undefined) next.service_ids = JSON.stringify([...new Set(input.service_ids)]);
    if (input.page_when_over !== undefined) next.page_when_over = input.page_when_over ? 1 : 0;
    if (input.recurrence !== undefined) {
      if (input.start !== undefined || input.end !== undefined) throw invalid('recurrence', 'give either start and end (one window) or recurrence (a weekly one), not both');
      const zone = ianaZone(input.recurrence.time_zone) ?? input.recurrence.time_zone;
      Object.assign(next, { time_zone: zone, days: JSON.stringify(input.recurrence.days), start_local: input.recurrence.start, duration_minutes: input.recurrence.duration_minutes, start_at: null, end_at: null });
    } else if (input.start !== undefined || input.end !== undefined) {
      const start = input.start ?? next.start_at;
      const end = input.end ?? next.end_at;
      if (!start) throw invalid('start', 'is required for a one-off window (or give recurrence)');
      if (!end) throw invalid('end', 'is required for a one-off window (or give recurrence)');
      Object.assign(next, { start_at: new Date(instant('start', start)).toISOString(), end_at: new Date(instant('end', end)).toISOString(), time_zone: null, days: null, start_local: null, duration_minutes: null });
    }
    if (!next.time_zone && !next.start_at) throw invalid('start', 'give start and end (one window) or recurrence (a weekly one)');
    return next;
  }

  /** Every window of the organizations asked about, by organization. */
  async function windowsOf(orgIds: string[]) {
    const rows = orgIds.length ? await db.selectFrom('maintenance_windows').selectAll().where('org_id', 'in', [...new Set(orgIds)]).execute() : [];
    return rows;
  }

  /** The windows active at `now` for each of these services: the one ending last wins. */
  function activeFor(rows: MaintenanceWindowRow[], serviceIds: Set<string>, nowMs: number) {
    const out = new Map<string, { row: MaintenanceWindowRow; until: number }>();
    for (const r of rows) {
      const ids = serviceIdsOf(r).filter((s) => serviceIds.has(s));
      if (!ids.length) continue;
      const until = activeUntil(specOf(r), nowMs);
      if (until === null) continue;
      for (const s of ids) if (!out.has(s) || out.get(s)!.until < until) out.set(s, { row: r, until });
    }
    return out;
  }

  return {
    async create(actor: UserActor, input: MaintenanceInput & { name: string; service_ids: string[] }, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      const blank: MaintenanceWindowRow = {
        id: newId('mnt'), org_id: actor.orgId, name: '', service_ids: '[]', start_at: null, end_at: null, time_zone: null, days: null, start_local: null,
        duration_minutes: null, page_when_over: 1, ended_at: null, created_at: iso, updated_at: iso,
      };
      const row = apply(blank, input);
      await db.transaction().execute(async (trx) => {
        await validate(trx, actor.orgId, row);
        await trx.insertInto('maintenance_windows').values(row).execute();
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'maintenance_window.create', targetType: 'maintenance_window', targetId: row.id, changes: { name: row.name }, meta, now: iso });
      });
      return viewOf(row, clock.now().getTime());
    },

    async list(orgId: string, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, orgId, idPosition('mnt'));
      const rows = await db.selectFrom('maintenance_windows').selectAll().where('org_id', '=', orgId)
        .$if(after !== undefined, (q) => q.where('id', '>', after!)).orderBy('id').limit(limit + 1).execute();
      const { rows: page, nextCursor } = pageOf(rows, limit, orgId, (last) => last.id);
      const now = clock.now().getTime();
      return { items: page.map((r) => viewOf(r, now)), nextCursor };
    },

    async get(orgId: string, id: string) {
      return viewOf(await find(db, orgId, id), clock.now().getTime());
    },

    async update(actor: UserActor, id: string, input: MaintenanceInput, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const next = { ...apply(await find(trx, actor.orgId, id), input), updated_at: iso };
        await validate(trx, actor.orgId, next);
        const { id: _id, org_id: _org, created_at: _c, ...set } = next;
        await trx.updateTable('maintenance_windows').set(set).where('id', '=', id).execute();
        await wakeHeld(trx, id, iso);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'maintenance_window.update', targetType: 'maintenance_window', targetId: id, changes: { ...input }, meta, now: iso });
        return next;
      });
      deps.nudge?.();
      return viewOf(row, clock.now().getTime());
    },

    async remove(actor: UserActor, id: string, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await find(trx, actor.orgId, id);
        await trx.deleteFrom('maintenance_windows').where('id', '=', id).execute();
        await wakeHeld(trx, id, iso);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'maintenance_window.delete', targetType: 'maintenance_window', targetId: id, changes: { name: row.name }, meta, now: iso });
      });
      deps.nudge?.();
      return { ok: true as const };
    },

    /** "End now": the occurrence running now stops; a weekly window's later ones still happen. */
    async end(actor: UserActor, id: string, meta: RequestMeta) {
      const now = clock.now();
      const iso = now.toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const row = await find(trx, actor.orgId, id);
        if (activeUntil(specOf(row), now.getTime()) === null) throw new AppError('conflict', 'The maintenance window is not active now; nothing to end.');
        await trx.updateTable('maintenance_windows').set({ ended_at: iso, updated_at: iso }).where('id', '=', id).execute();
        await wakeHeld(trx, id, iso);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'maintenance_window.end', targetType: 'maintenance_window', targetId: id, changes: {}, meta, now: iso });
        return { ...row, ended_at: iso, updated_at: iso };
      });
      deps.nudge?.();
      return viewOf(row, now.getTime());
    },

    /** For service reads: `maintenance: {id, until}` of each service in a window now. */
    async maintenanceOf(orgId: string, serviceIds: string[]): Promise<Map<string, { id: string; until: string }>> {
      const active = activeFor(await windowsOf([orgId]), new Set(serviceIds), clock.now().getTime());
      return new Map([...active].map(([s, a]) => [s, { id: a.row.id, until: new Date(a.until).toISOString() }]));
    },

    /** For the heartbeat check: the services among these in a window at `now`. */
    async servicesInMaintenance(list: { orgId: string; serviceId: string }[], now: Date): Promise<Set<string>> {
      const active = activeFor(await windowsOf(list.map((l) => l.orgId)), new Set(list.map((l) => l.serviceId)), now.getTime());
      return new Set(active.keys());
    },

    /** For the dispatcher's send decision: the window each of these services is in at `now`, and until when (as `decide` says it), by service. */
    async windowsNow(list: { orgId: string; serviceId: string }[], now: Date): Promise<Map<string, { windowId: string; name: string; until: string }>> {
      if (!list.length) return new Map();
      const active = activeFor(await windowsOf(list.map((l) => l.orgId)), new Set(list.map((l) => l.serviceId)), now.getTime());
      return new Map([...active].map(([s, a]) => [s, { windowId: a.row.id, name: a.row.name, until: new Date(a.until).toISOString() }]));
    },

    /**
     * For the paging engine, the one question it asks before paging a due alert: held (the service
     * is in a window: page nobody until it ends), quiet (a window held it and ended with
     * `page_when_over: false`: page nobody), or nothing (page as usual). For a batch of due alerts
     * at once (one read of their organizations' windows), in the order asked.
     */
    async decide(list: readonly { orgId: string; serviceId: string; heldBy: string | null }[], now: Date): Promise<MaintenanceDecision[]> {
      if (!list.length) return [];
      const rows = await windowsOf(list.map((l) => l.orgId));
      const active = activeFor(rows, new Set(list.map((l) => l.serviceId)), now.getTime());
      return list.map(({ orgId, serviceId, heldBy }): MaintenanceDecision => {
        const a = active.get(serviceId);
        if (a && a.row.org_id === orgId) return { kind: 'hold', windowId: a.row.id, name: a.row.name, until: new Date(a.until).toISOString() };
        const was = heldBy ? rows.find((r) => r.id === heldBy && r.org_id === orgId) : undefined;
        if (was && was.page_when_over === 0) return { kind: 'quiet', windowId: was.id, name: was.name };
        return undefined;
      });
    },
  };
}
export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
