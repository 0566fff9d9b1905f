import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, idPosition, pageOf } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashSecret, randomToken } from '../../lib/secrets.ts';
import { type Priority, type SettledEventTypes, applySignalTx, normalizeSignal } from '../alert/index.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import { orgRepository, urgencyRulesOf } from '../org/index.ts';
import { serviceRepository } from '../service/index.ts';
import { GRACE_DEFAULT, deadlineAfter, statusOf } from './heartbeat.ts';
import type { HeartbeatRow } from './heartbeat.table.ts';

/** The ping token's shape: kxh_ and 32 random bytes (masked in logs like every kx?_ secret). */
const TOKEN = /^kxh_[A-Za-z0-9_-]{43}$/;
/** The most of a `…/fail` body kept in the alert's details. */
export const FAIL_BODY_MAX = 64 * 1024;

export interface HeartbeatInput {
  name?: string | undefined;
  interval_seconds?: number | undefined;
  grace_seconds?: number | undefined;
  priority?: Priority | undefined;
  enabled?: boolean | undefined;
}

export const eventKeyOf = (id: string) => `heartbeat:${id}`;
export const missedTitle = (name: string) => `Heartbeat "${name}" missed`;

type Db = Kysely<Database>;

/**
 * Heartbeats (PRODUCT.md 11; docs/adr/0820-heartbeats.md): routes' work, pings, and the one way a
 * heartbeat opens or resolves its alert (`signalTx`), which the job (heartbeat.job.ts) shares.
 */
