import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { DEFAULT_TEMPLATES } from './webhook.defaults.ts';
import type { PostResult, WebhookHttp } from './webhook.ssrf.ts';
import * as repo from './webhook.repository.ts';
import { type DeliverySnapshot, nativeBody, templateContext } from './webhook.snapshot.ts';
import type { WebhookDeliveryRow, WebhookDestinationRow } from './webhook.table.ts';
import { type CompiledTemplate, RENDER_MAX_BYTES, type RenderResult, compileTemplate, renderTemplate } from './webhook.template.ts';
import { CIRCUIT_FAILURES, ORIGIN_HEADER, WEBHOOK_USER_AGENT, type WebhookKind, circuitOpenMs, classifyResponse, nextWaitMs, publicOrigin, retryAfterMs, signatureOf } from './webhook.ts';

/** Compiled templates by their stored text: a destination's template is compiled once, not per delivery. */
const compiledCache = new Map<string, CompiledTemplate | undefined>();
function compiledOf(text: string): CompiledTemplate | undefined {
  if (!compiledCache.has(text)) {
    if (compiledCache.size > 500) compiledCache.clear();
    const c = compileTemplate(JSON.parse(text));
    compiledCache.set(text, c.ok ? c.template : undefined);
  }
  return compiledCache.get(text);
}

/** The body a destination sends for a snapshot: native JSON, its template, or its kind's default. */
export function renderFor(dest: Pick<WebhookDestinationRow, 'kind' | 'template'>, snapshot: DeliverySnapshot, publicUrl: string): RenderResult {
  if (dest.kind === 'native') {
    const value = nativeBody(snapshot, publicUrl);
    const json = JSON.stringify(value);
    return Buffer.byteLength(json) > RENDER_MAX_BYTES ? { ok: false, reason: `the rendered body is larger than ${RENDER_MAX_BYTES} bytes` } : { ok: true, value, json };
  }
  // slack_app: its preview is the Slack default (its deliveries are the Slack module's message).
  const compiled = dest.template ? compiledOf(dest.template) : dest.kind === 'custom' ? undefined : DEFAULT_TEMPLATES[(dest.kind === 'slack_app' ? 'slack' : dest.kind) as 'slack'];
  if (!compiled) return { ok: false, reason: 'the destination has no usable template' };
  return renderTemplate(compiled, templateContext(snapshot, publicUrl));
}

/** Standard Webhooks headers for `custom` and `native` (chat providers take no signature). */
export function signedHeaders(kind: WebhookKind, secrets: string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  if (kind !== 'custom' && kind !== 'native') return {};
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signatureOf(s, id, timestampSeconds, body)).join(' '),
  };
}

export type AttemptOutcome = 'delivered' | 'retry' | 'gone' | 'failed' | 'skipped';

/**
 * What an app destination's send (`slack_app`, PRODUCT.md 12) answered: delivered, or why not.
 * `gone` disables the destination with the error as its reason, as a 410 does a URL's.
 */
export interface AppDeliveryResult {
  outcome: 'delivered' | 'retry' | 'gone' | 'failed';
  error?: string;
  status?: number;
  retryAfterMs?: number;
  body?: string;
  durationMs: number;
}
/** Sends one delivery of an app destination (the Slack module's): outside any transaction. */
export type AppDelivery = (dest: WebhookDestinationRow, row: WebhookDeliveryRow) => Promise<AppDeliveryResult>;

export interface WebhookSenderDeps {
  /** `slack_app` destinations post through the organization's Slack app. */
  slackApp?: AppDelivery;
  db: Kysely<Database>;
  clock: Clock;
  box: SecretBox;
  http: WebhookHttp;
  publicUrl: string;
  random?: () => number;
}

/**
 * One attempt of one leased delivery (docs/adr/0461-webhook-delivery.md): render once, sign, post
 * outside any transaction, then record the attempt, the delivery's next state and the
 * destination's health in one transaction fenced by the lease.
 */
