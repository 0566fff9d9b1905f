import ical from 'ical-generator';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, idPosition, pageOf } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashSecret, randomToken } from '../../lib/secrets.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import { shiftsBetween } from './oncall.ts';
import * as repo from './schedule.repository.ts';
import { isoOf, overrideSpec, scheduleSpec } from './schedule.ts';
import type { CalendarFeedRow } from './schedule.table.ts';
import { DAY } from './tz.ts';

/** What a feed shows: the person's shifts from a week ago to 60 days ahead (issue 20). */
export const FEED_PAST_MS = 7 * DAY;
export const FEED_AHEAD_MS = 60 * DAY;
/** The token's shape: kxc_ and 32 random bytes. */
const TOKEN = /^kxc_[A-Za-z0-9_-]{43}$/;

const view = (r: CalendarFeedRow) => ({ id: r.id, name: r.name, created_at: r.created_at, last_used_at: r.last_used_at });

/**
 * Personal iCalendar feeds (PRODUCT.md 7.1): a secret URL per feed, its token stored as a hash
 * only (it is shown once), revoked by deleting the feed or by leaving the organization.
 */
export function createCalendarService(deps: { db: Kysely<Database>; clock: Clock; publicUrl: string }) {
  const { db, clock } = deps;
  return {
    async create(actor: UserActor, input: { name?: string | undefined }, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      const token = `kxc_${randomToken(32)}`;
      const row: CalendarFeedRow = { id: newId('cal'), org_id: actor.orgId, user_id: actor.id, name: input.name?.trim() ?? '', token_hash: hashSecret(token), created_at: iso, last_used_at: null };
      await db.transaction().execute(async (trx) => {
        await repo.insertFeed(trx, row);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'calendar_feed.create', targetType: 'calendar_feed', targetId: row.id, changes: { name: row.name }, meta, now: iso });
      });
      return { ...view(row), url: `${deps.publicUrl}/v1/calendar/${token}.ics` };
    },

    async list(actor: UserActor, limit: number, cursor?: string) {
      const scope = `${actor.orgId}/${actor.id}`;
      const after = decodeCursor(cursor, scope, idPosition('cal'));
      const rows = await repo.listFeeds(db, actor.orgId, actor.id, after, limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, limit, scope, (last) => last.id);
      return { items: page.map(view), nextCursor };
    },

    async remove(actor: UserActor, id: string, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await repo.findOwnFeed(trx, actor.orgId, actor.id, id);
        if (!row) throw notFound('Calendar feed', id);
        await repo.deleteFeed(trx, id);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'calendar_feed.delete', targetType: 'calendar_feed', targetId: id, changes: { name: row.name }, meta, now: iso });
      });
      return { ok: true as const };
    },

    /** The feed's iCalendar text, or not found (unknown or revoked token, or its person left). */
    async ics(token: string): Promise<string> {
      const gone = notFound('Calendar feed');
      if (!TOKEN.test(token)) throw gone;
      const feed = await repo.findFeedByHash(db, hashSecret(token));
      if (!feed || !(await repo.membersAmong(db, feed.org_id, [feed.user_id])).has(feed.user_id)) throw gone;
      const now = clock.now();
      const from = now.getTime() - FEED_PAST_MS;
      const to = now.getTime() + FEED_AHEAD_MS;
      // Shifts are read from a stable instant (the UTC day's start before the window), so a shift
      // cut by the window keeps its start, and its UID, between fetches seconds apart (issue 41
      // item 6d); the events shown still begin at the window's start.
      const stableFrom = Math.floor(from / DAY) * DAY;
      const schedules = await repo.allSchedules(db, feed.org_id);
      const trees = await repo.loadTrees(db, schedules);
      const overrides = await repo.overridesOfSchedulesBetween(db, schedules.map((s) => s.id), isoOf(stableFrom), isoOf(to));
      const cal = ical({ name: 'Klaxon on-call', prodId: { company: 'Klaxon', product: 'on-call', language: 'EN' }, ttl: 15 * 60 });
      for (const tree of trees) {
        const mine = overrides.filter((o) => o.schedule_id === tree.schedule.id).map(overrideSpec);
        for (const s of shiftsBetween(scheduleSpec(tree), mine, stableFrom, to)) {
          if (s.userId !== feed.user_id || s.end <= from) continue;
          const uid = createHash('sha256').update(`${tree.schedule.id}|${s.level}|${s.userId}|${s.start}`).digest('hex').slice(0, 32);
          cal.createEvent({
            id: `${uid}@klaxon`,
            start: new Date(Math.max(s.start, from)),
            end: new Date(s.end),
            stamp: now,
            summary: `On call: ${tree.schedule.name} (level ${s.level})`,
            description: s.source === 'override' ? 'By an override.' : 'By rotation.',
            x: { 'X-KLAXON-SCHEDULE-ID': tree.schedule.id, 'X-KLAXON-LEVEL': String(s.level), 'X-KLAXON-SOURCE': s.source, 'X-KLAXON-LAYER-ID': s.layerId ?? '' },
          });
        }
      }
      // Last use at most once an hour: a calendar app polls every few minutes.
      if (!feed.last_used_at || now.getTime() - Date.parse(feed.last_used_at) > 3_600_000) await repo.touchFeed(db, feed.id, now.toISOString());
      return cal.toString();
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
