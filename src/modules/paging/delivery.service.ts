import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Actor, UserActor } from '../../lib/actor.ts';
import type { Channel, DeliveryProvider, OutboundMessage, SendOutcome } from './delivery.port.ts';
import type { NewAlertLogRow } from '../alert/alert.table.ts';
import { DEFAULT_VOICE, voiceOf } from '../org/index.ts';
import { assertMayReach, assertVerifiedAccount } from '../phone/index.ts';
import type { ActionThrottle } from '../throttle/index.ts';
import {
  REPLY_CODE_TTL_MS, callTwiml, describeWindow, disableReasonOf, longestWindowMs, maskNumber, messageTwiml, newReplyCode, nextAllowedAt,
  parseReply, sayTwiml, throttlesOf,
} from './delivery.ts';
import * as repo from './delivery.repository.ts';
import { insertLogs, peopleNames } from './notification.repository.ts';
import type { NotificationRow } from './notification.table.ts';

/** What the dispatcher does with a claimed SMS or voice page before sending (docs/adr/0447). */
export type Prepared =
  | { kind: 'throttled'; until: string; detail: string }
  | { kind: 'bundled'; into: string }
  | { kind: 'send'; replyCode?: string; bundleCount?: number; alertIds: string[] };

/** A page's outcome as the dispatcher records it, for the phone side's bookkeeping in the same transaction. */
export interface PhoneFate {
  row: NotificationRow;
  status: string;
  /** How many of the person's numbers took the message (SMS and calls counted for usage and throttles). */
  sentTo: number;
  /** Sent as part of another page's message (a bundle): counted with that one. */
  bundled: boolean;
  /** Numbers the provider refused for good. */
  disables: { destinationId: string; reason: string }[];
}

type AlertActions = {
  ack(actor: Actor, orgId: string, alertId: string): Promise<unknown>;
  escalate(actor: Actor, orgId: string, alertId: string): Promise<unknown>;
};

const PRIORITY_NAMES = ['critical', 'high', 'medium', 'low', 'info'];
const priorityName = (rank: number) => PRIORITY_NAMES[rank - 1] ?? 'medium';

