import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { DeliveryProvider, OutboundMessage } from './delivery.port.ts';
import type { OnCallDirectory, UpcomingShift } from './directory.port.ts';
import type { PagingJob } from './engine.ts';

const CLAIM_MS = 30_000;
const SEND_DEADLINE_MS = 10_000;
/** Shifts are read at most this often per process: every schedule of every organization with a notice set. */
const EVERY_MS = 30_000;

/** "09:00" in the zone. */
const clockIn = (zone: string, t: number) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', weekday: 'short', day: 'numeric', month: 'short', hourCycle: 'h23' }).format(t);

/** "On call in 30 min: Payments, level 1, Sat 5 Dec 09:00 – Sat 5 Dec 17:00 (Europe/London)". */
export function handoffText(s: Pick<UpcomingShift, 'scheduleName' | 'level' | 'start' | 'end' | 'timeZone'>, now: number): string {
  const min = Math.max(0, Math.round((s.start - now) / 60_000));
  return `On call in ${min} min: ${s.scheduleName}, level ${s.level}, ${clockIn(s.timeZone, s.start)} – ${clockIn(s.timeZone, s.end)} (${s.timeZone})`;
}

/**
 * Handoff notices (PRODUCT.md 10, docs/adr/0800): `handoff_notice_minutes` before each of a
 * person's shifts starts (any level, any schedule, overrides included), one message: push where the
 * person has a working device and push is configured, else email. A notice row is made only when it
 * is due, from the shifts as they are then, so a shift removed before its notice gets none; the row
 * is unique per (person, schedule, level, shift start), so a second process or a restart makes no
 * second one; it is claimed under a lease while it is sent (a claim that expired, its process gone,
 * is sent once more, as push and email pages are: PRODUCT.md 7.3).
 */
export function createHandoffJob(deps: {
  db: Kysely<Database>;
  directory: OnCallDirectory;
  providers: readonly DeliveryProvider[];
  box: SecretBox;
  publicUrl: string;
}): PagingJob {
  const { db, directory } = deps;
  let lastRead = -Infinity;
  const providerOf = (channel: 'push' | 'email') => deps.providers.find((p) => p.channels.includes(channel) && p.configured());

  /** Rows for every notice due now; a row already there (another process, an earlier round) is left alone. */
  async function plan(now: Date): Promise<void> {
    const people = await db.selectFrom('notification_rules').innerJoin('memberships', 'memberships.user_id', 'notification_rules.user_id')
      .select(['memberships.org_id', 'notification_rules.user_id', 'notification_rules.handoff_notice_minutes'])
      .where('notification_rules.handoff_notice_minutes', 'is not', null).execute();
    const byOrg = new Map<string, Map<string, number>>();
    for (const p of people) {
      const m = byOrg.get(p.org_id) ?? new Map<string, number>();
      m.set(p.user_id, p.handoff_notice_minutes!);
      byOrg.set(p.org_id, m);
    }
    const nowIso = now.toISOString();
    for (const [orgId, minutes] of byOrg) {
      const longest = Math.max(...minutes.values());
      const shifts = await directory.shiftsStarting!(orgId, now, new Date(now.getTime() + longest * 60_000));
      const due = shifts.filter((s) => minutes.has(s.userId) && s.start - minutes.get(s.userId)! * 60_000 <= now.getTime());
      for (const s of due) {
        await db.insertInto('handoff_notices').values({
          id: newId('hdn'), org_id: orgId, user_id: s.userId, schedule_id: s.scheduleId, level: s.level, shift_start: new Date(s.start).toISOString(),
          shift_end: new Date(s.end).toISOString(), status: 'pending', channel: null, attempts: 0, claim_expires_at: null,
          detail: handoffText(s, now.getTime()), created_at: nowIso, updated_at: nowIso,
        }).onConflict((oc) => oc.columns(['user_id', 'schedule_id', 'level', 'shift_start']).doNothing()).execute();
      }
    }
  }

  async function send(now: Date): Promise<number> {
    const nowIso = now.toISOString();
    const open = await db.selectFrom('handoff_notices').selectAll()
      .where((w) => w.or([w('status', '=', 'pending'), w.and([w('status', '=', 'claimed'), w('claim_expires_at', '<', nowIso), w('attempts', '<', 2)])]))
      .limit(100).execute();
    let n = 0;
    for (const row of open) {
      // The claim: one process wins each notice.
      const won = await db.updateTable('handoff_notices').set({ status: 'claimed', attempts: row.attempts + 1, claim_expires_at: new Date(now.getTime() + CLAIM_MS).toISOString(), updated_at: nowIso })
        .where('id', '=', row.id).where('status', '=', row.status).where('attempts', '=', row.attempts).executeTakeFirst();
      if (Number(won.numUpdatedRows) !== 1) continue;
      n++;
      const user = await db.selectFrom('users').select(['email']).where('id', '=', row.user_id).executeTakeFirst();
      const devices = await db.selectFrom('devices').select(['id', 'platform', 'push_token_sealed']).where('user_id', '=', row.user_id).where('disabled_at', 'is', null).orderBy('created_at').execute();
      const push = providerOf('push');
      const email = providerOf('email');
      const channel: 'push' | 'email' | null = push && devices.length ? 'push' : email && user ? 'email' : null;
      let sent = false;
      let detail = row.detail;
      if (channel) {
        const provider = channel === 'push' ? push! : email!;
        const to: OutboundMessage['to'][] = channel === 'push'
          ? devices.map((d) => ({ kind: d.platform === 'ios' ? ('apns' as const) : d.platform === 'android' ? ('fcm' as const) : ('webpush' as const), address: deps.box.open(d.push_token_sealed), destinationId: d.id }))
          : [{ kind: 'email', address: user!.email }];
        for (const dest of to) {
          const ac = new AbortController();
          const timer = setTimeout(() => ac.abort(), SEND_DEADLINE_MS);
          try {
            const out = await provider.send({
              id: row.id, idempotencyKey: `handoff|${row.id}`, channel, to: dest, critical: false, collapseId: row.id, expiresAt: Date.parse(row.shift_start),
              alert: { id: row.id, title: row.detail ?? 'On call soon', priority: 'info', urgency: 'low', url: `${deps.publicUrl}/schedules/${row.schedule_id}` },
            }, { deadlineMs: SEND_DEADLINE_MS, signal: ac.signal });
            if (out.state === 'accepted' || out.state === 'sent' || out.state === 'delivered') sent = true;
            else if ('detail' in out) detail = `${row.detail} (${out.detail})`;
          } catch (err) {
            detail = `${row.detail} (the ${channel} provider failed: ${(err as Error).name})`;
          } finally {
            clearTimeout(timer);
          }
        }
      } else detail = `${row.detail} (no working device and email is not configured)`;
      await db.updateTable('handoff_notices').set({ status: sent ? 'sent' : 'failed', channel, detail, claim_expires_at: null, updated_at: nowIso }).where('id', '=', row.id).where('status', '=', 'claimed').execute();
    }
    return n;
  }

  return {
    name: 'handoff',
    async run(now) {
      if (!directory.shiftsStarting) return 0;
      if (now.getTime() - lastRead >= EVERY_MS || now.getTime() < lastRead) {
        lastRead = now.getTime();
        await plan(now);
      }
      return send(now);
    },
  };
}
