import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { type Clock, isoCached } from '../../lib/clock.ts';
import { AppError, forbidden, isForeignKeyViolation, notFound, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { TokenBuckets } from '../../lib/token-bucket.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { SNAPSHOT_MAX_ENTRIES, staleOrSnapshot } from '../../db/unavailable.ts';
import type { AlertOutcome, AlertService, NormalizedSignal, Signal } from '../alert/index.ts';
import { normalizeSignal } from '../alert/index.ts';
import type { ApiKeyRow, ApiKeyService } from '../api-key/index.ts';
import { type IngestTarget, type IntegrationService, type IntegrationType, routeByAttributes } from '../integration/index.ts';
import { orgRepository, urgencyRulesOf, type UrgencyRules } from '../org/index.ts';
import { serviceRepository } from '../service/index.ts';
import type { RequestMeta } from '../audit/index.ts';
import type { Committer } from './committer.ts';
import { isStoreUnavailable, storeUnavailableError } from './committer.ts';
import type { IngestUnit, ResponseKind, UnitOutcome } from './ingest.ts';
import { parseNativeSignal } from './native.ts';

/** The sources an ingest URL (/v1/ingest/{token}) can belong to. */
export const INGEST_URL_TYPES: readonly IntegrationType[] = ['webhook', 'datadog', 'grafana', 'alertmanager', 'custom'];

const CREDENTIAL_GONE = 'This ingest credential is not valid, or was rotated or revoked; copy the current one from the source.';

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
  /** How many signals the request carried, and what a one-signal request's did (metrics). */
  signals: number;
  outcome?: AlertOutcome | undefined;
}

/** Ingest's part of the outage snapshot as plain entries (docs/adr/0511). */
export interface IngestSnapshotEntries {
  keys: [string, { key: ApiKeyRow | undefined; rate: number }][];
  serviceOrgs: [string, string | undefined][];
  urgency: [string, UrgencyRules | undefined][];
}

const IDEMPOTENCY_KEY_MAX = 255;
const overloadedError = () =>
  new AppError('service_unavailable', 'Klaxon is overloaded right now; the signal was not kept. Retry after the indicated delay.', { retryAfterSeconds: 2, shed: true });
const KEY_CACHE_TTL_MS = 5_000;
const DEFAULT_RATE_PER_MINUTE = 1200;

