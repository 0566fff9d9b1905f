import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Actor, type Role, type UserActor, personName } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, isAppError, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { can } from '../../lib/permissions.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { type AlertService, insertLogRows } from '../alert/index.ts';
import { type RequestMeta, recordAudit } from '../audit/index.ts';
import type { OnCallDirectory } from '../paging/index.ts';
import type { AppDeliveryResult, DeliverySnapshot, WebhookDeliveryRow, WebhookDestinationRow } from '../webhook/index.ts';
import { type SlackApi, slackFailure } from './slack.api.ts';
import { ACTION_OPS, threadLine } from './slack.message.ts';
import type { SlackPoster } from './slack.poster.ts';
import { validSlackSignature } from './slack.signature.ts';
import type { SlackConnectionRow } from './slack.table.ts';

export const INTERACTIONS_PATH = '/v1/providers/slack/interactions';
export const COMMANDS_PATH = '/v1/providers/slack/commands';
/** The bot scopes the manifest asks for: post and edit, the slash command, read who pressed (with email), find a lost post again. */
export const BOT_SCOPES = ['chat:write', 'commands', 'users:read', 'users:read.email', 'channels:history', 'groups:history'];
/** A slash command answers within Slack's 3 seconds: past this the work goes on and the answer says so. */
export const COMMAND_BUDGET_MS = 2_500;

type Op = 'ack' | 'resolve' | 'escalate';
const VERB: Record<Op, { done: string; kind: string }> = {
  ack: { done: 'acknowledged', kind: 'acknowledged_via' },
  resolve: { done: 'resolved', kind: 'resolved_via' },
  escalate: { done: 'escalated', kind: 'escalated_via' },
};

export interface SlackSignedHeaders {
  timestamp: string | undefined;
  signature: string | undefined;
}

const mask = (token: string) => `${token.slice(0, 5)}…${token.slice(-4)}`;

/**
 * Slack as an app for an organization (PRODUCT.md 12; docs/adr/0830, 0832): the connection (bot
 * token and signing secret, sealed), the manifest, and what comes back from Slack. A button press
 * or `/klaxon` command is Slack's only when its v0 signature, keyed by the secret of a connection
 * of the request's workspace, matches within five minutes (else 401, nothing changes). It acts as
 * the member whose verified email is the Slack user's (users.info), through the alert service with
 * that member's role; the message's edit follows from the change's outbox event.
 */
