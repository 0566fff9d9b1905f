import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Slack Web API on loopback speaking Slack's protocol (api.slack.com/web): `POST /api/{method}`
 * with the arguments form-encoded (what @slack/web-api sends; nested values as JSON text) or as
 * JSON, the bot token as `Authorization: Bearer xoxb-…` (or a `token` argument), and every answer
 * HTTP 200 with `{"ok": true, …}` or `{"ok": false, "error": "<code>"}` — except a rate limit,
 * which is HTTP 429 with Retry-After. Methods: auth.test, chat.postMessage (with thread_ts and
 * metadata), chat.update, chat.postEphemeral, users.info, conversations.history. A test can revoke
 * the token, delete a channel or a message, make the next call of a method fail, and hold a
 * method's answers: the call is carried out (a held chat.postMessage's message is posted) and then
 * never answered, so a client killed while waiting never learns the outcome.
 */

export interface FakeSlackMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: unknown[];
  thread_ts?: string;
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
  /** How many times chat.update edited it. */
  edits: number;
}
export interface FakeSlackUser {
  id: string;
  email: string;
  name?: string;
  is_email_confirmed?: boolean;
}
type Failure = { error: string } | { status: 429; retryAfter: number } | { status: number };

/** X-Slack-Signature exactly as Slack computes it: `v0=` + hex HMAC-SHA256 of `v0:{ts}:{body}`. */
export function signSlack(signingSecret: string, body: string, timestampSeconds: number): Record<string, string> {
  const sig = createHmac('sha256', signingSecret).update(`v0:${timestampSeconds}:${body}`).digest('hex');
  return { 'x-slack-request-timestamp': String(timestampSeconds), 'x-slack-signature': `v0=${sig}`, 'content-type': 'application/x-www-form-urlencoded' };
}

