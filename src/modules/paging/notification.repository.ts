import type { PersonContacts } from './reach.ts';
import { personName } from '../../lib/actor.ts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { AlertEscalationRow, NewNotificationRow, NotificationRow } from './notification.table.ts';
import type { NewAlertLogRow } from '../alert/alert.table.ts';
import { insertLogRows } from '../alert/alert.log.ts';

/** Escalations due by `now` with their alert's state, high urgency first, then oldest first. */
export async function dueEscalations(db: Kysely<Database>, now: string, limit: number) {
  return dueQuery(db, now, limit).execute();
}
export type DueEscalation = Awaited<ReturnType<typeof dueEscalations>>[number];

function dueQuery(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom('alert_escalations as e')
    .innerJoin('alerts as a', 'a.id', 'e.alert_id')
    .selectAll('e')
    .select(['a.status', 'a.priority', 'a.urgency', 'a.service_id', 'a.title', 'a.snoozed_until', 'a.maintenance_window_id'])
    .where('e.next_at', '<=', now)
    // A snoozed alert's escalation is the snooze expiry job's until the snooze ends.
    .where('a.status', '<>', 'snoozed')
    // High urgency first, then the oldest (docs/adr/0761).
    .orderBy('a.urgency')
    .orderBy('e.next_at')
    .limit(limit);
}

/** The advisory lock class of a claimed escalation (its key: the hash of the alert id). */
const ESCALATION_LOCK = 0x6b6c78;

/**
 * PostgreSQL, on a connection the caller holds for its run: dueEscalations that no other process
 * is planning. Each is taken under a session advisory lock, and those another process holds are
 * skipped, so processes plan disjoint batches (docs/adr/0765). Only other escalation runs try
 * these locks, never waiting, so holding them while the batch's reads run on other connections
 * holds up nobody; a process that dies drops them with its connection. The compare-and-set stays
 * the guard of exactly-once; the claim only keeps processes from planning the same rows.
 * Release with releaseEscalations on the same connection.
 */
export async function claimDueEscalations(conn: Kysely<Database>, now: string, limit: number): Promise<DueEscalation[]> {
  // The due rows first (as many as three other processes could hold), then locks in that order
  // until `limit` are held: the limit stops the scan, so no row past it is locked.
  return conn
    .with((w) => w('cand').materialized(), () => dueQuery(conn, now, limit * 4))
    .selectFrom('cand')
    .selectAll()
    .where(sql<boolean>`pg_try_advisory_lock(${sql.lit(ESCALATION_LOCK)}, hashtext(cand.alert_id))`)
    .limit(limit)
    .execute() as Promise<DueEscalation[]>;
}

