import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Actor, UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashSecret, randomToken } from '../../lib/secrets.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import { notificationRepository } from '../paging/index.ts';
import type { TelegramClient } from '../../providers/telegram.ts';
import { parseCallbackData } from '../../providers/telegram.ts';
import { LINK_CODE_TTL_MS, type TelegramLinkView, type TelegramUpdate, startCodeOf, viewOf } from './telegram.ts';
import * as repo from './telegram.repository.ts';

type AlertActions = {
  ack(actor: Actor, orgId: string, alertId: string): Promise<unknown>;
  escalate(actor: Actor, orgId: string, alertId: string): Promise<unknown>;
};

/**
 * Telegram as a person's channel (PRODUCT.md 12, docs/adr/0835): the link flow and the bot's
 * webhook. A button press acts as the person whose chat it is, through the alert service's own
 * acknowledge and escalate (the one path every other channel takes), once per update.
 */
export function createTelegramService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  /** Undefined: TELEGRAM_BOT_TOKEN is unset, linking is refused and the webhook is 404. */
  client: TelegramClient | undefined;
  webhookSecret: string | undefined;
  publicUrl: string;
  alerts: AlertActions;
}) {
  const { db, clock, client } = deps;
  let botUsername: string | undefined;

  async function username(): Promise<string> {
    if (botUsername) return botUsername;
    const me = await client!.call<{ username?: string }>('getMe', {});
    if (!me.ok || !me.result.username) throw new AppError('service_unavailable', 'Telegram did not answer who the bot is; try again in a minute (check TELEGRAM_BOT_TOKEN).');
    botUsername = me.result.username;
    return botUsername;
  }

  /** Who acts when a person presses a button: themselves, if still a member who may act on alerts. */
  async function personActor(orgId: string, userId: string): Promise<Actor | undefined> {
    const m = await db.selectFrom('memberships').select('role').where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
    if (!m || m.role === 'observer') return undefined;
    const name = (await notificationRepository.peopleNames(db, [userId])).get(userId)?.name;
    return { type: 'user', id: userId, orgId, role: m.role, credentialId: 'telegram', audience: 'D', ...(name ? { name } : {}) };
  }

  /** Tells Telegram to stop showing the spinner, with a short text (a popup when `alert`). */
  const answer = (id: string, text: string, alert = false) => client!.call('answerCallbackQuery', { callback_query_id: id, text: text.slice(0, 200), show_alert: alert }).catch(() => undefined);
  const say = (chatId: number | string, text: string) => client!.call('sendMessage', { chat_id: chatId, text }).catch(() => undefined);

  async function onStart(u: NonNullable<TelegramUpdate['message']>, code: string): Promise<void> {
    if (u.chat.type !== 'private') {
      await say(u.chat.id, 'Klaxon pages go to a private chat: open the link from your profile in a chat with this bot.');
      return;
    }
    const now = clock.now();
    const row = await repo.linkByCode(db, hashSecret(code));
    if (!row || !row.code_expires_at || Date.parse(row.code_expires_at) <= now.getTime()) {
      await say(u.chat.id, 'This Klaxon link is unknown or has expired. Create a new one from your profile in Klaxon (Telegram: Link).');
      return;
    }
    await repo.bind(db, { id: row.id, chatId: String(u.chat.id), username: u.from?.username ?? u.from?.first_name ?? null, now: now.toISOString() });
    const name = (await notificationRepository.peopleNames(db, [row.user_id])).get(row.user_id)?.name ?? 'your account';
    await say(u.chat.id, `Linked to Klaxon as ${name}. Pages come here with Acknowledge and Escalate buttons.`);
  }

  async function onPress(q: NonNullable<TelegramUpdate['callback_query']>): Promise<void> {
    const press = parseCallbackData(q.data);
    if (!press) {
      await answer(q.id, 'This button does nothing.');
      return;
    }
    const link = await repo.linkByChat(db, String(q.from.id));
    const n = link ? await db.selectFrom('notifications').select(['id', 'org_id', 'alert_id', 'user_id', 'kind', 'epoch', 'cycle', 'level']).where('id', '=', press.notificationId).executeTakeFirst() : undefined;
    if (!link || !n || n.user_id !== link.user_id) {
      // Only the person paged acts from their page: anyone else (a forwarded message, an unlinked account) changes nothing.
      await answer(q.id, 'This Telegram account is not linked to the Klaxon account this page went to; nothing was changed. Link it from your Klaxon profile.', true);
      return;
    }
    const actor = await personActor(n.org_id, n.user_id);
    if (!actor) {
      await answer(q.id, 'You can no longer act on this alert; nothing was changed.', true);
      return;
    }
    const alert = await db.selectFrom('alerts').select(['status', 'title']).where('id', '=', n.alert_id).where('org_id', '=', n.org_id).executeTakeFirst();
    if (!alert || alert.status === 'resolved') {
      await answer(q.id, 'This alert is already resolved; nothing was changed.');
      return;
    }
    if (press.action === 'escalate' && n.kind === 'escalation') {
      // Two presses of one level's pages move the alert one level, not two (as a voice key).
      const e = await db.selectFrom('alert_escalations').select(['epoch', 'cycle', 'level']).where('alert_id', '=', n.alert_id).executeTakeFirst();
      if (e && (e.epoch !== n.epoch || e.cycle !== n.cycle || e.level !== n.level)) {
        await answer(q.id, 'This alert already left the level of this page; nothing was changed.');
        return;
      }
    }
    if (press.action === 'ack' && alert.status === 'acknowledged') {
      await answer(q.id, 'This alert is already acknowledged.');
      return;
    }
    try {
      if (press.action === 'ack') await deps.alerts.ack(actor, n.org_id, n.alert_id);
      else await deps.alerts.escalate(actor, n.org_id, n.alert_id);
    } catch (err) {
      if (err instanceof AppError && (err.code === 'conflict' || err.code === 'not_found')) {
        await answer(q.id, `Nothing was changed: ${err.message}`.slice(0, 200));
        return;
      }
      throw err;
    }
    const nowIso = clock.now().toISOString();
    const who = actor.type === 'user' && actor.name ? actor.name : 'someone';
    const verb = press.action === 'ack' ? 'acknowledged' : 'escalated';
    await notificationRepository.insertLogs(db, [{
      id: newId('log'), alert_id: n.alert_id, kind: press.action === 'ack' ? 'acknowledged_by_telegram' : 'escalated_by_telegram', message: `${verb} from Telegram by ${who}`,
      actor_type: 'user', actor_id: n.user_id, event_id: null, receipt_id: null, meta: JSON.stringify({ channel: 'telegram', user_id: n.user_id, notification_id: n.id }), created_at: nowIso,
    }]);
    await answer(q.id, press.action === 'ack' ? 'Acknowledged' : 'Escalated to the next level');
    if (q.message) {
      // The page shows what became of it; its buttons go (a later press would only be refused).
      await client!.call('editMessageReplyMarkup', {
        chat_id: q.message.chat.id, message_id: q.message.message_id,
        reply_markup: { inline_keyboard: [[{ text: press.action === 'ack' ? `✅ Acknowledged by ${who}` : `⏫ Escalated by ${who}`, callback_data: 'done' }]] },
      }).catch(() => undefined);
    }
  }

  return {
    configured: () => !!client,

    async status(actor: UserActor): Promise<TelegramLinkView> {
      return viewOf(await repo.linkOf(db, actor.id), !!client, clock.now().getTime());
    },

    /** POST /api/me/telegram: a fresh one-time link (t.me deep link) that binds the chat that opens it. */
    async createLink(actor: UserActor, meta: RequestMeta): Promise<{ url: string; expires_at: string }> {
      if (!client) throw conflict('Telegram is not configured on this server (TELEGRAM_BOT_TOKEN is unset).');
      const bot = await username();
      const code = randomToken(24);
      const now = clock.now();
      const expires = new Date(now.getTime() + LINK_CODE_TTL_MS).toISOString();
      const nowIso = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await repo.putCode(trx, { id: newId('tgl'), user_id: actor.id, code_hash: hashSecret(code), code_expires_at: expires, created_at: nowIso, updated_at: nowIso });
        const row = await repo.linkOf(trx, actor.id);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'telegram.link_start', targetType: 'telegram_link', targetId: row!.id, changes: { expires_at: expires }, meta, now: nowIso });
      });
      return { url: `https://t.me/${bot}?start=${code}`, expires_at: expires };
    },

    /** DELETE /api/me/telegram: unlinks the chat (pages by telegram then have nowhere to go). */
    async unlink(actor: UserActor, meta: RequestMeta): Promise<{ ok: true }> {
      const nowIso = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await repo.linkOf(trx, actor.id);
        if (!row) throw notFound('Telegram link');
        await repo.removeLink(trx, actor.id);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'telegram.unlink', targetType: 'telegram_link', targetId: row.id, changes: {}, meta, now: nowIso });
      });
      return { ok: true };
    },

    /** Whether a webhook request carries the secret this server registered (constant time). */
    secretMatches(given: string | undefined): boolean {
      if (!deps.webhookSecret || typeof given !== 'string') return false;
      const a = Buffer.from(hashSecret(given));
      const b = Buffer.from(hashSecret(deps.webhookSecret));
      return a.length === b.length && a.equals(b);
    },

    /**
     * POST /v1/providers/telegram (secret checked by the route): `/start <code>` binds the chat; a
     * button press acknowledges or escalates. Each update acts once (Telegram redelivers until it
     * gets a 2xx); a failure gives the claim back so the redelivery may act.
     */
    async handleUpdate(u: TelegramUpdate): Promise<void> {
      if (!client) throw notFound('Telegram webhook');
      const code = u.message ? startCodeOf(u.message.text) : undefined;
      if (!u.callback_query && !code) {
        if (u.message && typeof u.message.text === 'string' && /^\/(start|help)\b/.test(u.message.text) && u.message.chat.type === 'private') {
          await say(u.message.chat.id, 'Klaxon pages you here once your chat is linked: open Profile → Telegram → Link in Klaxon.');
        }
        return;
      }
      const key = String(u.update_id);
      if (!(await repo.claimUpdate(db, key, clock.now().toISOString()))) return;
      try {
        if (u.callback_query) await onPress(u.callback_query);
        else await onStart(u.message!, code!);
      } catch (err) {
        await repo.unclaimUpdate(db, key);
        throw err;
      }
    },

    /** Registers this server's webhook with Telegram (setWebhook with the secret); answers whether it took. */
    async registerWebhook(): Promise<{ ok: boolean; detail?: string }> {
      if (!client || !deps.webhookSecret) return { ok: false, detail: 'Telegram is not configured' };
      const r = await client.call('setWebhook', {
        url: `${deps.publicUrl}/v1/providers/telegram`, secret_token: deps.webhookSecret, allowed_updates: ['message', 'callback_query'],
      });
      return r.ok ? { ok: true } : { ok: false, detail: `Telegram answered ${r.error_code}: ${r.description}` };
    },
  };
}
export type TelegramService = ReturnType<typeof createTelegramService>;
