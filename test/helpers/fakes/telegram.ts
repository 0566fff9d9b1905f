import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Telegram Bot API on loopback (issue 37 item 5): `POST /bot<token>/<method>` with JSON, answered
 * as Telegram does, `{ok: true, result}` or `{ok: false, error_code, description}`: a wrong token is
 * 401 "Unauthorized", an unknown method 404 "Not Found", a message to a chat that blocked the bot
 * 403 "Forbidden: bot was blocked by the user". It keeps what the bot sent, edited and answered,
 * and posts Updates to the webhook setWebhook registered, exactly as Telegram does (JSON body,
 * `X-Telegram-Bot-Api-Secret-Token`), through a transport the test may point at `app.inject`.
 */

export interface TgUser { id: number; is_bot: false; first_name: string; username?: string; language_code?: string }
export interface BotMessage { message_id: number; chat_id: string; text: string; reply_markup?: { inline_keyboard: { text: string; callback_data?: string; url?: string }[][] } }
export interface WebhookAnswer { status: number; body: string }
export type Transport = (url: string, headers: Record<string, string>, body: string) => Promise<WebhookAnswer>;

export interface FakeTelegram {
  url: string;
  token: string;
  username: string;
  /** Every sendMessage the bot made (accepted ones). */
  messages: BotMessage[];
  /** Calls by method, in order, with their parameters. */
  calls: { method: string; params: Record<string, any> }[];
  webhook: { url: string; secret: string | undefined } | undefined;
  /** The user blocked the bot: sendMessage to their chat answers 403. */
  block(chatId: number): void;
  setTransport(t: Transport): void;
  /** The user opens the deep link and presses Start: a `/start <code>` message in their private chat. */
  start(user: TgUser, code: string): Promise<{ update: Record<string, unknown>; answer: WebhookAnswer }>;
  /** The user presses an inline button of a message the bot sent them. */
  press(user: TgUser, message: BotMessage, callbackData: string): Promise<{ update: Record<string, unknown>; answer: WebhookAnswer }>;
  /** Posts an update again (Telegram redelivers until it gets a 2xx, or on its own). */
  deliver(update: Record<string, unknown>, secret?: string): Promise<WebhookAnswer>;
  close(): Promise<void>;
}

const fetchTransport: Transport = async (url, headers, body) => {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, body: await res.text() };
};

export async function startFakeTelegram(opts: { token?: string; username?: string } = {}): Promise<FakeTelegram> {
  const token = opts.token ?? '123456789:AAFakeTelegramBotTokenForKlaxonTests0';
  const username = opts.username ?? 'klaxon_test_bot';
  const bot = { id: Number(token.split(':')[0]), is_bot: true, first_name: 'Klaxon', username };
  const blocked = new Set<string>();
  const messages: BotMessage[] = [];
  const calls: FakeTelegram['calls'] = [];
  let nextMessageId = 100;
  let nextUpdateId = 500_000;
  let transport: Transport = fetchTransport;
  let date = 1_780_000_000;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, code: number, description: string) => send(res, code, { ok: false, error_code: code, description });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url ?? '');
      if (!m || req.method !== 'POST') return fail(res, 404, 'Not Found');
      if (m[1] !== token) return fail(res, 401, 'Unauthorized');
      let params: Record<string, any> = {};
      try {
        params = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        return fail(res, 400, 'Bad Request: can\'t parse JSON');
      }
      const method = m[2]!;
      calls.push({ method, params });
      switch (method) {
        case 'getMe':
          return send(res, 200, { ok: true, result: bot });
        case 'setWebhook':
          if (typeof params.url !== 'string' || !/^https?:\/\//.test(params.url)) return fail(res, 400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
          fake.webhook = { url: params.url, secret: params.secret_token };
          return send(res, 200, { ok: true, result: true, description: 'Webhook was set' });
        case 'sendMessage': {
          const chatId = String(params.chat_id ?? '');
          if (!chatId) return fail(res, 400, 'Bad Request: chat_id is empty');
          if (typeof params.text !== 'string' || !params.text) return fail(res, 400, 'Bad Request: message text is empty');
          if (blocked.has(chatId)) return fail(res, 403, 'Forbidden: bot was blocked by the user');
          const msg: BotMessage = { message_id: nextMessageId++, chat_id: chatId, text: params.text, ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}) };
          messages.push(msg);
          return send(res, 200, { ok: true, result: { message_id: msg.message_id, from: bot, chat: { id: Number(chatId), type: 'private' }, date: date++, text: params.text } });
        }
        case 'editMessageReplyMarkup':
        case 'editMessageText': {
          const msg = messages.find((x) => x.chat_id === String(params.chat_id) && x.message_id === params.message_id);
          if (!msg) return fail(res, 400, 'Bad Request: message to edit not found');
          if (params.reply_markup) msg.reply_markup = params.reply_markup;
          if (method === 'editMessageText' && typeof params.text === 'string') msg.text = params.text;
          return send(res, 200, { ok: true, result: { message_id: msg.message_id, chat: { id: Number(msg.chat_id), type: 'private' }, date: date++, text: msg.text } });
        }
        case 'answerCallbackQuery':
          if (typeof params.callback_query_id !== 'string') return fail(res, 400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
          return send(res, 200, { ok: true, result: true });
        default:
          return fail(res, 404, 'Not Found');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const chatOf = (u: TgUser) => ({ id: u.id, first_name: u.first_name, ...(u.username ? { username: u.username } : {}), type: 'private' });

  const fake: FakeTelegram = {
    url, token, username, messages, calls, webhook: undefined,
    block(chatId) {
      blocked.add(String(chatId));
    },
    setTransport(t) {
      transport = t;
    },
    async deliver(update, secret) {
      if (!fake.webhook) throw new Error('fake telegram: no webhook set (setWebhook was never called)');
      const s = secret ?? fake.webhook.secret;
      return transport(fake.webhook.url, { 'content-type': 'application/json', ...(s !== undefined ? { 'x-telegram-bot-api-secret-token': s } : {}) }, JSON.stringify(update));
    },
    async start(user, code) {
      const text = `/start ${code}`;
      const update = {
        update_id: nextUpdateId++,
        message: { message_id: nextMessageId++, from: user, chat: chatOf(user), date: date++, text, entities: [{ offset: 0, length: 6, type: 'bot_command' }] },
      };
      return { update, answer: await fake.deliver(update) };
    },
    async press(user, message, callbackData) {
      const update = {
        update_id: nextUpdateId++,
        callback_query: {
          id: String(BigInt(user.id) * 1000n + BigInt(nextUpdateId)),
          from: user,
          message: { message_id: message.message_id, from: bot, chat: { id: Number(message.chat_id), type: 'private' }, date: date++, text: message.text, ...(message.reply_markup ? { reply_markup: message.reply_markup } : {}) },
          chat_instance: `-${user.id}77`,
          data: callbackData,
        },
      };
      return { update, answer: await fake.deliver(update) };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}