/** Releases the claims claimDueEscalations took on this connection. */
export async function releaseEscalations(conn: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_unlock_all()`.execute(conn);
}

/**
 * Compare-and-set: writes `set` only if the escalation is still as it was read (same epoch, next_at
 * and last event). Two processes that read the same due row cannot both act on it, and an event
 * applied in between (an ack, a raise) wins over a stale plan.
 */
export async function casEscalation(
  trx: Kysely<Database>,
  was: Pick<AlertEscalationRow, 'alert_id' | 'epoch' | 'next_at' | 'last_event_id'>,
  set: Partial<Omit<AlertEscalationRow, 'alert_id'>>,
): Promise<boolean> {
  const r = await trx
    .updateTable('alert_escalations')
    .set(set)
    .where('alert_id', '=', was.alert_id)
    .where('epoch', '=', was.epoch)
    .where('last_event_id', '=', was.last_event_id)
    .where((w) => (was.next_at === null ? w('next_at', 'is', null) : w('next_at', '=', was.next_at)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type EscalationSet = Partial<Omit<AlertEscalationRow, 'alert_id'>>;

const ESCALATION_TYPES: Record<keyof EscalationSet, 'integer' | 'text' | 'bigint'> = {
  org_id: 'text', schedule_id: 'text', schedule_chosen: 'integer', epoch: 'integer', cycle: 'integer', level: 'integer', level_started_at: 'text',
  paged: 'integer', force_next: 'integer', exhausted: 'integer', next_at: 'text', last_event_id: 'bigint', updated_at: 'text',
};

/**
 * casEscalation for a batch: one statement per shape of `set` (the columns written; a batch has
 * one or two), 500 rows a statement, the same text on both stores. Returns the alert ids whose
 * compare-and-set held.
 */
export async function casEscalations(trx: Kysely<Database>, items: { was: Pick<AlertEscalationRow, 'alert_id' | 'epoch' | 'next_at' | 'last_event_id'>; set: EscalationSet }[]): Promise<Set<string>> {
  const won = new Set<string>();
  const shapes = new Map<string, typeof items>();
  for (const it of items) {
    const key = Object.keys(it.set).sort().join(',');
    shapes.set(key, [...(shapes.get(key) ?? []), it]);
  }
  for (const [key, list] of shapes) {
    const cols = key.split(',') as (keyof EscalationSet)[];
    for (let i = 0; i < list.length; i += 500) {
      const values = sql.join(list.slice(i, i + 500).map(({ was, set }) =>
        sql`(${was.alert_id}, cast(${was.epoch} as integer), cast(${was.next_at} as text), cast(${was.last_event_id} as bigint), ${sql.join(cols.map((c) => sql`cast(${set[c] ?? null} as ${sql.raw(ESCALATION_TYPES[c])})`))})`));
      const r = await sql<{ alert_id: string }>`with v (v_id, w_epoch, w_next, w_last, ${sql.join(cols.map((c) => sql.ref(`s_${c}`)))}) as (values ${values})
        update alert_escalations set ${sql.join(cols.map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.s_${c}`)}`))}
        from v
        where alert_escalations.alert_id = v.v_id and alert_escalations.epoch = v.w_epoch and alert_escalations.last_event_id = v.w_last
          and (alert_escalations.next_at = v.w_next or (alert_escalations.next_at is null and v.w_next is null))
        returning alert_escalations.alert_id`.execute(trx);
      for (const row of r.rows) won.add(row.alert_id);
    }
  }
  return won;
}

/** New pages; a key already there (a page already made) is left as it is. Returns those inserted. */
export async function insertPages(trx: Kysely<Database>, rows: NewNotificationRow[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const r = await trx.insertInto('notifications').values(rows.slice(i, i + 200)).onConflict((oc) => oc.column('idempotency_key').doNothing()).returning('id').execute();
    ids.push(...r.map((x) => x.id));
  }
  return ids;
}

export async function insertLogs(trx: Kysely<Database>, rows: NewAlertLogRow[]): Promise<void> {
  await insertLogRows(trx, rows, { once: true });
}

/**
 * After downtime only the newest overdue step per alert, person and channel is sent (PRODUCT.md
 * 7.3): a due pending page with a newer due page beside it is superseded. Returns those superseded,
 * for their timeline entries (written by the caller in the same transaction).
 */
export async function supersedeOverdue(db: Kysely<Database>, now: string): Promise<Pick<NotificationRow, 'id' | 'alert_id' | 'user_id' | 'channel' | 'level' | 'step_index'>[]> {
  const r = await sql<Pick<NotificationRow, 'id' | 'alert_id' | 'user_id' | 'channel' | 'level' | 'step_index'>>`update notifications set status = 'superseded', detail = 'a newer step of the same channel was due', updated_at = ${now}
    where status = 'pending' and due_at <= ${now} and exists (
      select 1 from notifications n2 where n2.alert_id = notifications.alert_id and n2.user_id = notifications.user_id
        and n2.channel = notifications.channel and n2.status = 'pending' and n2.due_at <= ${now}
        and (n2.due_at > notifications.due_at or (n2.due_at = notifications.due_at and n2.id > notifications.id)))
    returning id, alert_id, user_id, channel, level, step_index`.execute(db);
  return r.rows;
}

/**
 * Claims up to `limit` due pending pages under a lease (claim_token, claim_expires_at). PostgreSQL
 * skips rows another process holds (FOR UPDATE SKIP LOCKED); SQLite has one writer, so the single
 * UPDATE … RETURNING is atomic already.
 */
export async function claimDue(db: Kysely<Database>, dialect: Dialect, opts: { now: string; token: string; until: string; limit: number; urgency?: NotificationRow['urgency'] }): Promise<NotificationRow[]> {
  return db
    .updateTable('notifications')
    .set((eb) => ({ status: 'claimed', claim_token: opts.token, claim_expires_at: opts.until, attempts: eb('attempts', '+', 1), updated_at: opts.now }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where('status', '=', 'pending')
        .where('due_at', '<=', opts.now)
        // One lane of the dispatcher takes one urgency (docs/adr/0876).
        .$if(opts.urgency !== undefined, (q) => q.where('urgency', '=', opts.urgency!))
        // High urgency first, then the oldest: a storm of low-urgency pages never holds back a
        // critical one (docs/adr/0761; index notifications_status_urgency_due).
        .orderBy('urgency')
        .orderBy('due_at')
        .limit(opts.limit)
        .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
    )
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
}

/**
 * Records a claimed page's fate, fenced by its claim: a process whose claim expired and was taken
 * over writes nothing. A claimed page the stop rule cancelled meanwhile (stop.ts keeps its claim
 * token) stays cancelled, unless it was in fact sent: the timeline then says so.
 */
export async function finishClaimed(
  db: Kysely<Database>,
  id: string,
  token: string,
  set: { status: NotificationRow['status']; detail?: string | null; provider_message_id?: string | null; due_at?: string; destination_id?: string | null; attempts?: number },
  now: string,
): Promise<boolean> {
  const r = await db
    .updateTable('notifications')
    .set({ ...set, claim_token: null, claim_expires_at: null, updated_at: now })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', 'in', set.status === 'sent' || set.status === 'delivered' ? ['claimed', 'cancelled'] : ['claimed'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * finishClaimed for a round's fates, set-based: one statement per claim token and `set` (a bundle's
 * pages share their lead's), 500 ids a statement, fenced as finishClaimed is. Returns the ids written.
 */
export async function finishClaimedMany(
  db: Kysely<Database>,
  items: readonly { id: string; token: string; set: Parameters<typeof finishClaimed>[3] }[],
  now: string,
): Promise<Set<string>> {
  const won = new Set<string>();
  const groups = new Map<string, { token: string; set: Parameters<typeof finishClaimed>[3]; ids: string[] }>();
  for (const it of items) {
    const key = JSON.stringify([it.token, it.set]);
    const g = groups.get(key);
    if (g) g.ids.push(it.id);
    else groups.set(key, { token: it.token, set: it.set, ids: [it.id] });
  }
  for (const { token, set, ids } of groups.values()) {
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await db
        .updateTable('notifications')
        .set({ ...set, claim_token: null, claim_expires_at: null, updated_at: now })
        .where('id', 'in', ids.slice(i, i + 500))
        .where('claim_token', '=', token)
        .where('status', 'in', set.status === 'sent' || set.status === 'delivered' ? ['claimed', 'cancelled'] : ['claimed'])
        .returning('id')
        .execute();
      for (const r of rows) won.add(r.id);
    }
  }
  return won;
}

/** The soonest due pending page of one urgency (a dispatcher lane's next wake-up, docs/adr/0876). */
export async function nextPageDue(db: Kysely<Database>, urgency: NotificationRow['urgency']): Promise<number | undefined> {
  const r = await db.selectFrom('notifications').select((eb) => eb.fn.min('due_at').as('t')).where('status', '=', 'pending').where('urgency', '=', urgency).executeTakeFirst();
  return typeof r?.t === 'string' ? Date.parse(r.t) : undefined;
}

export async function expiredClaims(db: Kysely<Database>, now: string, limit: number): Promise<NotificationRow[]> {
  return db.selectFrom('notifications').selectAll().where('status', '=', 'claimed').where('claim_expires_at', '<', now).orderBy('claim_expires_at').limit(limit).execute();
}

/** The soonest instant at which some job has work: an escalation, a page, an expiring claim. */
export async function nextDue(db: Kysely<Database>): Promise<number | undefined> {
  const [e, p, c] = await Promise.all([
    db.selectFrom('alert_escalations').select((eb) => eb.fn.min('next_at').as('t')).where('next_at', 'is not', null).executeTakeFirst(),
    db.selectFrom('notifications').select((eb) => eb.fn.min('due_at').as('t')).where('status', '=', 'pending').executeTakeFirst(),
    db.selectFrom('notifications').select((eb) => eb.fn.min('claim_expires_at').as('t')).where('status', '=', 'claimed').executeTakeFirst(),
  ]);
  const times = [e?.t, p?.t, c?.t].filter((t): t is string => typeof t === 'string').map((t) => Date.parse(t));
  return times.length ? Math.min(...times) : undefined;
}

/** A person's display name: their name, else their email (timelines name people, issue 18). */
export async function peopleNames(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, { name: string; email: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { name: personName(r), email: r.email }]));
}

/**
 * The working destinations of people (reach.ts): devices not disabled, and verified numbers not
 * disabled in the organization (as the dispatcher sends to). Three statements for any number of people.
 */
export async function contactsOf(db: Kysely<Database>, orgId: string, ids: readonly string[]): Promise<(userId: string) => PersonContacts> {
  return (await contactsOfMany(db, [{ orgId, userIds: ids }]))(orgId);
}

/** contactsOf for the people of several organizations at once (the escalation job's batch): the same three statements. */
export async function contactsOfMany(db: Kysely<Database>, wanted: readonly { orgId: string; userIds: readonly string[] }[]): Promise<(orgId: string) => (userId: string) => PersonContacts> {
  const users = [...new Set(wanted.flatMap((w) => w.userIds))];
  const orgs = [...new Set(wanted.map((w) => w.orgId))];
  const [devices, phones, telegram] = users.length
    ? await Promise.all([
        db.selectFrom('devices').select(['user_id', 'platform']).where('user_id', 'in', users).where('disabled_at', 'is', null).execute(),
        db.selectFrom('phone_numbers').select(['org_id', 'user_id']).where('org_id', 'in', orgs).where('user_id', 'in', users)
          .where('verified_at', 'is not', null).where('disabled_at', 'is', null).execute(),
        db.selectFrom('telegram_links').select(['user_id']).where('user_id', 'in', users).where('chat_id', 'is not', null).where('disabled_at', 'is', null).execute(),
      ])
    : [[], [], []];
  return (orgId) => (userId) => ({
    devices: devices.filter((d) => d.user_id === userId), phones: phones.filter((p) => p.user_id === userId && p.org_id === orgId).length, telegram: telegram.some((t) => t.user_id === userId),
  });
}

/**
 * Deletes the escalation state of alerts resolved before `before` that have nothing left to do:
 * no next step (`next_at` null, set when the resolve was applied) and no outbox event of the alert
 * still pending (docs/adr/0547-escalation-state-of-resolved-alerts.md). A thousand rows a
 * statement; the rows left are those of alerts not yet resolved, or resolved within the window.
 */
export async function pruneFinishedEscalations(db: Kysely<Database>, before: string, batch = 1000): Promise<number> {
  let pruned = 0;
  for (;;) {
    const r = await db
      .deleteFrom('alert_escalations')
      .where('alert_id', 'in', (eb) =>
        eb
          .selectFrom('alert_escalations as e')
          .innerJoin('alerts as a', 'a.id', 'e.alert_id')
          .select('e.alert_id')
          .where('e.next_at', 'is', null)
          .where('a.status', '=', 'resolved')
          .where('a.resolved_at', '<', before)
          .where((w) => w.not(w.exists(w.selectFrom('outbox_events as o').select(sql`1`.as('one')).where('o.processed_at', 'is', null).whereRef('o.alert_id', '=', 'e.alert_id'))))
          .limit(batch),
      )
      .executeTakeFirst();
    const n = Number(r.numDeletedRows);
    pruned += n;
    if (n < batch) return pruned;
  }
}
