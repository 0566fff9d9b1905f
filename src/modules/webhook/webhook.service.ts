import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, filteredScope, idPosition, pageOf } from '../../lib/cursor.ts';
import { AppError, type FieldProblem, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { type RequestMeta, recordAudit } from '../audit/index.ts';
import type { WebhookSender } from './webhook.delivery.ts';
import { renderFor } from './webhook.delivery.ts';
import * as repo from './webhook.repository.ts';
import { type DeliverySnapshot, sampleSnapshot, snapshotOf } from './webhook.snapshot.ts';
import { BlockedAddressError, type LookupAll, checkLiteral, checkedAddresses, literalHost, ownOriginProblem } from './webhook.ssrf.ts';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookDestinationRow } from './webhook.table.ts';
import { compileTemplate } from './webhook.template.ts';
import { providerWarnings } from './webhook.limits.ts';
import { EVENT_KINDS, HEADER_NAME, MAX_HEADERS, RESERVED_HEADERS, type WebhookKind, maskUrl, newSigningSecret } from './webhook.ts';

/** Destinations an organization may have: every one costs a lookup and a delivery per event. */
export const MAX_DESTINATIONS = 50;
/** After rotate-secret the previous secret signs too this long (contracts §5: both signatures during the overlap). */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;
export const URL_MAX = 2048;
/** A Slack conversation id: public (C…), private (G…) or direct (D…). */
export const SLACK_CHANNEL = /^[CGD][A-Z0-9]{2,30}$/;

export interface WebhookInput {
  name: string;
  kind: WebhookKind;
  /** Every kind but `slack_app`. */
  url?: string | undefined;
  /** `slack_app` only: the Slack channel (C…, G…). */
  channel_id?: string | undefined;
  events: string[];
  service_ids?: string[] | undefined;
  template?: unknown;
  headers?: Record<string, string> | undefined;
  enabled?: boolean | undefined;
}
export interface WebhookPatchInput {
  name?: string | undefined;
  url?: string | undefined;
  channel_id?: string | undefined;
  events?: string[] | undefined;
  service_ids?: string[] | null | undefined;
  template?: unknown;
  headers?: Record<string, string> | null | undefined;
  enabled?: boolean | undefined;
}
export interface PreviewInput {
  kind: WebhookKind;
  template?: unknown;
  event?: string | undefined;
  alert_id?: string | undefined;
}

