import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { TokenBuckets } from '../../lib/token-bucket.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { AlertService, NormalizedSignal, Signal } from '../alert/index.ts';
import { normalizeSignal } from '../alert/index.ts';
import type { ApiKeyRow, ApiKeyService } from '../api-key/index.ts';
import { type IngestTarget, type IntegrationService, type IntegrationType, routeByAttributes } from '../integration/index.ts';
import { orgRepository } from '../org/index.ts';
import { serviceRepository } from '../service/index.ts';
import type { Committer } from './committer.ts';
import { isStoreUnavailable, storeUnavailableError } from './committer.ts';
import type { IngestUnit, ResponseKind, UnitOutcome } from './ingest.ts';
import { parseNativeSignal } from './native.ts';

/** A vendor payload turned into signals, each with the attributes routing rules match on. */
export interface ParsedItem {
  signal: Signal;
  attributes: Record<string, unknown>;
}
/** Parses one vendor's payload (issue: sources). Throws AppError('invalid_request') on a bad one. */
export type SourceAdapter = (body: unknown, target: IngestTarget) => ParsedItem[] | Promise<ParsedItem[]>;

export interface IngestReply {
  status: number;
  body: unknown;
  receiptId: string;
  buffered: boolean;
  replayed: boolean;
}

const IDEMPOTENCY_KEY_MAX = 255;
const KEY_CACHE_TTL_MS = 5_000;