export function createWebhookSender(deps: WebhookSenderDeps) {
  const { db, clock, box } = deps;
  const random = deps.random ?? Math.random;

  async function finish(
    row: WebhookDeliveryRow,
    owner: string,
    o: { outcome: string; state: WebhookDeliveryRow['state']; body?: string | null; result?: PostResult; requestHeaders?: Record<string, string>; error?: string; nextAt?: string | null; dest?: WebhookDestinationRow; success?: boolean; gone?: string },
  ) {
    const now = clock.now();
    const nowIso = now.toISOString();
    await db.transaction().execute(async (trx) => {
      const set = {
        state: o.state,
        attempts: row.attempts + (o.result ? 1 : 0),
        next_attempt_at: o.state === 'pending' ? (o.nextAt ?? nowIso) : null,
        lease_owner: null,
        lease_until: null,
        last_status: o.result?.status ?? null,
        last_error: o.error ?? null,
        updated_at: nowIso,
        finished_at: o.state === 'pending' ? null : nowIso,
        ...(o.body !== undefined && row.body === null ? { body: o.body } : {}),
      };
      const r = await trx.updateTable('webhook_deliveries').set(set).where('id', '=', row.id).where('lease_owner', '=', owner).executeTakeFirst();
      // The lease was lost (it expired and another worker took the delivery): that worker records it.
      if (Number(r.numUpdatedRows) === 0) return;
      if (o.result || o.outcome === 'template' || o.outcome === 'disabled') {
        await trx
          .insertInto('webhook_attempts')
          .values({
            id: newId('wat'),
            delivery_id: row.id,
            attempted_at: nowIso,
            duration_ms: o.result?.durationMs ?? 0,
            request_headers: JSON.stringify(o.requestHeaders ?? {}),
            response_status: o.result?.status ?? null,
            response_head: o.result?.bodyHead ?? '',
            outcome: o.outcome,
            error: o.error ?? null,
          })
          .execute();
      }
      if (o.dest && o.result) {
        if (o.success) {
          await repo.updateDestination(trx, o.dest.id, { consecutive_failures: 0, circuit_opens: 0, circuit_open_until: null, last_success_at: nowIso });
        } else {
          const failures = o.dest.consecutive_failures + 1;
          const open = failures >= CIRCUIT_FAILURES;
          await repo.updateDestination(trx, o.dest.id, {
            consecutive_failures: failures,
            last_failure_at: nowIso,
            ...(open ? { circuit_open_until: new Date(now.getTime() + circuitOpenMs(o.dest.circuit_opens)).toISOString(), circuit_opens: o.dest.circuit_opens + 1 } : {}),
          });
        }
      }
      if (o.dest && o.gone) {
        await repo.updateDestination(trx, o.dest.id, { enabled: 0, disabled_reason: o.gone, updated_at: nowIso });
        await repo.failPending(trx, o.dest.id, `destination disabled: ${o.gone}`, nowIso);
      }
    });
  }

  /** Gives a leased delivery back untouched (its destination's circuit is open): no attempt is counted. */
  async function release(row: WebhookDeliveryRow, owner: string, at: string) {
    await db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: null, lease_until: null, next_attempt_at: at > (row.next_attempt_at ?? '') ? at : row.next_attempt_at })
      .where('id', '=', row.id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  return {
    release,
    async attempt(row: WebhookDeliveryRow, owner: string, opts: { ignoreCircuit?: boolean } = {}): Promise<AttemptOutcome> {
      const now = clock.now();
      const dest = await repo.findDestinationById(db, row.destination_id);
      if (!dest || dest.enabled !== 1) {
        await finish(row, owner, { outcome: 'disabled', state: 'failed', error: dest ? `destination disabled${dest.disabled_reason ? `: ${dest.disabled_reason}` : ''}` : 'destination deleted' });
        return 'failed';
      }
      if (!opts.ignoreCircuit && dest.circuit_open_until && dest.circuit_open_until > now.toISOString()) {
        await release(row, owner, dest.circuit_open_until);
        return 'skipped';
      }
      if (dest.kind === 'slack_app') return appAttempt(row, owner, dest);
      let body = row.body;
      if (body === null) {
        const rendered = renderFor(dest, JSON.parse(row.snapshot) as DeliverySnapshot, deps.publicUrl);
        if (!rendered.ok) {
          // Never sent: a receiver gets a body or nothing, not our error text.
          await finish(row, owner, { outcome: 'template', state: 'failed', error: `template: ${rendered.reason}` });
          return 'failed';
        }
        body = rendered.json;
      }
      const secrets = [box.open(dest.secret_sealed)];
      if (dest.previous_secret_sealed && dest.previous_secret_until && dest.previous_secret_until > now.toISOString()) secrets.push(box.open(dest.previous_secret_sealed));
      const custom = dest.headers_sealed ? (JSON.parse(box.open(dest.headers_sealed)) as Record<string, string>) : {};
      const headers = {
        ...custom,
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        [ORIGIN_HEADER]: publicOrigin(deps.publicUrl),
        ...signedHeaders(dest.kind, secrets, row.id, Math.floor(now.getTime() / 1000), body),
      };
      const shown = { ...headers, ...Object.fromEntries(Object.keys(custom).map((k) => [k, '[redacted]'])) };
      const result = await deps.http.post(box.open(dest.url_sealed), headers, body);
      const base = { body, result, requestHeaders: shown, dest };
      if (result.status === undefined) {
        const error = result.error?.message ?? 'the request failed';
        return retryOrFail(row, owner, { ...base, outcome: result.error?.class ?? 'error', error }, undefined);
      }
      const verdict = classifyResponse(dest.kind, result.status, result.bodyHead);
      if (verdict === 'delivered') {
        await finish(row, owner, { ...base, outcome: 'delivered', state: 'delivered', success: true });
        return 'delivered';
      }
      if (verdict === 'gone') {
        const reason = `HTTP ${result.status} at ${clock.now().toISOString()}${result.bodyHead ? ` (${result.bodyHead.slice(0, 120)})` : ''}`;
        await finish(row, owner, { ...base, outcome: 'gone', state: 'failed', error: `HTTP ${result.status}: the destination is gone and was disabled`, gone: reason });
        return 'gone';
      }
      return retryOrFail(row, owner, { ...base, outcome: 'retry', error: `HTTP ${result.status}` }, retryAfterMs(result.retryAfter, now.getTime(), result.bodyHead));
    },
  };

  /** One attempt of a `slack_app` delivery: recorded as a URL's is (attempt log, health, disable when gone). */
  async function appAttempt(row: WebhookDeliveryRow, owner: string, dest: WebhookDestinationRow): Promise<AttemptOutcome> {
    if (!deps.slackApp) {
      await finish(row, owner, { outcome: 'disabled', state: 'failed', error: 'Slack is not available in this process' });
      return 'failed';
    }
    const r = await deps.slackApp(dest, row);
    const result: PostResult = { status: r.status ?? 200, bodyHead: r.outcome === 'delivered' ? '{"ok":true}' : JSON.stringify({ ok: false, error: r.error ?? 'error' }), durationMs: r.durationMs };
    const base = { body: r.body ?? '', result, requestHeaders: {}, dest };
    if (r.outcome === 'delivered') {
      await finish(row, owner, { ...base, outcome: 'delivered', state: 'delivered', success: true });
      return 'delivered';
    }
    const error = `Slack: ${r.error ?? 'error'}`;
    if (r.outcome === 'gone') {
      await finish(row, owner, { ...base, outcome: 'gone', state: 'failed', error: `${error}: the channel or the app is gone and the destination was disabled`, gone: `${error} at ${clock.now().toISOString()}` });
      return 'gone';
    }
    if (r.outcome === 'failed') {
      await finish(row, owner, { ...base, outcome: 'failed', state: 'failed', error });
      return 'failed';
    }
    return retryOrFail(row, owner, { ...base, outcome: 'retry', error }, r.retryAfterMs);
  }

  async function retryOrFail(
    row: WebhookDeliveryRow,
    owner: string,
    o: { body: string; result: PostResult; requestHeaders: Record<string, string>; dest: WebhookDestinationRow; outcome: string; error: string },
    retryAfter: number | undefined,
  ): Promise<AttemptOutcome> {
    const wait = row.is_test ? undefined : nextWaitMs(row.attempts + 1, retryAfter, random);
    if (wait === undefined) {
      await finish(row, owner, { ...o, state: 'failed', error: row.is_test ? o.error : `${o.error}; gave up after ${row.attempts + 1} attempts` });
      return 'failed';
    }
    await finish(row, owner, { ...o, state: 'pending', nextAt: new Date(clock.now().getTime() + wait).toISOString() });
    return 'retry';
  }
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