export function rowToWebhook(r: WebhookDestinationRow, nowIso: string) {
  return {
    id: r.id,
    org_id: r.org_id,
    name: r.name,
    kind: r.kind,
    url: r.url_hint,
    channel_id: r.channel_id ?? null,
    events: JSON.parse(r.events) as string[],
    service_ids: r.service_ids === null ? null : (JSON.parse(r.service_ids) as string[]),
    template: r.template === null ? null : (JSON.parse(r.template) as { version: 1; body: unknown }),
    headers: Object.fromEntries((JSON.parse(r.header_names) as string[]).map((n) => [n, '[hidden]'])),
    enabled: r.enabled === 1,
    disabled_reason: r.disabled_reason,
    health: {
      last_success_at: r.last_success_at,
      last_failure_at: r.last_failure_at,
      consecutive_failures: r.consecutive_failures,
      circuit: r.circuit_open_until !== null && r.circuit_open_until > nowIso ? ('open' as const) : ('closed' as const),
      circuit_open_until: r.circuit_open_until !== null && r.circuit_open_until > nowIso ? r.circuit_open_until : null,
    },
    previous_secret_expires_at: r.previous_secret_until !== null && r.previous_secret_until > nowIso ? r.previous_secret_until : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
export type WebhookView = ReturnType<typeof rowToWebhook>;

export function rowToDelivery(r: WebhookDeliveryRow, attempts: WebhookAttemptRow[]) {
  return {
    id: r.id,
    webhook_id: r.destination_id,
    event: r.event_kind,
    alert_id: r.alert_id,
    test: r.is_test === 1,
    state: r.state,
    attempts: r.attempts,
    next_attempt_at: r.state === 'pending' ? r.next_attempt_at : null,
    last_status: r.last_status,
    last_error: r.last_error,
    created_at: r.created_at,
    updated_at: r.updated_at,
    finished_at: r.finished_at,
    attempt_log: attempts
      .filter((a) => a.delivery_id === r.id)
      .map((a) => ({
        at: a.attempted_at,
        duration_ms: a.duration_ms,
        outcome: a.outcome,
        request_headers: JSON.parse(a.request_headers) as Record<string, string>,
        response_status: a.response_status,
        response_head: a.response_head,
        error: a.error,
      })),
  };
}

const bad = (problems: FieldProblem[]) => new AppError('invalid_request', problems.map((p) => `${p.field}: ${p.message}`).join('; '), { details: problems });

export function createWebhookService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  box: SecretBox;
  publicUrl: string;
  allowPrivate: boolean;
  lookup: LookupAll;
  sender: WebhookSender;
  /** Reload who wants which events written pending (this process; others within their refresh). */
  subscriptionsChanged: () => Promise<void>;
  /** A delivery became due now. */
  nudge: () => void;
  /** The store, for row locks (PostgreSQL). */
  dialect?: 'sqlite' | 'postgres';
  /** Whether the organization has connected a Slack app (PRODUCT.md 12): a `slack_app` destination needs one. */
  slackConnected?: (orgId: string) => Promise<boolean>;
  /** Schedules whose level-channel chat steps name the destination, in the caller's transaction (PRODUCT.md 7.2). */
  chatStepsUsing?: (trx: Kysely<Database>, orgId: string, id: string) => Promise<{ id: string; name: string }[]>;
}) {
  const { db, clock, box } = deps;

  /** Checked when saved, and again on every connection (a DNS answer can change later). */
  async function checkUrl(raw: string, field = 'url'): Promise<string> {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw bad([{ field, message: 'must be an absolute http(s) URL, e.g. https://hooks.slack.com/services/T000/B000/XXXX' }]);
    }
    const problems: FieldProblem[] = [];
    if (u.protocol !== 'https:' && u.protocol !== 'http:') problems.push({ field, message: `must use https or http, not ${u.protocol.replace(':', '')}` });
    if (u.username || u.password) problems.push({ field, message: 'must not carry a user name or password; send credentials in headers' });
    if (raw.length > URL_MAX) problems.push({ field, message: `must be at most ${URL_MAX} characters` });
    // This instance itself, private addresses allowed or not: a loop (docs/adr/0715).
    const own = ownOriginProblem(u, deps.publicUrl);
    if (own) problems.push({ field, message: own });
    if (problems.length) throw bad(problems);
    try {
      checkLiteral(u, deps.allowPrivate);
      if (literalHost(u) === undefined) await checkedAddresses(deps.lookup, u.hostname, deps.allowPrivate);
    } catch (err) {
      if (err instanceof BlockedAddressError) throw bad([{ field, message: err.message }]);
      const code = (err as { code?: string }).code;
      if (code === 'ENOTFOUND') throw bad([{ field, message: `the host ${u.hostname} does not resolve; check the URL` }]);
      // A resolver that is briefly unreachable does not stop the save: every delivery checks again.
    }
    return raw;
  }

  /** Where a destination posts: a checked URL, or (`slack_app`) a channel of the organization's Slack app. */
  async function checkTarget(orgId: string, input: { kind: WebhookKind; url?: string | undefined; channel_id?: string | undefined; headers?: Record<string, string> | undefined }) {
    if (input.kind === 'slack_app') {
      const problems: FieldProblem[] = [];
      if (input.url !== undefined) problems.push({ field: 'url', message: 'a slack_app destination names channel_id, not a URL' });
      if (input.headers && Object.keys(input.headers).length) problems.push({ field: 'headers', message: 'a slack_app destination posts through the Slack Web API and takes no custom headers' });
      if (input.channel_id === undefined || !SLACK_CHANNEL.test(input.channel_id)) problems.push({ field: 'channel_id', message: 'must be a Slack channel id such as C0123ABCD (in Slack: the channel\'s details, at the bottom)' });
      if (problems.length) throw bad(problems);
      if (deps.slackConnected && !(await deps.slackConnected(orgId))) {
        throw conflict('This organization has not connected a Slack app; connect it first (PUT /api/chat/slack), then add its channels.');
      }
      return { url: '', hint: `slack channel ${input.channel_id}`, channelId: input.channel_id! };
    }
    if (input.channel_id !== undefined) throw bad([{ field: 'channel_id', message: 'only a slack_app destination names a channel' }]);
    if (input.url === undefined) throw bad([{ field: 'url', message: 'is required' }]);
    const url = await checkUrl(input.url);
    return { url, hint: maskUrl(url), channelId: null };
  }

  function checkHeaders(headers: Record<string, string>): FieldProblem[] {
    const problems: FieldProblem[] = [];
    const names = Object.keys(headers);
    if (names.length > MAX_HEADERS) problems.push({ field: 'headers', message: `at most ${MAX_HEADERS} headers` });
    const seen = new Set<string>();
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (!HEADER_NAME.test(name)) problems.push({ field: `headers.${name}`, message: 'is not a valid header name (letters, digits and !#$%&\'*+.^_`|~-)' });
      else if (RESERVED_HEADERS.has(lower)) problems.push({ field: `headers.${name}`, message: 'is set by Klaxon and cannot be replaced' });
      else if (seen.has(lower)) problems.push({ field: `headers.${name}`, message: 'is given twice (header names ignore case)' });
      seen.add(lower);
      if (typeof value !== 'string' || /[\r\n\0]/.test(value) || value.length > 4096) problems.push({ field: `headers.${name}`, message: 'must be text of at most 4096 characters without line breaks' });
    }
    return problems;
  }

  /** A template for a kind: `custom` requires one, `native` takes none, chat kinds have defaults. */
  function checkTemplate(kind: WebhookKind, template: unknown, required: boolean): string | null {
    if (template === undefined || template === null) {
      if (kind === 'custom' && required) throw bad([{ field: 'template', message: 'is required for a custom destination: {"version": 1, "body": …}' }]);
      return null;
    }
    if (kind === 'native') throw bad([{ field: 'template', message: 'a native destination sends fixed Klaxon JSON and takes no template; use kind custom to shape the body' }]);
    if (kind === 'slack_app') throw bad([{ field: 'template', message: 'a slack_app destination posts Klaxon\'s alert message with its buttons and takes no template' }]);
    const c = compileTemplate(template);
    if (!c.ok) throw bad(c.problems);
    return JSON.stringify(template);
  }

  function checkEvents(events: string[]): string {
    const problems: FieldProblem[] = [];
    if (!events.length) problems.push({ field: 'events', message: `name at least one event kind: ${EVENT_KINDS.join(', ')}` });
    events.forEach((e, i) => {
      if (!(EVENT_KINDS as readonly string[]).includes(e)) problems.push({ field: `events[${i}]`, message: `"${e}" is not an event kind (${EVENT_KINDS.join(', ')})` });
    });
    if (problems.length) throw bad(problems);
    return JSON.stringify([...new Set(events)]);
  }

  async function checkServices(trx: Kysely<Database>, orgId: string, ids: string[]): Promise<string> {
    const unique = [...new Set(ids)];
    if (unique.length) {
      const found = new Set((await trx.selectFrom('services').select('id').where('org_id', '=', orgId).where('id', 'in', unique).execute()).map((r) => r.id));
      const missing = unique.filter((id) => !found.has(id)).map((id) => ({ field: 'service_ids', message: `service "${id}" does not exist in this organization` }));
      if (missing.length) throw new AppError('not_found', missing.map((p) => `${p.field}: ${p.message}`).join('; '), { details: missing });
    }
    return JSON.stringify(unique);
  }

  async function load(trx: Kysely<Database>, orgId: string, id: string) {
    const row = await repo.findDestination(trx, orgId, id);
    if (!row) throw notFound('Webhook', id);
    return row;
  }

  const sealHeaders = (headers: Record<string, string> | undefined | null) =>
    headers && Object.keys(headers).length ? { headers_sealed: box.seal(JSON.stringify(headers)), header_names: JSON.stringify(Object.keys(headers)) } : { headers_sealed: null, header_names: '[]' };

  const refreshed = () => deps.subscriptionsChanged().catch(() => undefined);

  async function deliveryPage(destinationId: string, state: string | undefined, limit: number, cursor: string | undefined) {
    const scope = filteredScope(destinationId, { state });
    const before = decodeCursor(cursor, scope, idPosition('msg'));
    const rows = await repo.listDeliveries(db, destinationId, { beforeId: before, state, limit: limit + 1 });
    const { rows: page, nextCursor } = pageOf(rows, limit, scope, (last) => last.id);
    const attempts = await repo.attemptsOf(db, page.map((r) => r.id));
    return { items: page.map((r) => rowToDelivery(r, attempts)), nextCursor };
  }

  return {
    async list(orgId: string, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, orgId, idPosition('whk'));
      const rows = await repo.listDestinations(db, orgId, after, limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, limit, orgId, (last) => last.id);
      const now = clock.now().toISOString();
      return { items: page.map((r) => rowToWebhook(r, now)), nextCursor };
    },

    async get(orgId: string, id: string) {
      return rowToWebhook(await load(db, orgId, id), clock.now().toISOString());
    },

    async create(actor: UserActor, input: WebhookInput, meta: RequestMeta) {
      const name = input.name.trim();
      if (!name) throw bad([{ field: 'name', message: 'must not be empty' }]);
      const events = checkEvents(input.events);
      const template = checkTemplate(input.kind, input.template, true);
      const headerProblems = checkHeaders(input.headers ?? {});
      if (headerProblems.length) throw bad(headerProblems);
      const target = await checkTarget(actor.orgId, input);
      const secret = newSigningSecret();
      const now = clock.now().toISOString();
      const id = newId('whk');
      const view = await db.transaction().execute(async (trx) => {
        if ((await repo.countDestinations(trx, actor.orgId)) >= MAX_DESTINATIONS) {
          throw conflict(`An organization may have at most ${MAX_DESTINATIONS} webhooks; delete one first.`);
        }
        const serviceIds = input.service_ids === undefined ? null : await checkServices(trx, actor.orgId, input.service_ids);
        const row: WebhookDestinationRow = {
          id, org_id: actor.orgId, name, kind: input.kind, url_sealed: box.seal(target.url), url_hint: target.hint, channel_id: target.channelId, ...sealHeaders(input.headers),
          secret_sealed: box.seal(secret), previous_secret_sealed: null, previous_secret_until: null, events, service_ids: serviceIds, template,
          enabled: input.enabled === false ? 0 : 1, disabled_reason: input.enabled === false ? 'disabled when created' : null,
          consecutive_failures: 0, circuit_opens: 0, circuit_open_until: null, last_success_at: null, last_failure_at: null, created_at: now, updated_at: now,
        };
        await repo.insertDestination(trx, row);
        await recordAudit(trx, {
          orgId: actor.orgId, actor, action: 'webhook.create', targetType: 'webhook', targetId: id,
          changes: { name, kind: input.kind, events: JSON.parse(events), service_ids: serviceIds && JSON.parse(serviceIds), header_names: Object.keys(input.headers ?? {}), template: template !== null },
          meta, now,
        });
        return rowToWebhook(row, now);
      });
      await refreshed();
      return { ...view, secret };
    },

    async update(actor: UserActor, id: string, input: WebhookPatchInput, meta: RequestMeta) {
      const now = clock.now().toISOString();
      const current = await load(db, actor.orgId, id);
      if (current.kind === 'slack_app' && input.url !== undefined) throw bad([{ field: 'url', message: 'a slack_app destination names channel_id, not a URL' }]);
      if (current.kind !== 'slack_app' && input.channel_id !== undefined) throw bad([{ field: 'channel_id', message: 'only a slack_app destination names a channel' }]);
      if (current.kind === 'slack_app' && input.headers) throw bad([{ field: 'headers', message: 'a slack_app destination takes no custom headers' }]);
      const url = input.url !== undefined ? await checkUrl(input.url) : undefined;
      const set: Partial<WebhookDestinationRow> = {};
      const changed: Record<string, unknown> = {};
      if (input.name !== undefined) {
        const name = input.name.trim();
        if (!name) throw bad([{ field: 'name', message: 'must not be empty' }]);
        set.name = changed.name = name;
      }
      if (input.events !== undefined) {
        set.events = checkEvents(input.events);
        changed.events = JSON.parse(set.events);
      }
      if (input.template !== undefined) {
        if (input.template === null && current.kind === 'custom') throw bad([{ field: 'template', message: 'a custom destination needs its template' }]);
        set.template = checkTemplate(current.kind, input.template, false);
        changed.template = set.template !== null;
      }
      if (input.headers !== undefined) {
        const problems = checkHeaders(input.headers ?? {});
        if (problems.length) throw bad(problems);
        Object.assign(set, sealHeaders(input.headers));
        changed.header_names = Object.keys(input.headers ?? {});
      }
      if (input.channel_id !== undefined) {
        if (!SLACK_CHANNEL.test(input.channel_id)) throw bad([{ field: 'channel_id', message: 'must be a Slack channel id such as C0123ABCD' }]);
        set.channel_id = input.channel_id;
        set.url_hint = changed.channel_id = `slack channel ${input.channel_id}`;
      }
      if (url !== undefined) {
        set.url_sealed = box.seal(url);
        set.url_hint = maskUrl(url);
        changed.url = set.url_hint;
      }
      if (input.enabled === true && current.enabled !== 1) {
        Object.assign(set, { enabled: 1, disabled_reason: null, consecutive_failures: 0, circuit_opens: 0, circuit_open_until: null });
        changed.enabled = true;
      } else if (input.enabled === false && current.enabled === 1) {
        Object.assign(set, { enabled: 0, disabled_reason: `disabled by ${actor.id} at ${now}` });
        changed.enabled = false;
      }
      const view = await db.transaction().execute(async (trx) => {
        const row = await load(trx, actor.orgId, id);
        if (input.service_ids !== undefined) {
          set.service_ids = input.service_ids === null ? null : await checkServices(trx, actor.orgId, input.service_ids);
          changed.service_ids = set.service_ids && JSON.parse(set.service_ids);
        }
        await repo.updateDestination(trx, id, { ...set, updated_at: now });
        if (changed.enabled === false) await repo.failPending(trx, id, 'destination disabled', now);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: changed.enabled === false ? 'webhook.disable' : 'webhook.update', targetType: 'webhook', targetId: id, changes: changed, meta, now });
        return rowToWebhook({ ...row, ...set, updated_at: now }, now);
      });
      await refreshed();
      deps.nudge();
      return view;
    },

    async remove(actor: UserActor, id: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        // Locked first: chat steps being pointed at it wait for this delete, or are seen below.
        const row = await repo.lockDestination(trx, actor.orgId, id, deps.dialect ?? 'sqlite');
        if (!row) throw notFound('Webhook', id);
        const schedules = (await deps.chatStepsUsing?.(trx, actor.orgId, id)) ?? [];
        if (schedules.length) {
          throw new AppError(
            'conflict',
            `The webhook is used by chat steps of schedule(s) ${schedules.map((s) => `"${s.name}" (${s.id})`).join(', ')}; change their level channels (PUT /api/schedules/{id}/level-channels) first, or disable the webhook instead.`,
            { details: schedules.map((s) => ({ field: `schedules.${s.id}`, message: `schedule "${s.name}" has a chat step posting to this webhook` })) },
          );
        }
        await repo.deleteDestination(trx, id);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'webhook.delete', targetType: 'webhook', targetId: id, changes: { name: row.name, kind: row.kind }, meta, now });
      });
      await refreshed();
      return { ok: true as const };
    },

    /** A new signing secret now; the previous one signs beside it for 24 hours. */
    async rotateSecret(actor: UserActor, id: string, meta: RequestMeta) {
      const now = clock.now();
      const until = new Date(now.getTime() + SECRET_OVERLAP_MS).toISOString();
      const secret = newSigningSecret();
      await db.transaction().execute(async (trx) => {
        const row = await load(trx, actor.orgId, id);
        await repo.updateDestination(trx, id, { secret_sealed: box.seal(secret), previous_secret_sealed: row.secret_sealed, previous_secret_until: until, updated_at: now.toISOString() });
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'webhook.rotate_secret', targetType: 'webhook', targetId: id, changes: { previous_secret_expires_at: until }, meta, now: now.toISOString() });
      });
      return { id, secret, previous_secret_expires_at: until };
    },

    /** Sends a sample event now, once (no retries), and answers with what happened. */
    async test(actor: UserActor, id: string, event: string | undefined, meta: RequestMeta) {
      const kind = event ?? 'alert.triggered';
      if (!(EVENT_KINDS as readonly string[]).includes(kind)) throw bad([{ field: 'event', message: `must be an event kind: ${EVENT_KINDS.join(', ')}` }]);
      const now = clock.now();
      const nowIso = now.toISOString();
      const owner = `test:${newId('req')}`;
      const deliveryId = newId('msg');
      await db.transaction().execute(async (trx) => {
        const row = await load(trx, actor.orgId, id);
        if (row.enabled !== 1) throw conflict('This webhook is disabled; enable it (PATCH {"enabled": true}) before sending a test.');
        await repo.insertDeliveries(trx, [{
          id: deliveryId, org_id: actor.orgId, destination_id: id, event_id: null, event_kind: kind, alert_id: null, seq: 0,
          snapshot: JSON.stringify(sampleSnapshot(kind, nowIso)), body: null, state: 'pending', attempts: 0, next_attempt_at: nowIso,
          lease_owner: owner, lease_until: new Date(now.getTime() + 60_000).toISOString(), last_status: null, last_error: null, is_test: 1,
          created_at: nowIso, updated_at: nowIso, finished_at: null,
        }]);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'webhook.test', targetType: 'webhook', targetId: id, changes: { event: kind, delivery_id: deliveryId }, meta, now: nowIso });
      });
      const leased = (await repo.findDeliveryById(db, deliveryId))!;
      // The circuit breaker does not hold back a test: it is the way to see whether the receiver is back.
      await deps.sender.attempt(leased, owner, { ignoreCircuit: true });
      const done = (await repo.findDeliveryById(db, deliveryId))!;
      return rowToDelivery(done, await repo.attemptsOf(db, [deliveryId]));
    },

    async deliveries(orgId: string, id: string, q: { state?: string | undefined; limit: number; cursor?: string | undefined }) {
      await load(db, orgId, id);
      return deliveryPage(id, q.state, q.limit, q.cursor);
    },

    /** Sends a delivery again with the same webhook-id and body, on a fresh retry schedule. */
    async redeliver(actor: UserActor, id: string, deliveryId: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const dest = await load(trx, actor.orgId, id);
        const d = await repo.findDelivery(trx, id, deliveryId);
        if (!d) throw notFound('Delivery', deliveryId);
        if (dest.enabled !== 1) throw conflict('This webhook is disabled; enable it (PATCH {"enabled": true}) before redelivering.');
        await trx
          .updateTable('webhook_deliveries')
          .set({ state: 'pending', attempts: 0, next_attempt_at: now, lease_owner: null, lease_until: null, finished_at: null, updated_at: now })
          .where('id', '=', deliveryId)
          .execute();
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'webhook.redeliver', targetType: 'webhook', targetId: id, changes: { delivery_id: deliveryId }, meta, now });
        return (await repo.findDelivery(trx, id, deliveryId))!;
      });
      deps.nudge();
      return rowToDelivery(row, await repo.attemptsOf(db, [deliveryId]));
    },

    /** Renders a template (or a kind's default) for an event of a real alert or a sample; stores nothing. */
    async preview(actor: UserActor, input: PreviewInput) {
      const kind = input.event ?? 'alert.triggered';
      if (!(EVENT_KINDS as readonly string[]).includes(kind)) throw bad([{ field: 'event', message: `must be an event kind: ${EVENT_KINDS.join(', ')}` }]);
      const template = checkTemplate(input.kind, input.template, true);
      const now = clock.now().toISOString();
      let snapshot: DeliverySnapshot;
      if (input.alert_id !== undefined) {
        const row = await repo.contextRow(db, input.alert_id);
        if (!row || row.org_id !== actor.orgId) throw notFound('Alert', input.alert_id);
        snapshot = snapshotOf({ id: 0, orgId: actor.orgId, type: kind, alertId: row.id, payload: {}, attempts: 0, createdAt: now }, row);
        snapshot.event.sequence = null;
      } else snapshot = sampleSnapshot(kind, now);
      const r = renderFor({ kind: input.kind, template }, snapshot, deps.publicUrl);
      if (!r.ok) throw bad([{ field: 'template', message: r.reason }]);
      // What the provider would refuse or cut, though the template is valid (docs/adr/0464).
      return { body: r.value, warnings: providerWarnings(input.kind, r.value) };
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