export function createPhoneDelivery(deps: {
  db: Kysely<Database>;
  clock: Clock;
  publicUrl: string;
  box: SecretBox;
  alerts: AlertActions;
  billing: { record(orgId: string, meter: 'sms' | 'voice_minutes', n: number, q?: Kysely<Database>): Promise<void> };
  /** Looked up at call time: the container's list (tests replace entries). */
  providers: () => readonly DeliveryProvider[];
  /** Test pages' own limits and wrong SMS reply codes per number (docs/adr/0705, 0706). */
  throttle?: Pick<ActionThrottle, 'testPage' | 'smsReplyTry' | 'release'>;
}) {
  const { db, clock, publicUrl } = deps;
  const log = (alertId: string, kind: string, message: string, meta: Record<string, unknown>, now: string): NewAlertLogRow => ({
    id: newId('log'), alert_id: alertId, kind, message, actor_type: 'system', actor_id: null, event_id: null, receipt_id: null, meta: JSON.stringify(meta), created_at: now,
  });

  async function allocateCode(row: NotificationRow, alertIds: string[], now: Date): Promise<string> {
    const nowIso = now.toISOString();
    for (let i = 0; i < 5; i++) {
      const code = newReplyCode(await repo.heldCodes(db, row.user_id, nowIso));
      const ok = await repo.insertCode(db, {
        id: newId('src'), org_id: row.org_id, user_id: row.user_id, code, alert_ids: JSON.stringify(alertIds), notification_id: row.id,
        expires_at: new Date(now.getTime() + REPLY_CODE_TTL_MS).toISOString(), created_at: nowIso,
      });
      if (ok) return code;
    }
    throw new Error('could not choose a reply code');
  }

  /** Who acts when a person answers a page: themselves, if still a member who may act on alerts. */
  async function personActor(orgId: string, userId: string): Promise<Actor | undefined> {
    const role = await repo.memberRole(db, orgId, userId);
    if (!role || role === 'observer') return undefined;
    const name = (await peopleNames(db, [userId])).get(userId)?.name;
    return { type: 'user', id: userId, orgId, role, credentialId: 'phone', audience: 'D', ...(name ? { name } : {}) };
  }

  async function act(actor: Actor, orgId: string, alertId: string, action: 'ack' | 'escalate'): Promise<'done' | 'resolved' | 'gone'> {
    const a = await db.selectFrom('alerts').select(['status']).where('id', '=', alertId).where('org_id', '=', orgId).executeTakeFirst();
    if (!a) return 'gone';
    if (a.status === 'resolved') return 'resolved';
    try {
      if (action === 'ack') await deps.alerts.ack(actor, orgId, alertId);
      else await deps.alerts.escalate(actor, orgId, alertId);
      return 'done';
    } catch (err) {
      if (err instanceof AppError && (err.code === 'conflict' || err.code === 'not_found')) return 'resolved';
      throw err;
    }
  }

  /**
   * Escalating by a page applies only while the alert is still at that page's level (paging.md
   * 7.3): two people pressing "escalate" on the same level's pages move it one level, not two.
   */
  async function stillAtPage(n: Pick<NotificationRow, 'alert_id' | 'kind' | 'epoch' | 'cycle' | 'level'> | undefined): Promise<boolean> {
    if (!n || n.kind !== 'escalation') return true;
    const e = await db.selectFrom('alert_escalations').select(['epoch', 'cycle', 'level']).where('alert_id', '=', n.alert_id).executeTakeFirst();
    return !e || (e.epoch === n.epoch && e.cycle === n.cycle && e.level === n.level);
  }

  async function replyLog(alertId: string, userId: string, channel: 'sms' | 'voice', action: 'ack' | 'escalate', now: string) {
    const who = (await peopleNames(db, [userId])).get(userId)?.name ?? 'someone';
    const how = channel === 'sms' ? 'an SMS reply' : 'a key on the call';
    await insertLogs(db, [log(alertId, action === 'ack' ? 'acknowledged_by_phone' : 'escalated_by_phone', `${who} ${action === 'ack' ? 'acknowledged' : 'escalated'} by ${how}`, { channel, user_id: userId }, now)]);
  }

  /** The reply of inboundSms once the callback is claimed: the code's action, or why nothing happened. */
  async function answerSms(p: { from: string; body: string }, phones: { user_id: string }[], now: Date): Promise<string> {
    const nowIso = now.toISOString();
    // Each try counts as wrong until the code proves right; past the free tries a wrong one gets no answer,
    // and while the number must wait, nothing is tried (docs/adr/0706).
    let tried: { ids: string[]; answer: boolean } | undefined;
    if (deps.throttle) {
      try {
        tried = await deps.throttle.smsReplyTry(p.from);
      } catch (err) {
        if (err instanceof AppError && err.code === 'rate_limited') return messageTwiml(undefined);
        throw err;
      }
    }
    const wrong = (text: string) => messageTwiml(tried && !tried.answer ? undefined : text);
    const reply = parseReply(p.body);
    if (!reply) return wrong('Klaxon: reply with the code from the page: the code alone acknowledges, the code followed by e escalates.');
    const code = await repo.findCode(db, [...new Set(phones.map((x) => x.user_id))], reply.code, nowIso);
    if (!code) return wrong(`Klaxon: code ${reply.code} is unknown or has expired; nothing was changed.`);
    if (tried) await deps.throttle!.release(tried.ids);
    const actor = await personActor(code.org_id, code.user_id);
    if (!actor) return messageTwiml(`Klaxon: you can no longer act on these alerts; nothing was changed.`);
    const alertIds = JSON.parse(code.alert_ids) as string[];
    if (reply.action === 'escalate' && alertIds.length === 1 && code.notification_id && !(await stillAtPage(await repo.notification(db, code.notification_id)))) {
      return messageTwiml('Klaxon: that alert already left the level of this page; nothing was changed.');
    }
    let done = 0;
    let closed = 0;
    for (const id of alertIds) {
      const r = await act(actor, code.org_id, id, reply.action);
      if (r === 'done') {
        done++;
        await replyLog(id, code.user_id, 'sms', reply.action, nowIso);
      } else closed++;
    }
    const verb = reply.action === 'ack' ? 'Acknowledged' : 'Escalated';
    if (alertIds.length === 1) {
      const title = (await db.selectFrom('alerts').select('title').where('id', '=', alertIds[0]!).executeTakeFirst())?.title ?? 'the alert';
      return messageTwiml(done ? `Klaxon: ${verb}: ${title.slice(0, 100)}` : `Klaxon: that alert is already resolved; nothing was changed.`);
    }
    return messageTwiml(`Klaxon: ${verb} ${done} alert${done === 1 ? '' : 's'}${closed ? `; ${closed} already resolved` : ''}.`);
  }

  /**
   * Reserves an SMS or voice test page (issue 33 item 2, docs/adr/0705): the person's and the
   * organization's test-page limits, then the paging throttles of the person and channel (ADR
   * 0447), which count the reservation at once so parallel test pages see each other (each counts
   * only the sends written before its own). Over a limit: 429 with Retry-After, nothing kept.
   */
  async function reserveTestSend(actor: UserActor, channel: 'sms' | 'voice'): Promise<{ release(): Promise<void> }> {
    const own = deps.throttle ? await deps.throttle.testPage({ channel, userId: actor.id, orgId: actor.orgId }) : [];
    const now = clock.now();
    const sendId = newId('dsn');
    await repo.insertSend(db, { id: sendId, org_id: actor.orgId, user_id: actor.id, channel, sent_at: now.toISOString() });
    const release = async () => {
      await repo.deleteSend(db, sendId);
      if (own.length) await deps.throttle!.release(own);
    };
    try {
      const windows = throttlesOf((await repo.throttleSettings(db, [actor.orgId])).get(actor.orgId))[channel];
      const past = await repo.sendsBefore(db, actor.id, channel, new Date(now.getTime() - longestWindowMs(windows)).toISOString(), sendId);
      const next = nextAllowedAt(past, windows, now.getTime());
      if (next !== undefined) {
        const hit = windows.find((w) => past.filter((t) => t > now.getTime() - w.window_minutes * 60_000).length >= w.max);
        throw new AppError('rate_limited', `Test pages keep the paging throttle (at most ${hit ? describeWindow(hit) : 'the throttle'} by ${channel} to one person); try again after ${new Date(next).toISOString()} (Retry-After).`, {
          retryAfterSeconds: Math.max(1, Math.ceil((next - now.getTime()) / 1000)),
        });
      }
    } catch (err) {
      await release();
      throw err;
    }
    return { release };
  }

  return {
    /**
     * Throttles and bundles a batch's SMS and voice pages (those that will be sent): per
     * organization, person and channel, a page over the throttle waits until it may go (never
     * dropped); several SMS pages go as one message whose code acts on all their alerts.
     */
    async prepare(rows: readonly NotificationRow[], now: Date): Promise<Map<string, Prepared>> {
      const out = new Map<string, Prepared>();
      const phoneRows = rows.filter((r) => r.channel === 'sms' || r.channel === 'voice');
      if (!phoneRows.length) return out;
      const settings = await repo.throttleSettings(db, phoneRows.map((r) => r.org_id));
      const since = new Date(now.getTime() - 3 * 3_600_000 - 60_000);
      const maxWindow = Math.max(...[...settings.values()].flatMap((s) => [longestWindowMs(throttlesOf(s).sms), longestWindowMs(throttlesOf(s).voice)]), 3 * 3_600_000);
      const sends = await repo.sendsSince(db, phoneRows.map((r) => r.user_id), new Date(Math.min(since.getTime(), now.getTime() - maxWindow)).toISOString());
      const groups = new Map<string, NotificationRow[]>();
      for (const r of phoneRows) {
        const k = `${r.org_id}|${r.user_id}|${r.channel}`;
        groups.set(k, [...(groups.get(k) ?? []), r]);
      }
      for (const group of groups.values()) {
        group.sort((a, b) => a.due_at.localeCompare(b.due_at) || a.id.localeCompare(b.id));
        const lead = group[0]!;
        const channel = lead.channel as 'sms' | 'voice';
        const windows = throttlesOf(settings.get(lead.org_id))[channel];
        const past = sends.get(`${lead.user_id}|${channel}`) ?? [];
        const throttle = (r: NotificationRow, at: number, history: number[]) => {
          const hit = windows.find((w) => history.filter((s) => s > now.getTime() - w.window_minutes * 60_000).length >= w.max);
          out.set(r.id, { kind: 'throttled', until: new Date(at).toISOString(), detail: `at most ${hit ? describeWindow(hit) : 'the throttle'} to one person` });
        };
        const next = nextAllowedAt(past, windows, now.getTime());
        if (next !== undefined) {
          for (const r of group) throttle(r, next, past);
          continue;
        }
        if (channel === 'voice') {
          // One call at a time: the next waits for the throttle as if this one was sent now.
          out.set(lead.id, { kind: 'send', alertIds: [lead.alert_id] });
          const after = [...past, now.getTime()];
          const later = nextAllowedAt(after, windows, now.getTime());
          for (const r of group.slice(1)) throttle(r, later ?? now.getTime() + 60_000, after);
          continue;
        }
        const alertIds = [...new Set(group.map((r) => r.alert_id))];
        const replyCode = await allocateCode(lead, alertIds, now);
        out.set(lead.id, { kind: 'send', replyCode, alertIds, ...(alertIds.length > 1 ? { bundleCount: alertIds.length } : {}) });
        for (const r of group.slice(1)) out.set(r.id, { kind: 'bundled', into: lead.id });
      }
      return out;
    },

    /**
     * In the transaction that records a page's fate: counts what was sent (usage, throttles) and
     * turns off numbers the provider refused for good; returns timeline entries to add.
     */
    async recordTx(trx: Kysely<Database>, f: PhoneFate, now: Date): Promise<NewAlertLogRow[]> {
      const { row } = f;
      if (row.channel !== 'sms' && row.channel !== 'voice') return [];
      const nowIso = now.toISOString();
      const logs: NewAlertLogRow[] = [];
      if ((f.status === 'sent' || f.status === 'delivered') && !f.bundled && f.sentTo > 0) {
        await repo.insertSend(trx, { id: newId('dsn'), org_id: row.org_id, user_id: row.user_id, channel: row.channel, sent_at: nowIso });
        await deps.billing.record(row.org_id, row.channel === 'sms' ? 'sms' : 'voice_minutes', f.sentTo, trx);
      }
      for (const d of f.disables) {
        for (const e164 of await repo.disablePhones(trx, [d.destinationId], d.reason, nowIso)) {
          logs.push(log(row.alert_id, 'destination_disabled', `Phone number ${maskNumber(e164)} turned off for paging: ${d.reason}`, { notification_id: row.id, channel: row.channel, user_id: row.user_id, phone_number_id: d.destinationId }, nowIso));
        }
      }
      return logs;
    },

    /**
     * POST /v1/providers/twilio/sms: a reply to an SMS page (checked signature). Answers TwiML.
     * Once per MessageSid (a replay answers nothing, docs/adr/0706); wrong codes from one number
     * are throttled, and only the first few are answered.
     */
    async inboundSms(p: { from: string; body: string; sid?: string | undefined }): Promise<string> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const phones = await repo.phonesByNumber(db, p.from);
      // Unknown senders get no answer: an open relay for texts is what this must not become.
      if (!phones.length) return messageTwiml(undefined);
      const claim = p.sid ? `sms:${p.sid}` : undefined;
      if (claim && !(await repo.claimCallback(db, claim, nowIso))) return messageTwiml(undefined);
      try {
        return await answerSms(p, phones, now);
      } catch (err) {
        if (claim) await repo.unclaimCallback(db, claim);
        throw err;
      }
    },

    /** POST /v1/providers/twilio/voice?ntf=…: the call's TwiML, read with the organization's voice settings. */
    async voiceCall(ntfId: string): Promise<string> {
      if (ntfId.startsWith('tpg_')) return sayTwiml(DEFAULT_VOICE, 'This is a test call from Klaxon. Your phone can receive pages. Goodbye.');
      const n = await repo.notification(db, ntfId);
      const alert = n && n.channel === 'voice' ? await repo.alertForCall(db, n.alert_id) : undefined;
      if (!n || !alert) return sayTwiml(DEFAULT_VOICE, 'This Klaxon call is no longer valid. Goodbye.');
      const v = voiceOf(alert);
      if (alert.status !== 'open') return sayTwiml(v, `This alert is already ${alert.status}. Goodbye.`);
      const action = `${publicUrl}/v1/providers/twilio/voice/gather?ntf=${encodeURIComponent(n.id)}`;
      return callTwiml(v, { title: alert.title, priority: priorityName(alert.priority), serviceName: alert.service_name }, action);
    },

    /** POST /v1/providers/twilio/voice/gather?ntf=…: the key pressed; the acknowledge key acknowledges, the escalate key escalates. */
    async voiceKey(ntfId: string, digits: string, callSid?: string): Promise<string> {
      const n = await repo.notification(db, ntfId);
      const alert = n && n.channel === 'voice' ? await repo.alertForCall(db, n.alert_id) : undefined;
      if (!n || !alert) return sayTwiml(DEFAULT_VOICE, 'This Klaxon call is no longer valid. Goodbye.');
      const v = voiceOf(alert);
      const action = digits === v.ack_key ? 'ack' : digits === v.escalate_key ? 'escalate' : undefined;
      if (!action) {
        const again = `${publicUrl}/v1/providers/twilio/voice/gather?ntf=${encodeURIComponent(n.id)}`;
        return callTwiml({ ...v, greeting: 'That key does nothing.', repeat_count: 1 }, { title: alert.title, priority: priorityName(alert.priority), serviceName: alert.service_name }, again);
      }
      const actor = await personActor(n.org_id, n.user_id);
      if (!actor) return sayTwiml(v, 'You can no longer act on this alert. Goodbye.');
      if (action === 'escalate' && !(await stillAtPage(n))) return sayTwiml(v, 'This alert has already been escalated. Goodbye.');
      // One acting key per call (docs/adr/0706): a replayed callback with the same CallSid does nothing.
      const claim = callSid ? `key:${callSid}` : undefined;
      if (claim && !(await repo.claimCallback(db, claim, clock.now().toISOString()))) return sayTwiml(v, 'This call already acted on the alert. Goodbye.');
      let r: Awaited<ReturnType<typeof act>>;
      try {
        r = await act(actor, n.org_id, n.alert_id, action);
      } catch (err) {
        if (claim) await repo.unclaimCallback(db, claim);
        throw err;
      }
      if (r !== 'done') return sayTwiml(v, 'This alert is already resolved. Goodbye.');
      await replyLog(n.alert_id, n.user_id, 'voice', action, clock.now().toISOString());
      return sayTwiml(v, action === 'ack' ? 'Acknowledged. Goodbye.' : 'Escalated to the next level. Goodbye.');
    },

    /**
     * POST /v1/providers/twilio/status?ntf=…: a message's or call's later fate. Moves a sent page
     * forward only (delivered or failed, once); a permanent error code turns the number off.
     */
    async status(ntfId: string, p: Record<string, string>): Promise<void> {
      if (ntfId.startsWith('tpg_')) return;
      const sid = p.MessageSid ?? p.CallSid;
      const raw = p.MessageStatus ?? p.CallStatus;
      if (!sid || !raw) return;
      const n = await repo.notification(db, ntfId);
      if (!n || (n.channel !== 'sms' && n.channel !== 'voice') || (n.provider_message_id && n.provider_message_id !== sid)) return;
      const isCall = p.CallSid !== undefined && p.MessageSid === undefined;
      const delivered = isCall ? raw === 'completed' : raw === 'delivered' || raw === 'read';
      const failed = isCall ? ['busy', 'no-answer', 'failed', 'canceled'].includes(raw) : raw === 'undelivered' || raw === 'failed';
      if (!delivered && !failed) return;
      const code = p.ErrorCode || undefined;
      const perm = disableReasonOf(code);
      const detail = delivered ? null : perm?.reason ?? (isCall ? `the call ended ${raw}` : `the carrier did not deliver the message${code ? ` (Twilio ${code})` : ''}`);
      const now = clock.now().toISOString();
      const who = (await peopleNames(db, [n.user_id])).get(n.user_id)?.name ?? 'a removed person';
      await db.transaction().execute(async (trx) => {
        // A final status acts once per SID (docs/adr/0706); the claim commits with the update.
        if (!(await repo.claimCallback(trx, `status:${sid}:${raw}`, now))) return;
        const updated = await trx
          .updateTable('notifications')
          .set({ status: delivered ? 'delivered' : 'failed', detail, updated_at: now })
          .where('status', '=', 'sent')
          .where((w) => (n.provider_message_id ? w('provider_message_id', '=', sid) : w('id', '=', n.id)))
          .returning(['id', 'alert_id', 'user_id', 'channel'])
          .execute();
        if (!updated.length) return;
        const logs = updated.map((u) =>
          log(u.alert_id, delivered ? 'page_delivered' : 'page_failed', `${u.channel} page to ${who} ${delivered ? 'delivered' : `failed: ${detail}`}`, { notification_id: u.id, channel: u.channel, user_id: u.user_id, provider: 'twilio' }, now),
        );
        if (isCall && delivered && p.CallDuration && /^\d+$/.test(p.CallDuration)) {
          const extra = Math.ceil(Number(p.CallDuration) / 60) - 1;
          if (extra > 0) await deps.billing.record(n.org_id, 'voice_minutes', extra, trx);
        }
        if (perm && p.To) {
          const phone = await trx.selectFrom('phone_numbers').select('id').where('org_id', '=', n.org_id).where('user_id', '=', n.user_id).where('e164', '=', p.To).executeTakeFirst();
          if (phone) {
            for (const e164 of await repo.disablePhones(trx, [phone.id], perm.reason, now)) {
              logs.push(log(n.alert_id, 'destination_disabled', `Phone number ${maskNumber(e164)} turned off for paging: ${perm.reason}`, { notification_id: n.id, channel: n.channel, user_id: n.user_id, phone_number_id: phone.id }, now));
            }
          }
        }
        await insertLogs(trx, logs);
      });
    },

    /**
     * POST /api/me/test-page: sends a test page now through the channel's provider (the same code
     * pages use) and answers its fate. Not retried: a temporary error is answered as such.
     */
    async testPage(actor: UserActor, input: { channel: Channel; device_id?: string | undefined; phone_number_id?: string | undefined }) {
      const channel = input.channel;
      if (channel === 'chat') throw invalid('channel', 'chat pages go to a chat destination, not to a person; use POST /api/webhooks/{id}/test');
      const provider = deps.providers().find((p) => p.channels.includes(channel));
      const id = newId('tpg');
      let to: OutboundMessage['to'];
      if (channel === 'sms' || channel === 'voice') {
        if (!input.phone_number_id) throw invalid('phone_number_id', `is required for a ${channel} test page`);
        const phone = await db.selectFrom('phone_numbers').selectAll().where('id', '=', input.phone_number_id).where('org_id', '=', actor.orgId).where('user_id', '=', actor.id).executeTakeFirst();
        if (!phone) throw notFound('Phone number', input.phone_number_id);
        if (!phone.verified_at) throw conflict('Verify this number first (POST /api/phone-numbers/{id}/verify); only verified numbers are paged.');
        if (phone.disabled_at) throw conflict(`This number is turned off for paging: ${phone.disabled_reason}. Verify it again to turn it back on.`);
        to = { kind: 'phone', address: phone.e164, destinationId: phone.id };
      } else if (channel === 'push') {
        if (!input.device_id) throw invalid('device_id', 'is required for a push test page');
        const d = await db.selectFrom('devices').selectAll().where('id', '=', input.device_id).where('user_id', '=', actor.id).executeTakeFirst();
        if (!d) throw notFound('Device', input.device_id);
        to = {
          kind: d.platform === 'ios' ? 'apns' : d.platform === 'android' ? 'fcm' : 'webpush', address: deps.box.open(d.push_token_sealed), destinationId: d.id,
          criticalAllowed: d.critical_alerts_permitted === 1,
        };
      } else if (channel === 'telegram') {
        // Without a bot there is no chat to look for: answered not_configured below, as any channel.
        if (provider?.configured()) {
          const link = await db.selectFrom('telegram_links').select(['id', 'chat_id', 'disabled_at', 'disabled_reason']).where('user_id', '=', actor.id).where('chat_id', 'is not', null).executeTakeFirst();
          if (!link) throw conflict('Link your Telegram chat first (POST /api/me/telegram); pages by Telegram go only to a linked chat.');
          if (link.disabled_at) throw conflict(`Your Telegram chat is turned off for paging: ${link.disabled_reason}. Link it again to turn it back on.`);
          to = { kind: 'telegram', address: link.chat_id!, destinationId: link.id };
        } else to = { kind: 'telegram', address: '' };
      } else {
        const u = await db.selectFrom('users').select('email').where('id', '=', actor.id).executeTakeFirstOrThrow();
        to = { kind: 'email', address: u.email };
      }
      // An unverified account places no calls and sends no SMS, mail or push; SMS and calls only to the
      // organization's countries (issue 33 item 2, docs/adr/0705).
      if (to.kind === 'phone') await assertMayReach(db, { orgId: actor.orgId, userId: actor.id, e164: to.address });
      else await assertVerifiedAccount(db, actor.id);
      if (!provider || !provider.configured()) return { channel, status: 'not_configured' as const, detail: `${channel} is not configured on this server` };
      // SMS and calls: the test page's own limits, then the paging throttles, each reserved before the send (docs/adr/0705).
      const held = channel === 'sms' || channel === 'voice' ? await reserveTestSend(actor, channel) : undefined;
      const now = clock.now();
      const message: OutboundMessage = {
        id, idempotencyKey: id, channel, to,
        alert: { id, title: 'Test page: your phone can receive Klaxon pages', priority: 'high', urgency: 'high', url: `${publicUrl}/me`, serviceName: 'Klaxon' },
        critical: false, collapseId: id, expiresAt: now.getTime() + 600_000,
      };
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort(), 10_000);
      let outcome: SendOutcome;
      try {
        outcome = await provider.send(message, { deadlineMs: 10_000, signal: ac.signal });
      } catch (err) {
        outcome = { state: 'retry', detail: `the ${channel} provider failed (${(err as Error).name})` };
      } finally {
        clearTimeout(timer);
      }
      if (held) {
        if (outcome.state === 'accepted' || outcome.state === 'sent' || outcome.state === 'delivered') {
          await deps.billing.record(actor.orgId, channel === 'sms' ? 'sms' : 'voice_minutes', 1);
        } else if (outcome.state !== 'retry') {
          // Refused: nothing went out, so nothing counts (a temporary error may have gone out: it stays counted).
          await held.release();
        }
      }
      switch (outcome.state) {
        case 'accepted':
        case 'sent':
          return { channel, status: 'sent' as const, ...(outcome.providerMessageId ? { provider_message_id: outcome.providerMessageId } : {}) };
        case 'delivered':
          return { channel, status: 'delivered' as const, ...(outcome.providerMessageId ? { provider_message_id: outcome.providerMessageId } : {}) };
        case 'retry':
          return { channel, status: 'failed' as const, detail: `${outcome.detail} (temporary: try again in a minute)` };
        case 'failed':
          return { channel, status: 'failed' as const, detail: outcome.detail };
        case 'config_error':
          return { channel, status: 'failed' as const, detail: `the channel is misconfigured: ${outcome.detail}` };
      }
    },
  };
}
export type PhoneDelivery = ReturnType<typeof createPhoneDelivery>;