/** A block_actions interaction as Slack posts it: `payload=<JSON>`, form-encoded. */
export function interactionBody(p: { teamId: string; userId: string; channelId: string; actionId: string; value: string; messageTs?: string }): string {
  const payload = {
    type: 'block_actions', team: { id: p.teamId, domain: 'acme' }, user: { id: p.userId, username: 'u', team_id: p.teamId },
    api_app_id: 'A0KLAXON', token: 'deprecated-verification-token', trigger_id: '1.2.3', channel: { id: p.channelId, name: 'alerts' },
    container: { type: 'message', message_ts: p.messageTs ?? '1.1', channel_id: p.channelId }, response_url: 'https://hooks.slack.com/actions/T/1/x',
    actions: [{ type: 'button', action_id: p.actionId, block_id: `klaxon:${p.value}`, value: p.value, action_ts: '1.1', text: { type: 'plain_text', text: 'x' } }],
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

/** A slash command as Slack posts it (form-encoded). */
export function commandBody(p: { teamId: string; userId: string; channelId: string; text: string }): string {
  return new URLSearchParams({
    token: 'deprecated-verification-token', team_id: p.teamId, team_domain: 'acme', channel_id: p.channelId, channel_name: 'alerts', user_id: p.userId,
    user_name: 'u', command: '/klaxon', text: p.text, api_app_id: 'A0KLAXON', response_url: 'https://hooks.slack.com/commands/T/1/x', trigger_id: '1.2.3',
  }).toString();
}

export async function startFakeSlack(opts: { token: string; teamId?: string; teamName?: string; channels?: string[]; users?: FakeSlackUser[] }) {
  const teamId = opts.teamId ?? 'T0KLAXON1';
  const channels = new Set(opts.channels ?? ['C0ALERTS1']);
  const users = new Map((opts.users ?? []).map((u) => [u.id, u]));
  const messages: FakeSlackMessage[] = [];
  const ephemeral: { channel: string; user: string; text: string }[] = [];
  const calls: { method: string; args: Record<string, unknown> }[] = [];
  const failures = new Map<string, Failure[]>();
  const held = new Set<string>();
  const heldCalls: { method: string; args: Record<string, unknown> }[] = [];
  const state = { revoked: false, seq: 0 };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
  const parseArgs = (contentType: string, body: string): Record<string, unknown> => {
    if (contentType.startsWith('application/json')) return body ? (JSON.parse(body) as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(body)) {
      // Nested arguments arrive as JSON text in a form (blocks, metadata, attachments).
      out[k] = (k === 'blocks' || k === 'metadata' || k === 'attachments') && /^[[{]/.test(v) ? JSON.parse(v) : v;
    }
    return out;
  };
  const nextTs = () => `${Math.floor(Date.now() / 1000)}.${String(++state.seq).padStart(6, '0')}`;

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const m = /^\/api\/([a-zA-Z.]+)$/.exec(req.url ?? '');
    const isHeld = held.has(m?.[1] ?? '');
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      // A held call's effect stands; its answer is never sent.
      if (isHeld) return void heldCalls.push({ method: m![1]!, args: parseArgs(String(req.headers['content-type'] ?? ''), body) });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(json));
    };
    const ok = (json: Record<string, unknown> = {}) => send(200, { ok: true, ...json });
    const err = (error: string) => send(200, { ok: false, error });
    if (req.method !== 'POST' || !m) return send(404, { ok: false, error: 'unknown_method' });
    const method = m[1]!;
    const args = parseArgs(String(req.headers['content-type'] ?? ''), body);
    calls.push({ method, args });
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '') || String(args.token ?? '');
    if (!token) return err('not_authed');
    if (token !== opts.token) return err('invalid_auth');
    if (state.revoked) return err('token_revoked');
    const f = failures.get(method)?.shift();
    if (f) {
      if ('error' in f) return err(f.error);
      if (f.status === 429) return send(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String((f as { retryAfter: number }).retryAfter) });
      return send(f.status, { ok: false, error: 'fatal_error' });
    }
    const channel = String(args.channel ?? '');
    switch (method) {
      case 'auth.test':
        return ok({ url: 'https://acme.slack.com/', team: opts.teamName ?? 'Acme', user: 'klaxon', team_id: teamId, user_id: 'U0KLAXONBOT', bot_id: 'B0KLAXON' });
      case 'chat.postMessage': {
        if (!channel) return err('channel_not_found');
        if (!channels.has(channel)) return err('channel_not_found');
        if (!args.text && !args.blocks) return err('no_text');
        if (args.thread_ts && !messages.some((x) => x.channel === channel && x.ts === args.thread_ts)) return err('thread_not_found');
        const msg: FakeSlackMessage = {
          channel, ts: nextTs(), text: String(args.text ?? ''), blocks: (args.blocks as unknown[]) ?? [], edits: 0,
          ...(args.thread_ts ? { thread_ts: String(args.thread_ts) } : {}),
          ...(args.metadata ? { metadata: args.metadata as FakeSlackMessage['metadata'] } : {}),
        };
        messages.push(msg);
        return ok({ channel, ts: msg.ts, message: { type: 'message', text: msg.text, ts: msg.ts } });
      }
      case 'chat.update': {
        if (!channels.has(channel)) return err('channel_not_found');
        const msg = messages.find((x) => x.channel === channel && x.ts === args.ts);
        if (!msg) return err('message_not_found');
        msg.text = String(args.text ?? msg.text);
        if (args.blocks) msg.blocks = args.blocks as unknown[];
        msg.edits++;
        return ok({ channel, ts: msg.ts, text: msg.text });
      }
      case 'chat.postEphemeral': {
        if (!channels.has(channel)) return err('channel_not_found');
        if (!users.has(String(args.user))) return err('user_not_in_channel');
        ephemeral.push({ channel, user: String(args.user), text: String(args.text ?? '') });
        return ok({ message_ts: nextTs() });
      }
      case 'users.info': {
        const u = users.get(String(args.user ?? ''));
        if (!u) return err('user_not_found');
        return ok({
          user: {
            id: u.id, team_id: teamId, name: u.name ?? u.id, deleted: false, is_bot: false, is_email_confirmed: u.is_email_confirmed ?? true,
            profile: { email: u.email, real_name: u.name ?? u.id, display_name: u.name ?? u.id },
          },
        });
      }
      case 'conversations.history': {
        if (!channels.has(channel)) return err('channel_not_found');
        const oldest = Number(args.oldest ?? 0);
        const all = String(args.include_all_metadata) === 'true';
        const list = messages
          .filter((x) => x.channel === channel && !x.thread_ts && Number(x.ts) >= oldest)
          .reverse()
          .map((x) => ({ type: 'message', ts: x.ts, text: x.text, ...(all && x.metadata ? { metadata: x.metadata } : {}) }));
        return ok({ messages: list, has_more: false });
      }
      default:
        return send(200, { ok: false, error: 'unknown_method' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api`,
    teamId,
    messages,
    ephemeral,
    calls,
    /** Top-level messages (not thread replies) of a channel. */
    posts: (ch?: string) => messages.filter((x) => !x.thread_ts && (!ch || x.channel === ch)),
    replies: (ts: string) => messages.filter((x) => x.thread_ts === ts),
    addUser: (u: FakeSlackUser) => void users.set(u.id, u),
    revoke: () => void (state.revoked = true),
    deleteChannel: (ch: string) => void channels.delete(ch),
    deleteMessage: (ts: string) => void messages.splice(messages.findIndex((x) => x.ts === ts), 1),
    failNext: (method: string, f: Failure) => void failures.set(method, [...(failures.get(method) ?? []), f]),
    /** While on, the method's calls are carried out and never answered (a client waits until it is killed). */
    hold: (method: string, on = true) => void (on ? held.add(method) : held.delete(method)),
    /** The calls that were carried out and left unanswered. */
    heldCalls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakeSlack = Awaited<ReturnType<typeof startFakeSlack>>;
