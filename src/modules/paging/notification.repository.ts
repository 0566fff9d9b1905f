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
    .limit(limit)
    .execute();
}
export type DueEscalation = Awaited<ReturnType<typeof dueEscalations>>[number];

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
export async function claimDue(db: Kysely<Database>, dialect: Dialect, opts: { now: string; token: string; until: string; limit: number }): Promise<NotificationRow[]> {
  return db
    .updateTable('notifications')
    .set((eb) => ({ status: 'claimed', claim_token: opts.token, claim_expires_at: opts.until, attempts: eb('attempts', '+', 1), updated_at: opts.now }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where('status', '=', 'pending')
        .where('due_at', '<=', opts.now)
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
 * disabled in the organization (as the dispatcher sends to). Two statements for any number of people.
 */
export async function contactsOf(db: Kysely<Database>, orgId: string, ids: readonly string[]): Promise<(userId: string) => PersonContacts> {
  const users = [...new Set(ids)];
  const [devices, phones, telegram] = users.length
    ? await Promise.all([
        db.selectFrom('devices').select(['user_id', 'platform']).where('user_id', 'in', users).where('disabled_at', 'is', null).execute(),
        db.selectFrom('phone_numbers').select(['user_id']).where('org_id', '=', orgId).where('user_id', 'in', users)
          .where('verified_at', 'is not', null).where('disabled_at', 'is', null).execute(),
        db.selectFrom('telegram_links').select(['user_id']).where('user_id', 'in', users).where('chat_id', 'is not', null).where('disabled_at', 'is', null).execute(),
      ])
    : [[], [], []];
  return (userId) => ({
    devices: devices.filter((d) => d.user_id === userId), phones: phones.filter((p) => p.user_id === userId).length, telegram: telegram.some((t) => t.user_id === userId),
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
