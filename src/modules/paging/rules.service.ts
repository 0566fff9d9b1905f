import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import { WEEKDAYS, ianaZone, parseClock } from '../schedule/index.ts';
import { MAX_RULES, NO_RULES, type PersonRules, type QuietHours, type Rule } from './rules.ts';
import type { NotificationRulesRow } from './rules.table.ts';

/** A row as the API and the engine read it. */
export function rulesOfRow(row: NotificationRulesRow | undefined): PersonRules {
  if (!row) return NO_RULES;
  const parse = <T>(text: string | null, fallback: T): T => {
    try {
      return text === null ? fallback : (JSON.parse(text) as T);
    } catch {
      return fallback;
    }
  };
  return { high: parse(row.high, []), low: parse(row.low, []), quiet_hours: parse<QuietHours | null>(row.quiet_hours, null), handoff_notice_minutes: row.handoff_notice_minutes };
}

/**
 * What the engine reads once per level start: the organization's `person_rules` switch and the
 * people's rules (PRODUCT.md 10).
 */
export async function loadRules(db: Kysely<Database>, orgId: string, userIds: readonly string[]): Promise<{ on: boolean; of: (userId: string) => PersonRules | undefined }> {
  return (await loadRulesMany(db, [{ orgId, userIds }]))(orgId);
}

/** loadRules for the people of several organizations at once (the escalation job's batch): the same two statements. */
export async function loadRulesMany(
  db: Kysely<Database>,
  wanted: readonly { orgId: string; userIds: readonly string[] }[],
): Promise<(orgId: string) => { on: boolean; of: (userId: string) => PersonRules | undefined }> {
  const ids = [...new Set(wanted.flatMap((w) => w.userIds))];
  const orgIds = [...new Set(wanted.map((w) => w.orgId))];
  const [orgs, rows] = await Promise.all([
    orgIds.length ? db.selectFrom('organizations').select(['id', 'person_rules']).where('id', 'in', orgIds).execute() : Promise.resolve([]),
    ids.length ? db.selectFrom('notification_rules').selectAll().where('user_id', 'in', ids).execute() : Promise.resolve([]),
  ]);
  const by = new Map(rows.map((r) => [r.user_id, rulesOfRow(r)]));
  const on = new Map(orgs.map((o) => [o.id, o.person_rules !== 0]));
  return (orgId) => ({ on: on.get(orgId) ?? true, of: (id) => by.get(id) });
}

export interface RulesInput {
  high: Rule[];
  low: Rule[];
  quiet_hours?: QuietHours | null | undefined;
  handoff_notice_minutes?: number | null | undefined;
}

const invalid = (field: string, message: string) => new AppError('invalid_request', `${field} ${message}.`, { details: [{ field, message }] });

/** GET/PUT /api/me/notification-rules and the admin read (PRODUCT.md 10). */
export function createRulesService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function read(userId: string): Promise<PersonRules> {
    return rulesOfRow(await db.selectFrom('notification_rules').selectAll().where('user_id', '=', userId).executeTakeFirst());
  }

  /** Each rule's contact is the person's own: a device for push, a number of this organization for sms and voice. */
  async function check(orgId: string, userId: string, input: RulesInput): Promise<PersonRules> {
    const contacts = new Set<string>();
    for (const urgency of ['high', 'low'] as const) {
      const list = input[urgency];
      if (list.length > MAX_RULES) throw invalid(urgency, `holds at most ${MAX_RULES} rules`);
      list.forEach((r, i) => {
        if (r.contact_id === undefined) return;
        if (r.channel === 'email') throw invalid(`${urgency}/${i}/contact_id`, 'must be absent for email (pages go to your sign-in email)');
        if (r.channel === 'telegram') throw invalid(`${urgency}/${i}/contact_id`, 'must be absent for telegram (pages go to your linked Telegram chat)');
        const want = r.channel === 'push' ? 'dev_' : 'phn_';
        if (!r.contact_id.startsWith(want)) throw invalid(`${urgency}/${i}/contact_id`, `must name one of your ${r.channel === 'push' ? 'devices (dev_…)' : 'phone numbers (phn_…)'} for ${r.channel}`);
        contacts.add(r.contact_id);
      });
    }
    if (contacts.size) {
      const ids = [...contacts];
      const [devices, phones] = await Promise.all([
        db.selectFrom('devices').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute(),
        db.selectFrom('phone_numbers').select('id').where('user_id', '=', userId).where('org_id', '=', orgId).where('id', 'in', ids).execute(),
      ]);
      const mine = new Set([...devices, ...phones].map((r) => r.id));
      for (const urgency of ['high', 'low'] as const) {
        input[urgency].forEach((r, i) => {
          if (r.contact_id && !mine.has(r.contact_id)) throw invalid(`${urgency}/${i}/contact_id`, `${r.contact_id} is not one of your ${r.channel === 'push' ? 'devices' : 'phone numbers in this organization'}`);
        });
      }
    }
    let quiet: QuietHours | null = null;
    if (input.quiet_hours) {
      const q = input.quiet_hours;
      const zone = ianaZone(q.time_zone);
      if (!zone) throw invalid('quiet_hours/time_zone', `"${q.time_zone}" is not an IANA time zone; use a name such as "Europe/Berlin" or "UTC"`);
      if (!q.days.length) throw invalid('quiet_hours/days', 'must name at least one day');
      const days = WEEKDAYS.filter((d) => q.days.includes(d));
      if (parseClock(q.start) === undefined) throw invalid('quiet_hours/start', 'must be HH:MM');
      if (parseClock(q.end) === undefined) throw invalid('quiet_hours/end', 'must be HH:MM');
      if (q.start === q.end) throw invalid('quiet_hours/end', 'must differ from start (an end before the start crosses midnight)');
      quiet = { time_zone: zone, days, start: q.start, end: q.end };
    }
    const clean = (list: Rule[]) => list.map((r) => ({ channel: r.channel, delay_seconds: r.delay_seconds, ...(r.contact_id ? { contact_id: r.contact_id } : {}) }));
    return { high: clean(input.high), low: clean(input.low), quiet_hours: quiet, handoff_notice_minutes: input.handoff_notice_minutes ?? null };
  }

  return {
    async mine(actor: Extract<Actor, { type: 'user' }>): Promise<PersonRules> {
      return read(actor.id);
    },

    /** An admin reads a member's rules; someone not a member of the organization is not found. */
    async ofMember(orgId: string, userId: string): Promise<PersonRules> {
      const member = await db.selectFrom('memberships').select('user_id').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
      if (!member) throw notFound('User', userId);
      return read(userId);
    },

    async put(actor: Extract<Actor, { type: 'user' }>, input: RulesInput, meta: RequestMeta): Promise<PersonRules> {
      const rules = await check(actor.orgId, actor.id, input);
      const now = clock.now().toISOString();
      const row = {
        high: JSON.stringify(rules.high), low: JSON.stringify(rules.low), quiet_hours: rules.quiet_hours ? JSON.stringify(rules.quiet_hours) : null,
        handoff_notice_minutes: rules.handoff_notice_minutes, updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('notification_rules').values({ user_id: actor.id, ...row }).onConflict((oc) => oc.column('user_id').doUpdateSet(row)).execute();
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'notification_rules.update', targetType: 'user', targetId: actor.id, changes: { ...rules }, meta, now });
      });
      return rules;
    },
  };
}
export type RulesService = ReturnType<typeof createRulesService>;