export function createIngestService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  committer: Pick<Committer, 'submit'>;
  integrations: Pick<IntegrationService, 'resolve'>;
  apiKeys: Pick<ApiKeyService, 'authenticate'>;
  alerts: Pick<AlertService, 'ack' | 'resolve'>;
  adapters: Partial<Record<IntegrationType, SourceAdapter>>;
  /** Optional edge spool: takes a unit the store could not (issue: durable ingest). */
  spool?: { accept(unit: IngestUnit): Promise<UnitOutcome> } | undefined;
}) {
  const { db, clock } = deps;
  const buckets = new TokenBuckets();
  const keyCache = new Map<string, { key: ApiKeyRow | undefined; rate: number; until: number }>();
  const serviceOrgCache = new Map<string, { orgId: string | undefined; until: number }>();

  function rateLimit(credentialId: string, perMinute: number, n = 1) {
    const wait = buckets.take(credentialId, perMinute, clock.now().getTime(), n);
    if (wait > 0) {
      throw new AppError('rate_limited', `Rate limit of ${perMinute} signals a minute for this credential reached; retry after ${wait} s.`, {
        retryAfterSeconds: wait,
      });
    }
  }

  function checkIdempotencyKey(key: string | undefined): string | null {
    if (key === undefined) return null;
    if (!key || key.length > IDEMPOTENCY_KEY_MAX) {
      throw new AppError('invalid_request', `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters.`, {
        details: [{ field: 'Idempotency-Key', message: `must be 1 to ${IDEMPOTENCY_KEY_MAX} characters` }],
      });
    }
    return key;
  }

  async function commit(unit: IngestUnit): Promise<IngestReply> {
    let outcome: UnitOutcome;
    try {
      outcome = await deps.committer.submit(unit);
    } catch (err) {
      if (!isStoreUnavailable(err)) throw err;
      if (!deps.spool) throw storeUnavailableError();
      outcome = await deps.spool.accept(unit);
    }
    const body = outcome.body as Record<string, unknown>;
    return {
      status: outcome.status,
      body,
      receiptId: typeof body?.receipt_id === 'string' ? body.receipt_id : unit.receiptId,
      buffered: outcome.buffered === true,
      replayed: outcome.replayed,
    };
  }

  async function resolveIngestKey(bearer: string | undefined): Promise<{ key: ApiKeyRow; rate: number }> {
    if (!bearer) throw unauthorized('Send Authorization: Bearer <alert-ingest key> (kxi_…).');
    const hash = hashSecret(bearer);
    const nowMs = clock.now().getTime();
    let entry = keyCache.get(hash);
    if (!entry || entry.until <= nowMs) {
      const key = bearer.startsWith('kxi_') || bearer.startsWith('kxp_') ? await deps.apiKeys.authenticate(bearer) : undefined;
      const org = key ? await orgRepository.findOrg(db, key.org_id) : undefined;
      if (keyCache.size > 10_000) keyCache.delete(keyCache.keys().next().value!);
      entry = { key, rate: org?.ingest_rate_per_minute ?? 1200, until: nowMs + KEY_CACHE_TTL_MS };
      keyCache.set(hash, entry);
    }
    if (!entry.key) throw unauthorized('The API key is not valid or has been revoked.');
    if (entry.key.kind !== 'alert_ingest') {
      throw forbidden('This endpoint takes an alert-ingest key (kxi_); a full-product key works on /api routes.');
    }
    return { key: entry.key, rate: entry.rate };
  }

  async function serviceInOrg(serviceId: string, orgId: string): Promise<boolean> {
    const nowMs = clock.now().getTime();
    let entry = serviceOrgCache.get(serviceId);
    if (!entry || entry.until <= nowMs) {
      const row = await serviceRepository.findServiceById(db, serviceId);
      if (serviceOrgCache.size > 10_000) serviceOrgCache.delete(serviceOrgCache.keys().next().value!);
      entry = { orgId: row?.org_id, until: nowMs + KEY_CACHE_TTL_MS };
      serviceOrgCache.set(serviceId, entry);
    }
    return entry.orgId === orgId;
  }

  const keyActor = (key: ApiKeyRow): Actor => ({ type: 'api_key', id: key.id, orgId: key.org_id });
  const keyScope = (key: ApiKeyRow): string[] | null => (key.service_ids ? (JSON.parse(key.service_ids) as string[]) : null);

  function unitFor(target: IngestTarget, signals: { serviceId: string; signal: NormalizedSignal }[], response: ResponseKind, idempotencyKey: string | null): IngestUnit {
    return {
      receiptId: newId('rcp'),
      orgId: target.orgId,
      credentialId: target.credentialId,
      idempotencyKey,
      actor: { type: 'integration', id: target.integrationId, orgId: target.orgId },
      integrationId: target.integrationId,
      signals,
      response,
      receivedAt: clock.now().toISOString(),
    };
  }

  return {
    /** Looks up the source behind an ingest URL token, routing key or email address. */
    async target(secret: string, allowed?: readonly IntegrationType[]): Promise<IngestTarget> {
      const target = secret ? await deps.integrations.resolve(secret) : undefined;
      if (!target || (allowed && !allowed.includes(target.type))) {
        throw unauthorized('This ingest credential is not valid, or was rotated or revoked; copy the current one from the source.');
      }
      return target;
    },

    /** Applies already-normalized signals for a source (vendor parsers, Events v2, email). */
    async submit(target: IngestTarget, signals: { serviceId: string; signal: NormalizedSignal }[], response: ResponseKind, idempotencyKey?: string) {
      rateLimit(target.credentialId, target.ratePerMinute, Math.max(1, signals.length));
      return commit(unitFor(target, signals, response, checkIdempotencyKey(idempotencyKey)));
    },

    /** POST /v1/ingest/{token}: native JSON for webhook sources, vendor payloads for the rest. */
    async ingestByToken(token: string, body: unknown, idempotencyKey?: string): Promise<IngestReply> {
      const target = await this.target(token, ['webhook', 'datadog', 'grafana', 'alertmanager', 'custom']);
      const idem = checkIdempotencyKey(idempotencyKey);
      if (target.type === 'webhook') {
        const { signal } = parseNativeSignal(body, { serviceIdAllowed: false });
        rateLimit(target.credentialId, target.ratePerMinute);
        return commit(unitFor(target, [{ serviceId: target.serviceId!, signal }], 'native', idem));
      }
      const adapter = deps.adapters[target.type];
      if (!adapter) throw new AppError('invalid_request', `Sources of type "${target.type}" are not accepted at this URL.`);
      const items = (await adapter(body, target)).map((item) => ({
        serviceId: routeByAttributes(target, item.attributes),
        signal: normalizeSignal(item.signal),
      }));
      rateLimit(target.credentialId, target.ratePerMinute, Math.max(1, items.length));
      return commit(unitFor(target, items, 'vendor_batch', idem));
    },

    /** POST /v1/alerts with an alert-ingest key; the body names the service. */
    async ingestWithKey(bearer: string | undefined, body: unknown, idempotencyKey?: string): Promise<IngestReply> {
      const { key, rate } = await resolveIngestKey(bearer);
      const idem = checkIdempotencyKey(idempotencyKey);
      const { signal, serviceId } = parseNativeSignal(body, { serviceIdAllowed: true });
      const scope = keyScope(key);
      if (!(await serviceInOrg(serviceId!, key.org_id)) || (scope && !scope.includes(serviceId!))) {
        throw notFound('Service', serviceId);
      }
      rateLimit(key.id, rate);
      return commit({
        receiptId: newId('rcp'),
        orgId: key.org_id,
        credentialId: key.id,
        idempotencyKey: idem,
        actor: keyActor(key),
        integrationId: null,
        signals: [{ serviceId: serviceId!, signal }],
        response: 'native',
        receivedAt: clock.now().toISOString(),
      });
    },

    /** PUT /v1/alerts/{id}/ack|resolve with an alert-ingest key. */
    async changeWithKey(bearer: string | undefined, alertId: string, op: 'ack' | 'resolve') {
      const { key, rate } = await resolveIngestKey(bearer);
      rateLimit(key.id, rate);
      const r = await deps.alerts[op](keyActor(key), key.org_id, alertId, keyScope(key));
      return { ok: true as const, alert_id: r.alertId!, status: r.status!, changed: r.changed };
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