export function createSlackService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  box: SecretBox;
  api: SlackApi;
  poster: SlackPoster;
  publicUrl: string;
  alerts: Pick<AlertService, 'ack' | 'resolve' | 'escalate'>;
  directory: OnCallDirectory;
  onError?: (err: unknown) => void;
}) {
  const { db, clock, box, api } = deps;
  /** Work acknowledged to Slack and still running (button presses): close() and tests wait for it. */
  const running = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    const q = p.catch((err) => deps.onError?.(err)).finally(() => running.delete(q));
    running.add(q);
  };

  const connectionOf = (orgId: string) => db.selectFrom('slack_connections').selectAll().where('org_id', '=', orgId).executeTakeFirst();

  function view(c: SlackConnectionRow | undefined) {
    if (!c) return { connected: false as const, team_id: null, team_name: null, bot_user_id: null, bot_token: null, signing_secret: null, updated_at: null };
    return { connected: true as const, team_id: c.team_id, team_name: c.team_name, bot_user_id: c.bot_user_id, bot_token: c.bot_token_hint, signing_secret: '••••••••', updated_at: c.updated_at };
  }

  /** The connection of the workspace whose signing secret signed this request, or 401. */
  async function verified(teamId: string | undefined, headers: SlackSignedHeaders, raw: string): Promise<SlackConnectionRow> {
    const refused = () => unauthorized('The X-Slack-Signature header does not match this request (or its timestamp is more than 5 minutes away); nothing was changed.');
    if (!teamId) throw refused();
    const conns = await db.selectFrom('slack_connections').selectAll().where('team_id', '=', teamId).execute();
    const now = clock.now().getTime();
    const conn = conns.find((c) => validSlackSignature(box.open(c.signing_secret_sealed), headers, raw, now));
    if (!conn) throw refused();
    return conn;
  }

  /** The member a Slack user is: the one whose verified email is the Slack user's confirmed email. */
  async function memberOf(conn: SlackConnectionRow, slackUserId: string): Promise<{ ok: true; userId: string; name: string; role: Role } | { ok: false; message: string }> {
    const info = await api.client(box.open(conn.bot_token_sealed)).users.info({ user: slackUserId });
    const u = info.user as { profile?: { email?: string }; is_email_confirmed?: boolean; deleted?: boolean; is_bot?: boolean } | undefined;
    const email = u?.profile?.email?.trim().toLowerCase();
    const howTo = 'Klaxon matches you by email: set the same address in Slack and in Klaxon (verified in both), and make sure you are a member of this Klaxon organization.';
    if (!u || u.deleted || u.is_bot || !email) return { ok: false, message: `Klaxon could not read your Slack email address. ${howTo}` };
    if (u.is_email_confirmed === false) return { ok: false, message: `Your Slack email address is not confirmed. ${howTo}` };
    const row = await db
      .selectFrom('users')
      .innerJoin('memberships', 'memberships.user_id', 'users.id')
      .select(['users.id', 'users.name', 'users.email', 'memberships.role'])
      .where('memberships.org_id', '=', conn.org_id)
      .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email))
      .where('users.email_verified_at', 'is not', null)
      .executeTakeFirst();
    if (!row) return { ok: false, message: `No member of this Klaxon organization has the verified email ${email}. ${howTo}` };
    return { ok: true, userId: row.id, name: personName(row), role: row.role as Role };
  }

  /** Acts on an alert as the Slack user's member; answers what to tell them (ephemeral), or null when the message shows it. */
  async function act(conn: SlackConnectionRow, slackUserId: string, op: Op, alertId: string, meta: RequestMeta): Promise<string | null> {
    const m = await memberOf(conn, slackUserId);
    if (!m.ok) return m.message;
    if (!can(m.role, 'alerts.act')) {
      return `Your role in this Klaxon organization is ${m.role}: it can see alerts but not act on them. Ask an admin for the responder role.`;
    }
    const actor: UserActor = { type: 'user', id: m.userId, orgId: conn.org_id, role: m.role, credentialId: `slack:${conn.team_id}:${slackUserId}`, audience: 'D', name: m.name };
    let result: { changed: boolean; status?: string | undefined };
    try {
      result = op === 'escalate' ? await deps.alerts.escalate(actor as Actor, conn.org_id, alertId, meta) : await deps.alerts[op](actor as Actor, conn.org_id, alertId, null, meta);
    } catch (err) {
      if (isAppError(err) && err.code === 'not_found') return `Alert ${alertId} was not found in this Klaxon organization.`;
      if (isAppError(err) && (err.code === 'conflict' || err.code === 'invalid_request')) return err.message;
      throw err;
    }
    const verb = VERB[op];
    await insertLogRows(db, [{
      id: newId('log'), alert_id: alertId, kind: verb.kind, actor_type: 'user', actor_id: m.userId, event_id: null, receipt_id: null,
      message: result.changed ? `${verb.done} from Slack by ${m.name}` : `${m.name} pressed ${op} in Slack; the alert was already ${result.status ?? 'changed'}`,
      meta: JSON.stringify({ channel: 'slack', team_id: conn.team_id, slack_user_id: slackUserId, changed: result.changed }), created_at: clock.now().toISOString(),
    }]);
    if (!result.changed) return `The alert was already ${result.status ?? 'changed'}; nothing changed.`;
    return op === 'escalate' ? null : null;
  }

  async function ephemeral(conn: SlackConnectionRow, channel: string | undefined, user: string, text: string) {
    if (!channel) return;
    try {
      await api.client(box.open(conn.bot_token_sealed)).chat.postEphemeral({ channel, user, text });
    } catch (err) {
      deps.onError?.(Object.assign(new Error(`Slack chat.postEphemeral failed: ${slackFailure(err).error}`), { cause: undefined }));
    }
  }

  async function onCallText(orgId: string, name: string): Promise<string> {
    let q = db.selectFrom('schedules').select(['id', 'name']).where('org_id', '=', orgId);
    if (name) q = q.where((eb) => eb.or([eb('id', '=', name), eb(eb.fn('lower', ['name']), '=', name.toLowerCase())]));
    const schedules = await q.orderBy('name').limit(10).execute();
    if (!schedules.length) return name ? `No schedule named "${name}" in this Klaxon organization.` : 'This Klaxon organization has no schedules yet.';
    const now = clock.now();
    const lines: string[] = [];
    for (const s of schedules) {
      const plan = await deps.directory.plan(orgId, s.id);
      const levels = [];
      for (const l of plan?.levels ?? []) {
        const ids = await deps.directory.onCall(orgId, s.id, l.level, now);
        const people = ids.length ? await db.selectFrom('users').select(['name', 'email']).where('id', 'in', ids).execute() : [];
        levels.push(`level ${l.level}: ${people.length ? people.map(personName).join(', ') : 'nobody'}`);
      }
      lines.push(`*${s.name}* — ${levels.join('; ') || 'no levels'}`);
    }
    return `On call now:\n${lines.join('\n')}`;
  }

  return {
    connectionOf,
    async get(orgId: string) {
      return view(await connectionOf(orgId));
    },

    /** Connects (or replaces) the organization's Slack app: the token is checked with auth.test first. */
    async put(actor: UserActor, input: { bot_token: string; signing_secret: string }, meta: RequestMeta) {
      const token = input.bot_token.trim();
      const secret = input.signing_secret.trim();
      const problems = [];
      if (!/^xoxb-[A-Za-z0-9-]{8,250}$/.test(token)) problems.push({ field: 'bot_token', message: 'must be the app\'s Bot User OAuth Token (xoxb-…), from its OAuth & Permissions page' });
      if (!/^[A-Za-z0-9]{16,128}$/.test(secret)) problems.push({ field: 'signing_secret', message: 'must be the app\'s Signing Secret (letters and digits), from its Basic Information page' });
      if (problems.length) throw new AppError('invalid_request', problems.map((p) => `${p.field}: ${p.message}`).join('; '), { details: problems });
      let auth;
      try {
        auth = await api.client(token).auth.test();
      } catch (err) {
        const f = slackFailure(err);
        if (f.verdict === 'retry') throw new AppError('service_unavailable', `Slack could not be reached to check the token (${f.error}); try again.`, { retryAfterSeconds: 5 });
        throw new AppError('invalid_request', `Slack refused the bot token (${f.error}).`, { details: [{ field: 'bot_token', message: `Slack answered ${f.error}` }] });
      }
      const now = clock.now().toISOString();
      const row: SlackConnectionRow = {
        org_id: actor.orgId, team_id: String(auth.team_id ?? ''), team_name: String(auth.team ?? ''), bot_user_id: auth.user_id ?? null,
        bot_token_sealed: box.seal(token), bot_token_hint: mask(token), signing_secret_sealed: box.seal(secret), created_at: now, updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('slack_connections').values(row)
          .onConflict((oc) => oc.column('org_id').doUpdateSet({
            team_id: row.team_id, team_name: row.team_name, bot_user_id: row.bot_user_id, bot_token_sealed: row.bot_token_sealed,
            bot_token_hint: row.bot_token_hint, signing_secret_sealed: row.signing_secret_sealed, updated_at: now,
          }))
          .execute();
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'slack.connect', targetType: 'slack', targetId: row.team_id, changes: { team_id: row.team_id, team_name: row.team_name }, meta, now });
      });
      return view(await connectionOf(actor.orgId));
    },

    async remove(actor: UserActor, meta: RequestMeta) {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const r = await trx.deleteFrom('slack_connections').where('org_id', '=', actor.orgId).executeTakeFirst();
        if (Number(r.numDeletedRows) === 0) throw new AppError('not_found', 'This organization has no Slack app connected.');
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'slack.disconnect', targetType: 'slack', targetId: actor.orgId, changes: {}, meta, now });
      });
      return { ok: true as const };
    },

    /** A Slack app manifest naming this instance's URLs (paste it at api.slack.com/apps → Create New App → From a manifest). */
    manifest() {
      return {
        display_information: { name: 'Klaxon', description: 'Alerts and on-call from Klaxon: acknowledge, resolve and escalate from Slack.', background_color: '#8c1a1a' },
        features: {
          bot_user: { display_name: 'Klaxon', always_online: true },
          slash_commands: [{
            command: '/klaxon', url: `${deps.publicUrl}${COMMANDS_PATH}`, description: 'Acknowledge or resolve an alert, or see who is on call',
            usage_hint: 'ack <alert id> | resolve <alert id> | oncall [schedule]', should_escape: false,
          }],
        },
        oauth_config: { scopes: { bot: BOT_SCOPES } },
        settings: {
          interactivity: { is_enabled: true, request_url: `${deps.publicUrl}${INTERACTIONS_PATH}` },
          org_deploy_enabled: false, socket_mode_enabled: false, token_rotation_enabled: false,
        },
      };
    },

    /**
     * A button press: checked now (401 when not Slack's), answered at once, acted on after the
     * answer (Slack wants one within 3 seconds). A refusal goes back as an ephemeral message.
     */
    async interaction(raw: string, headers: SlackSignedHeaders, meta: RequestMeta): Promise<void> {
      let payload: { type?: string; team?: { id?: string }; user?: { id?: string }; channel?: { id?: string }; actions?: { action_id?: string; value?: string }[] } = {};
      try {
        payload = JSON.parse(new URLSearchParams(raw).get('payload') ?? '{}');
      } catch {
        /* unreadable: refused below, as unsigned */
      }
      const conn = await verified(payload?.team?.id, headers, raw);
      if (payload.type !== 'block_actions') return;
      const action = payload.actions?.[0];
      const op = action?.action_id ? ACTION_OPS[action.action_id] : undefined;
      const user = payload.user?.id;
      if (!op || !user || !action?.value) return; // Open (a link) and anything else: nothing to do.
      const alertId = action.value.slice(0, 64);
      track((async () => {
        const text = await act(conn, user, op, alertId, meta);
        if (text) await ephemeral(conn, payload.channel?.id, user, text);
      })());
    },

    /** `/klaxon ack|resolve <alert id>`, `/klaxon oncall [schedule]`: answered as an ephemeral message. */
    async command(raw: string, headers: SlackSignedHeaders, meta: RequestMeta): Promise<{ response_type: 'ephemeral'; text: string }> {
      const form = new URLSearchParams(raw);
      const conn = await verified(form.get('team_id') ?? undefined, headers, raw);
      const say = (text: string) => ({ response_type: 'ephemeral' as const, text });
      const [verb = '', arg = ''] = (form.get('text') ?? '').trim().split(/\s+/, 2);
      const rest = (form.get('text') ?? '').trim().slice(verb.length).trim();
      const user = form.get('user_id') ?? '';
      const help = 'Usage: `/klaxon ack <alert id>`, `/klaxon resolve <alert id>`, `/klaxon oncall [schedule]`.';
      switch (verb.toLowerCase()) {
        case 'ack':
        case 'acknowledge':
        case 'resolve': {
          if (!arg) return say(`Name the alert: \`/klaxon ${verb} <alert id>\`.`);
          const op: Op = verb.toLowerCase() === 'resolve' ? 'resolve' : 'ack';
          const work = act(conn, user, op, arg.slice(0, 64), meta).then((t) => t ?? `Alert ${arg} ${VERB[op].done}.`);
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<string>((resolve) => {
            timer = setTimeout(() => resolve('Working on it: the alert\'s messages show the change once it is made.'), COMMAND_BUDGET_MS);
          });
          track(work.then(() => undefined));
          try {
            return say(await Promise.race([work, late]));
          } finally {
            clearTimeout(timer);
          }
        }
        case 'oncall':
        case 'on-call':
          return say(await onCallText(conn.org_id, rest));
        default:
          return say(help);
      }
    },

    /** The webhook sender's `slack_app` delivery: the alert's message, edited with a thread line for this change. */
    async deliver(dest: WebhookDestinationRow, row: WebhookDeliveryRow): Promise<AppDeliveryResult> {
      if (row.alert_id === null) {
        // A test delivery: one plain message, no buttons and nothing kept.
        const conn = await connectionOf(dest.org_id);
        if (!conn) return { outcome: 'gone', error: 'the organization\'s Slack app is not connected', durationMs: 0 };
        try {
          await api.client(box.open(conn.bot_token_sealed)).chat.postMessage({ channel: dest.channel_id ?? '', text: `Klaxon test (${row.event_kind}): this channel receives alert messages.` });
          return { outcome: 'delivered', durationMs: 0 };
        } catch (err) {
          const { verdict, ...rest } = slackFailure(err);
          return { outcome: verdict, ...rest, durationMs: 0 };
        }
      }
      const snap = JSON.parse(row.snapshot) as DeliverySnapshot;
      const actor = snap.event.actor;
      let actorName: string | null = null;
      if (actor?.type === 'user' && actor.id) {
        const u = await db.selectFrom('users').select(['name', 'email']).where('id', '=', actor.id).executeTakeFirst();
        actorName = u ? personName(u) : null;
      }
      return deps.poster.send(dest, row.alert_id, threadLine(row.event_kind, snap.vars, actorName));
    },

    /** Until every acknowledged press has been acted on (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size) await Promise.all([...running]);
    },
  };
}
export type SlackService = ReturnType<typeof createSlackService>;
