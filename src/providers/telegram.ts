import type { DeliveryProvider, OutboundMessage, SendOutcome } from '../modules/paging/index.ts';

/**
 * The Telegram Bot API (PRODUCT.md 12, docs/adr/0835): one HTTPS POST of JSON per method to
 * `{TELEGRAM_API_URL}/bot{token}/{method}`, answered `{ok: true, result}` or `{ok: false,
 * error_code, description, parameters?: {retry_after}}`. The token is in the URL: it is never
 * logged, and errors name only the method.
 */
export type TelegramAnswer<T = unknown> =
  | { ok: true; result: T }
  | { ok: false; error_code: number; description: string; retryAfterSeconds?: number }
  /** The request failed before Telegram answered (network, timeout). */
  | { ok: false; error_code: 0; description: string };

export interface TelegramClient {
  call<T = unknown>(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<TelegramAnswer<T>>;
}

export function createTelegramClient(cfg: { apiUrl: string; botToken: string; timeoutMs?: number }): TelegramClient {
  return {
    async call<T>(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<TelegramAnswer<T>> {
      const signals = [AbortSignal.timeout(cfg.timeoutMs ?? 10_000), ...(signal ? [signal] : [])];
      let res: Response;
      try {
        res = await fetch(`${cfg.apiUrl}/bot${cfg.botToken}/${method}`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params), signal: AbortSignal.any(signals), redirect: 'manual',
        });
      } catch (err) {
        return { ok: false, error_code: 0, description: `Telegram ${method} failed (${(err as Error).name})` };
      }
      let body: { ok?: boolean; result?: T; error_code?: number; description?: string; parameters?: { retry_after?: number } } | undefined;
      try {
        body = (await res.json()) as typeof body;
      } catch {
        body = undefined;
      }
      if (body?.ok === true) return { ok: true, result: body.result as T };
      const code = typeof body?.error_code === 'number' ? body.error_code : res.status;
      const description = typeof body?.description === 'string' ? body.description.slice(0, 300) : `HTTP ${res.status}`;
      const retry = body?.parameters?.retry_after;
      return { ok: false, error_code: code, description, ...(typeof retry === 'number' ? { retryAfterSeconds: retry } : {}) };
    },
  };
}

/** A page's inline buttons: the page's id rides in callback_data (at most 64 bytes). */
export const callbackData = (action: 'ack' | 'esc', notificationId: string): string => `${action}:${notificationId}`;

export function parseCallbackData(data: unknown): { action: 'ack' | 'escalate'; notificationId: string } | undefined {
  if (typeof data !== 'string') return undefined;
  const m = /^(ack|esc):(ntf_[0-9A-Za-z]{1,60})$/.exec(data);
  if (!m) return undefined;
  return { action: m[1] === 'ack' ? 'ack' : 'escalate', notificationId: m[2]! };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's text (HTML parse mode): priority, title, service, the body's head and the alert's link. */
export function pageText(m: Pick<OutboundMessage, 'alert' | 'bundleCount'>): string {
  const a = m.alert;
  const lines = [`🚨 <b>${escapeHtml(a.priority.toUpperCase())}</b> ${escapeHtml(a.title.slice(0, 300))}`];
  if (a.serviceName) lines.push(`Service: ${escapeHtml(a.serviceName.slice(0, 200))}`);
  if (a.body) lines.push(escapeHtml(a.body.slice(0, 1000)));
  lines.push(a.url);
  return lines.join('\n');
}

/** The page's buttons: Acknowledge and Escalate, then Open. */
export function pageKeyboard(notificationId: string, url: string) {
  return {
    inline_keyboard: [
      [{ text: 'Acknowledge', callback_data: callbackData('ack', notificationId) }, { text: 'Escalate', callback_data: callbackData('esc', notificationId) }],
      ...(/^https:\/\//.test(url) ? [[{ text: 'Open', url }]] : []),
    ],
  };
}

/**
 * What a Telegram answer means for a page: 403 (the bot was blocked, the user is deactivated)
 * and 400 "chat not found" are permanent for this chat and disable it with Telegram's reason;
 * 429 and 5xx are retried (honouring retry_after); 401 and 404 mean the bot token is wrong.
 */
export function outcomeOf(a: TelegramAnswer<{ message_id?: number }>): SendOutcome {
  if (a.ok) return { state: 'sent', ...(a.result?.message_id !== undefined ? { providerMessageId: String(a.result.message_id) } : {}) };
  if (a.error_code === 0) return { state: 'retry', detail: a.description };
  if (a.error_code === 403) return { state: 'failed', detail: `Telegram refused the message: ${a.description}`, disable: 'unsubscribed' };
  if (a.error_code === 400 && /chat not found|user is deactivated|bot was blocked/i.test(a.description)) {
    return { state: 'failed', detail: `Telegram refused the message: ${a.description}`, disable: 'unregistered' };
  }
  if (a.error_code === 429 || a.error_code >= 500) {
    const retry = 'retryAfterSeconds' in a && a.retryAfterSeconds !== undefined ? { retryAfterMs: a.retryAfterSeconds * 1000 } : {};
    return { state: 'retry', detail: `Telegram answered ${a.error_code}`, ...retry };
  }
  if (a.error_code === 401 || a.error_code === 404) return { state: 'config_error', detail: `Telegram answered ${a.error_code}: check TELEGRAM_BOT_TOKEN` };
  return { state: 'failed', detail: `Telegram answered ${a.error_code}: ${a.description}` };
}

/**
 * The `telegram` channel: `to.address` is the person's linked chat id. One sendMessage with the
 * Acknowledge and Escalate buttons (their presses come back to POST /v1/providers/telegram).
 */
export function createTelegramProvider(client: TelegramClient | undefined): DeliveryProvider {
  return {
    name: 'telegram',
    channels: ['telegram'],
    configured: () => !!client,
    concurrency: 8,
    async send(m, ctx): Promise<SendOutcome> {
      if (!client) return { state: 'config_error', detail: 'TELEGRAM_BOT_TOKEN is not set' };
      const text = m.bundleCount ? `${pageText(m)}\n(and ${m.bundleCount - 1} more open alerts)` : pageText(m);
      const a = await client.call<{ message_id: number }>('sendMessage', {
        chat_id: m.to.address, text, parse_mode: 'HTML', link_preview_options: { is_disabled: true }, reply_markup: pageKeyboard(m.id, m.alert.url),
      }, ctx.signal);
      return outcomeOf(a);
    },
  };
}