export function createHeartbeatService(deps: {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  publicUrl: string;
  settledEvents?: SettledEventTypes;
  /** After a commit that changed an alert: the outbox runner's nudge. */
  notify: () => void;
}) {
  const { db, clock } = deps;
  const signalTx = (trx: Db, hb: HeartbeatRow, action: 'trigger' | 'resolve', actor: Actor, now: string, failBody?: string) =>
    heartbeatSignalTx(deps, trx, hb, action, actor, now, failBody);
  const pingUrl = (token: string) => `${deps.publicUrl}/v1/heartbeat/${token}`;

  function view(r: HeartbeatRow, nowMs: number) {
    return {
      id: r.id, service_id: r.service_id, name: r.name, interval_seconds: r.interval_seconds, grace_seconds: r.grace_seconds, priority: r.priority,
      enabled: r.enabled === 1, status: statusOf(r, nowMs), last_ping_at: r.last_ping_at, created_at: r.created_at, updated_at: r.updated_at,
    };
  }

  async function find(q: Db, orgId: string, id: string): Promise<HeartbeatRow> {
    const row = await q.selectFrom('heartbeats').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Heartbeat', id);
    return row;
  }

  return {
    view,
    async create(actor: UserActor, serviceId: string, input: Required<Pick<HeartbeatInput, 'name' | 'interval_seconds'>> & HeartbeatInput, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      const token = `kxh_${randomToken(32)}`;
      const row: HeartbeatRow = {
        id: newId('hbt'), org_id: actor.orgId, service_id: serviceId, name: input.name.trim(), interval_seconds: input.interval_seconds,
        grace_seconds: input.grace_seconds ?? GRACE_DEFAULT, priority: input.priority ?? 'high', enabled: input.enabled === false ? 0 : 1,
        token_hash: hashSecret(token), state: 'new', last_ping_at: null, deadline_at: null, created_at: iso, updated_at: iso,
      };
      await db.transaction().execute(async (trx) => {
        if (!(await serviceRepository.findService(trx, actor.orgId, serviceId))) throw notFound('Service', serviceId);
        await trx.insertInto('heartbeats').values(row).execute();
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'heartbeat.create', targetType: 'heartbeat', targetId: row.id, changes: { service_id: serviceId, name: row.name }, meta, now: iso });
      });
      return { ...view(row, clock.now().getTime()), ping_url: pingUrl(token) };
    },

    async list(orgId: string, serviceId: string, limit: number, cursor?: string) {
      if (!(await serviceRepository.findService(db, orgId, serviceId))) throw notFound('Service', serviceId);
      const scope = `${orgId}/${serviceId}`;
      const after = decodeCursor(cursor, scope, idPosition('hbt'));
      const rows = await db.selectFrom('heartbeats').selectAll().where('org_id', '=', orgId).where('service_id', '=', serviceId)
        .$if(after !== undefined, (q) => q.where('id', '>', after!)).orderBy('id').limit(limit + 1).execute();
      const { rows: page, nextCursor } = pageOf(rows, limit, scope, (last) => last.id);
      const now = clock.now().getTime();
      return { items: page.map((r) => view(r, now)), nextCursor };
    },

    async get(orgId: string, id: string) {
      return view(await find(db, orgId, id), clock.now().getTime());
    },

    async update(actor: UserActor, id: string, input: HeartbeatInput, meta: RequestMeta) {
      const now = clock.now();
      const iso = now.toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const was = await find(trx, actor.orgId, id);
        const next = { ...was };
        if (input.name !== undefined) next.name = input.name.trim();
        if (input.interval_seconds !== undefined) next.interval_seconds = input.interval_seconds;
        if (input.grace_seconds !== undefined) next.grace_seconds = input.grace_seconds;
        if (input.priority !== undefined) next.priority = input.priority;
        if (input.enabled !== undefined) next.enabled = input.enabled ? 1 : 0;
        if (next.state === 'up' && next.last_ping_at) {
          // A heartbeat taken out of pause starts counting again now: a silence while paused never fires.
          const from = was.enabled === 0 && next.enabled === 1 ? now.getTime() : Date.parse(next.last_ping_at);
          next.deadline_at = new Date(deadlineAfter(from, next.interval_seconds, next.grace_seconds)).toISOString();
        }
        next.updated_at = iso;
        await trx.updateTable('heartbeats').set({
          name: next.name, interval_seconds: next.interval_seconds, grace_seconds: next.grace_seconds, priority: next.priority, enabled: next.enabled,
          deadline_at: next.deadline_at, updated_at: iso,
        }).where('id', '=', id).execute();
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'heartbeat.update', targetType: 'heartbeat', targetId: id, changes: { ...input }, meta, now: iso });
        return next;
      });
      return view(row, now.getTime());
    },

    /** Deleted: it never fires again; an alert it opened is resolved, so nobody is paged for a heartbeat that is gone. */
    async remove(actor: UserActor, id: string, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      const changed = await db.transaction().execute(async (trx) => {
        const row = await find(trx, actor.orgId, id);
        await trx.deleteFrom('heartbeats').where('id', '=', id).execute();
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'heartbeat.delete', targetType: 'heartbeat', targetId: id, changes: { name: row.name }, meta, now: iso });
        return row.state === 'down' ? (await signalTx(trx, row, 'resolve', actor, iso)).changed : false;
      });
      if (changed) deps.notify();
      return { ok: true as const };
    },

    /** A new ping URL now; the previous one stops at once. */
    async rotate(actor: UserActor, id: string, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      const token = `kxh_${randomToken(32)}`;
      const row = await db.transaction().execute(async (trx) => {
        const row = await find(trx, actor.orgId, id);
        await trx.updateTable('heartbeats').set({ token_hash: hashSecret(token), updated_at: iso }).where('id', '=', id).execute();
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'heartbeat.rotate', targetType: 'heartbeat', targetId: id, changes: {}, meta, now: iso });
        return { ...row, updated_at: iso };
      });
      return { ...view(row, clock.now().getTime()), ping_url: pingUrl(token) };
    },

    /**
     * A ping (`fail` false): the heartbeat is up until interval + grace from now, and the alert of
     * a silence resolves. A failure report: the alert opens at once with the body as its details.
     * An unknown token, or a paused heartbeat's, is not found (nothing changes).
     */
    async ping(token: string, fail: boolean, body: string) {
      if (!TOKEN.test(token)) throw notFound('Heartbeat');
      const now = clock.now();
      const iso = now.toISOString();
      const changed = await db.transaction().execute(async (trx) => {
        const hb = await trx.selectFrom('heartbeats').selectAll().where('token_hash', '=', hashSecret(token))
          .$if(deps.dialect === 'postgres', (q) => q.forUpdate()).executeTakeFirst();
        if (!hb) throw notFound('Heartbeat');
        const actor: Actor = { type: 'system', id: null };
        if (fail) {
          await trx.updateTable('heartbeats').set({ state: 'down', deadline_at: null, last_ping_at: iso, updated_at: iso }).where('id', '=', hb.id).execute();
          return (await signalTx(trx, hb, 'trigger', actor, iso, body)).changed;
        }
        const deadline = new Date(deadlineAfter(now.getTime(), hb.interval_seconds, hb.grace_seconds)).toISOString();
        await trx.updateTable('heartbeats').set({ state: 'up', deadline_at: deadline, last_ping_at: iso, updated_at: iso }).where('id', '=', hb.id).execute();
        return hb.state === 'down' ? (await signalTx(trx, hb, 'resolve', actor, iso)).changed : false;
      });
      if (changed) deps.notify();
      return { ok: true as const };
    },
  };
}
export type HeartbeatService = ReturnType<typeof createHeartbeatService>;