export function createIngestService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  committer: Pick<Committer, 'submit'>;
  integrations: Pick<IntegrationService, 'resolve'>;
  apiKeys: Pick<ApiKeyService, 'authenticate' | 'noteUse' | 'liveIngestKeys'>;
  alerts: Pick<AlertService, 'ack' | 'resolve'>;
  adapters: Partial<Record<IntegrationType, SourceAdapter>>;
  /** Optional edge spool: takes a unit the store could not (issue: durable ingest). */
  spool?: { accept(unit: IngestUnit): Promise<UnitOutcome>; holds(): boolean } | undefined;
  /** Load shedding (issue: backpressure): true when ingest must answer 503 before latency collapses. */
  overloaded?: () => boolean;
}) {
  const { db, clock } = deps;
  const buckets = new TokenBuckets();
  // What the lookups below would answer for every live key, service and organization as of the
  // last refreshSnapshot(): read only when the store is unavailable and a cache has no usable
  // entry (docs/adr/0103-outage-credential-snapshot.md).
  let snapshot = {
    keys: new Map<string, { key: ApiKeyRow | undefined; rate: number }>(),
    serviceOrgs: new Map<string, string | undefined>(),
    urgency: new Map<string, UrgencyRules | undefined>(),
  };
  // Lookups ingest makes per signal, cached briefly (docs/adr/0004) and served stale while the
  // store is down so signals can still be spooled.
  const keyCache = new TtlCache<{ key: ApiKeyRow | undefined; rate: number }>(KEY_CACHE_TTL_MS, staleOrSnapshot(() => snapshot.keys));
  const serviceOrgCache = new TtlCache<string | undefined>(KEY_CACHE_TTL_MS, staleOrSnapshot(() => snapshot.serviceOrgs));
  const urgencyRulesCache = new TtlCache<UrgencyRules | undefined>(KEY_CACHE_TTL_MS, staleOrSnapshot(() => snapshot.urgency));

  /** The organization's default urgency per priority (org settings), cached like credentials. */
  async function urgencyRules(orgId: string): Promise<UrgencyRules | undefined> {
    return urgencyRulesCache.get(orgId, clock.now().getTime(), async () => {
      const org = await orgRepository.findOrg(db, orgId);
      return org ? urgencyRulesOf(org) : undefined;
    });
  }

  /** A signal that gives no urgency takes it from the organization's rules (docs/adr/0320). */
  async function applyUrgencyRules(unit: IngestUnit): Promise<IngestUnit> {
    if (unit.signals.every((s) => s.signal.urgencyGiven)) return unit;
    const rules = await urgencyRules(unit.orgId);
    if (!rules) return unit;
    return {
      ...unit,
      signals: unit.signals.map((s) => (s.signal.urgencyGiven ? s : { ...s, signal: { ...s.signal, urgency: rules[s.signal.priority] } })),
    };
  }

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
    if (deps.overloaded?.()) throw overloadedError();
    unit = await applyUrgencyRules(unit);
    let outcome: UnitOutcome;
    if (deps.spool?.holds()) {
      // Units already wait in the spool: a new one queues behind them, so no signal overtakes an
      // earlier one for the same event key (docs/adr/0100-ingest-spool.md).
      outcome = await deps.spool.accept(unit);
    } else {
      try {
        outcome = await deps.committer.submit(unit);
      } catch (err) {
        // The source's service (or organization) was deleted after its credential was looked up
        // (another process, or this one's cache): the credential is gone, as it will read shortly.
        // A 400 would tell a sender to drop a payload that was never at fault.
        if (isForeignKeyViolation(err)) {
          // A key's unit names its service; the key itself is still good (its service is not found).
          if (unit.integrationId === null) throw notFound('Service', unit.signals[0]?.serviceId);
          throw unauthorized(CREDENTIAL_GONE);
        }
        if (!isStoreUnavailable(err)) throw err;
        if (!deps.spool) throw storeUnavailableError();
        outcome = await deps.spool.accept(unit);
      }
    }
    const body = outcome.body as Record<string, unknown>;
    return {
      status: outcome.status,
      body,
      receiptId: typeof body?.receipt_id === 'string' ? body.receipt_id : unit.receiptId,
      buffered: outcome.buffered === true,
      replayed: outcome.replayed,
      signals: unit.signals.length,
      outcome: outcome.outcome,
    };
  }

  async function resolveIngestKey(bearer: string | undefined): Promise<{ key: ApiKeyRow; rate: number }> {
    if (!bearer) throw unauthorized('Send Authorization: Bearer <alert-ingest key> (kxi_…).');
    const entry = await keyCache.get(hashSecret(bearer), clock.now().getTime(), async () => {
      const key = bearer.startsWith('kxi_') || bearer.startsWith('kxp_') ? await deps.apiKeys.authenticate(bearer) : undefined;
      const org = key ? await orgRepository.findOrg(db, key.org_id) : undefined;
      return { key, rate: org?.ingest_rate_per_minute ?? DEFAULT_RATE_PER_MINUTE };
    });
    if (!entry.key) throw unauthorized('The API key is not valid or has been revoked.');
    if (entry.key.kind !== 'alert_ingest') {
      throw forbidden('This endpoint takes an alert-ingest key (kxi_); a full-product key works on /api routes.');
    }
    // Not awaited: a signal must not wait on (or fail with) a bookkeeping write, least of all while
    // the store is down and signals go to the spool. At most one write a minute per key.
    deps.apiKeys.noteUse(entry.key)?.catch(() => undefined);
    return { key: entry.key, rate: entry.rate };
  }

  async function serviceInOrg(serviceId: string, orgId: string): Promise<boolean> {
    const owner = await serviceOrgCache.get(serviceId, clock.now().getTime(), async () => (await serviceRepository.findServiceById(db, serviceId))?.org_id);
    return owner === orgId;
  }

  const keyActor = (key: ApiKeyRow): Actor => ({ type: 'api_key', id: key.id, orgId: key.org_id, name: key.name });
  const keyScope = (key: ApiKeyRow): string[] | null => (key.service_ids ? (JSON.parse(key.service_ids) as string[]) : null);

  function unitFor(target: IngestTarget, signals: { serviceId: string; signal: NormalizedSignal }[], response: ResponseKind, idempotencyKey: string | null): IngestUnit {
    return {
      receiptId: newId('rcp'),
      orgId: target.orgId,
      credentialId: target.credentialId,
      idempotencyKey,
      actor: { type: 'integration', id: target.integrationId, orgId: target.orgId, name: target.integrationName },
      integrationId: target.integrationId,
      signals,
      response,
      receivedAt: isoCached(clock.now()),
    };
  }

  return {
    /** Forgets cached keys and limits (an organization was deleted or its rate changed). */
    invalidateCaches() {
      keyCache.clear();
      serviceOrgCache.clear();
      urgencyRulesCache.clear();
    },

    /**
     * Reloads the outage snapshot: each entry is what the lookup above would answer for it now. A
     * failed load keeps the previous snapshot (the caller reports the error).
     */
    async refreshSnapshot(): Promise<{ entries: number; truncated: boolean }> {
      const [keys, services, orgs] = await Promise.all([
        deps.apiKeys.liveIngestKeys(SNAPSHOT_MAX_ENTRIES + 1),
        serviceRepository.listServiceOrgs(db, SNAPSHOT_MAX_ENTRIES + 1),
        orgRepository.listIngestSettings(db, SNAPSHOT_MAX_ENTRIES + 1),
      ]);
      const truncated = [keys, services, orgs].some((rows) => rows.length > SNAPSHOT_MAX_ENTRIES);
      const next: typeof snapshot = { keys: new Map(), serviceOrgs: new Map(), urgency: new Map() };
      const rates = new Map<string, number>();
      for (const org of orgs.slice(0, SNAPSHOT_MAX_ENTRIES)) {
        rates.set(org.id, org.ingest_rate_per_minute);
        next.urgency.set(org.id, urgencyRulesOf(org));
      }
      for (const s of services.slice(0, SNAPSHOT_MAX_ENTRIES)) next.serviceOrgs.set(s.id, s.org_id);
      // A key whose organization the organizations query did not return (deleted in between, or
      // past the bound) is left out: unknown, not a guess at its rate.
      for (const key of keys.slice(0, SNAPSHOT_MAX_ENTRIES)) {
        const rate = rates.get(key.org_id);
        if (rate !== undefined) next.keys.set(key.secret_hash, { key, rate });
      }
      snapshot = next;
      return { entries: next.keys.size + next.serviceOrgs.size + next.urgency.size, truncated };
    },

    /** The outage snapshot's entries, to keep in the data folder (docs/adr/0511). */
    exportSnapshot(): IngestSnapshotEntries {
      return { keys: [...snapshot.keys], serviceOrgs: [...snapshot.serviceOrgs], urgency: [...snapshot.urgency] };
    },

    /** Replaces the outage snapshot with one kept in the data folder (start-up, docs/adr/0511). */
    restoreSnapshot(saved: IngestSnapshotEntries): void {
      snapshot = {
        keys: new Map(saved.keys.slice(0, SNAPSHOT_MAX_ENTRIES)),
        serviceOrgs: new Map(saved.serviceOrgs.slice(0, SNAPSHOT_MAX_ENTRIES)),
        urgency: new Map(saved.urgency.slice(0, SNAPSHOT_MAX_ENTRIES)),
      };
    },

    /** Looks up the source behind an ingest URL token, routing key or email address. */
    async target(secret: string, allowed?: readonly IntegrationType[]): Promise<IngestTarget> {
      const target = secret ? await deps.integrations.resolve(secret) : undefined;
      if (!target || (allowed && !allowed.includes(target.type))) {
        throw unauthorized(CREDENTIAL_GONE);
      }
      return target;
    },

    /** Applies already-normalized signals for a source (vendor parsers, Events v2, email). */
    async submit(target: IngestTarget, signals: { serviceId: string; signal: NormalizedSignal }[], response: ResponseKind, idempotencyKey?: string) {
      rateLimit(target.credentialId, target.ratePerMinute, Math.max(1, signals.length));
      return commit(unitFor(target, signals, response, checkIdempotencyKey(idempotencyKey)));
    },

    /**
     * POST /v1/ingest/{token}: native JSON for webhook sources, vendor payloads for the rest.
     * `known` is the token's source when the route already looked it up (before reading the body).
     */
    async ingestByToken(token: string, body: unknown, idempotencyKey?: string, known?: IngestTarget): Promise<IngestReply> {
      const target = known ?? (await this.target(token, INGEST_URL_TYPES));
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
        receivedAt: isoCached(clock.now()),
      });
    },

    /** PUT /v1/alerts/{id}/ack|resolve with an alert-ingest key. */
    async changeWithKey(bearer: string | undefined, alertId: string, op: 'ack' | 'resolve', meta?: RequestMeta) {
      const { key, rate } = await resolveIngestKey(bearer);
      rateLimit(key.id, rate);
      const r = await deps.alerts[op](keyActor(key), key.org_id, alertId, keyScope(key), meta);
      return { ok: true as const, alert_id: r.alertId!, status: r.status!, changed: r.changed };
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