/**
 * Opens the alerts of missed deadlines, each once, in one transaction (docs/adr/0836): the rows
 * are locked and read again (PostgreSQL: `FOR UPDATE SKIP LOCKED`, in id order, so processes
 * checking at once split the rows instead of waiting on or deadlocking with each other); a row
 * fires only if it is still up and enabled with the deadline that was read as due (a ping, a pause
 * or another process in between wins); then one compare-and-set marks them all down and each
 * alert opens. Answers how many opened.
 */
export async function fireMissed(
  deps: { db: Db; dialect: Dialect; settledEvents?: SettledEventTypes | undefined },
  due: readonly HeartbeatRow[],
  now: string,
): Promise<number> {
  if (!due.length) return 0;
  const deadlineOf = new Map(due.map((hb) => [hb.id, hb.deadline_at]));
  return deps.db.transaction().execute(async (trx) => {
    const fresh = await trx.selectFrom('heartbeats').selectAll().where('id', 'in', [...deadlineOf.keys()]).where('state', '=', 'up').where('enabled', '=', 1)
      .orderBy('id').$if(deps.dialect === 'postgres', (q) => q.forUpdate().skipLocked()).execute();
    const won = fresh.filter((hb) => hb.deadline_at !== null && hb.deadline_at === deadlineOf.get(hb.id));
    if (!won.length) return 0;
    const r = await trx.updateTable('heartbeats').set({ state: 'down', deadline_at: null, updated_at: now })
      .where('id', 'in', won.map((hb) => hb.id)).where('state', '=', 'up').executeTakeFirst();
    // Locked (PostgreSQL) or the only writer (SQLite): every row read is the row changed.
    if (Number(r.numUpdatedRows) !== won.length) throw new Error(`heartbeat check: ${won.length} rows read due, ${r.numUpdatedRows} changed`);
    for (const hb of won) await heartbeatSignalTx(deps, trx, hb, 'trigger', { type: 'system', id: null }, now);
    return won.length;
  });
}

/**
 * The one way a heartbeat changes its alert, inside the caller's transaction: a trigger
 * (`heartbeat:{id}`, `Heartbeat "{name}" missed`, or the failure reported with its body) or a
 * resolve, as a signal of the service, so dedupe, paging and webhooks are those of any alert.
 */
export async function heartbeatSignalTx(
  deps: { dialect: Dialect; settledEvents?: SettledEventTypes | undefined },
  trx: Db,
  hb: HeartbeatRow,
  action: 'trigger' | 'resolve',
  actor: Actor,
  now: string,
  failBody?: string,
) {
  const failed = failBody !== undefined;
  const signal = normalizeSignal({
    action, eventKey: eventKeyOf(hb.id), source: 'heartbeat', priority: hb.priority,
    ...(action === 'trigger' ? {
      title: failed ? `Heartbeat "${hb.name}" reported a failure` : missedTitle(hb.name),
      body: failed ? '' : `No ping for ${hb.interval_seconds + hb.grace_seconds} seconds (interval ${hb.interval_seconds} s, grace ${hb.grace_seconds} s)`,
      details: { heartbeat_id: hb.id, ...(failed ? { body: failBody.slice(0, FAIL_BODY_MAX) } : { last_ping_at: hb.last_ping_at }) },
    } : {}),
  });
  if (action === 'trigger') {
    const org = await orgRepository.findOrg(trx, hb.org_id);
    if (org) signal.urgency = urgencyRulesOf(org)[signal.priority];
  }
  return applySignalTx(trx, deps.dialect, { orgId: hb.org_id, serviceId: hb.service_id, integrationId: null, receiptId: null, actor, signal, now }, deps.settledEvents);
}
