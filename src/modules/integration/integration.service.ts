import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, idPosition, pageOf } from '../../lib/cursor.ts';
import { AppError, type FieldProblem, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { SNAPSHOT_MAX_ENTRIES, staleOrSnapshot } from '../../db/unavailable.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { type SecretBox, hashSecret, randomHex, randomToken } from '../../lib/secrets.ts';
import { normalizeSignal } from '../alert/index.ts';
import { type RequestMeta, recordAudit } from '../audit/index.ts';
import * as repo from './integration.repository.ts';
import type { CredentialKind, IntegrationCredentialRow, IntegrationRow, IntegrationType } from './integration.table.ts';
import { type IngestTarget, type RoutingRule, credentialKindFor, isDirectType, matchingRule } from './integration.ts';
import { type Mapping, toVendorItems, validateMapping } from './integration.mapping.ts';
import type { MappingSandbox } from './mapping.sandbox.ts';
import { type VendorItem, parseAlertmanager, parseDatadog, parseGrafana } from './integration.vendors.ts';

const CACHE_TTL_MS = 5_000;
/** rotate: the previous credential keeps working this long, then dies (PRODUCT.md 4: within 60 s). */
export const ROTATE_GRACE_MS = 60_000;
/** replace: the previous credential works until revoked or for 24 hours (PRODUCT.md 4). */
export const REPLACE_GRACE_MS = 24 * 60 * 60 * 1000;
/** A disabled source has no credential to show or renew (its credentials died with it). */
const DISABLED = 'This source is disabled and its credentials are revoked; PATCH {"enabled":true} turns it on with a new credential.';

export interface IntegrationInput {
  type: IntegrationType;
  name: string;
  service_id?: string | undefined;
  routing_rules?: RoutingRule[] | undefined;
  fallback_service_id?: string | undefined;
  mapping?: unknown;
}
export interface IntegrationPatchInput {
  name?: string | undefined;
  enabled?: boolean | undefined;
  routing_rules?: RoutingRule[] | undefined;
  fallback_service_id?: string | undefined;
  mapping?: unknown;
  previous_credential?: 'revoked' | undefined;
}
export interface PreviewInput {
  type: IntegrationType;
  payload: unknown;
  routing_rules?: RoutingRule[] | undefined;
  fallback_service_id?: string | undefined;
  mapping?: unknown;
}

/** Parses a vendor payload into items; custom mappings go through the service's `parse` (their sandbox). */
export function parseVendorPayload(type: IntegrationType, body: unknown): VendorItem[] {
  switch (type) {
    case 'alertmanager':
      return parseAlertmanager(body);
    case 'grafana':
      return parseGrafana(body);
    case 'datadog':
      return parseDatadog(body);
    default:
      throw new AppError('invalid_request', `Sources of type "${type}" have no vendor parser.`);
  }
}

const liveAt = (c: IntegrationCredentialRow, nowMs: number) => c.revoked_at === null && (c.expires_at === null || Date.parse(c.expires_at) > nowMs);

export function rowToIntegration(r: IntegrationRow, creds: IntegrationCredentialRow[], nowMs: number) {
  return {
    id: r.id,
    org_id: r.org_id,
    type: r.type,
    name: r.name,
    enabled: r.enabled === 1,
    service_id: r.service_id,
    fallback_service_id: r.fallback_service_id,
    routing_rules: JSON.parse(r.routing_rules) as RoutingRule[],
    mapping: r.mapping ? (JSON.parse(r.mapping) as Record<string, string>) : null,
    credentials: creds
      .filter((c) => c.integration_id === r.id && liveAt(c, nowMs))
      .map((c) => ({ id: c.id, kind: c.kind, current: c.expires_at === null, created_at: c.created_at, expires_at: c.expires_at })),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
export type IntegrationView = ReturnType<typeof rowToIntegration>;


/** What ingest routes by, from a live credential's row: one shape for a lookup and the snapshot. */
const toTarget = (row: repo.LiveCredentialRow): IngestTarget => ({
  credentialId: row.credential_id,
  integrationId: row.integration_id,
  integrationName: row.name,
  orgId: row.org_id,
  type: row.type,
  serviceId: row.service_id,
  fallbackServiceId: row.fallback_service_id,
  routingRules: JSON.parse(row.routing_rules) as RoutingRule[],
  mapping: row.mapping ? JSON.parse(row.mapping) : null,
  ratePerMinute: row.ingest_rate_per_minute,
  expiresAt: row.expires_at,
});

export interface CredentialView {
  ingest_url?: string;
  routing_key?: string;
  email_address?: string;
}

export function createIntegrationService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  box: SecretBox;
  publicUrl: string;
  emailDomain: string;
  /** Where custom mappings are evaluated (docs/adr/0501-custom-mapping-sandbox.md). */
  mappings: Pick<MappingSandbox, 'evaluate'>;
  /** The outage snapshot lost entries to a revocation here (the container keeps its file current). */
  onSnapshotChanged?: () => void;
}) {
  const { db, clock, box } = deps;

  /** A vendor payload as items: a parser, or for a custom source its mapping, in the sandbox. */
  async function parse(type: IntegrationType, body: unknown, source: { orgId: string; mapping: unknown }): Promise<VendorItem[]> {
    if (type !== 'custom') return parseVendorPayload(type, body);
    return toVendorItems(await deps.mappings.evaluate(source.orgId, source.mapping as Mapping, body));
  }

  /**
   * A mapping about to be stored: valid, and within every bound when run without a payload, so an
   * expression that would exhaust them on any signal is refused now, naming its field.
   */
  async function checkMapping(orgId: string, mapping: unknown) {
    await deps.mappings.evaluate(orgId, validateMapping(mapping), {}, { trial: true });
  }
  // Every live credential as of the last refresh, by secret hash. Read only when the store is
  // unavailable and the cache has no usable entry, so a source this process has not seen lately
  // can still be spooled (docs/adr/0103-outage-credential-snapshot.md).
  let snapshot = new Map<string, IngestTarget>();
  // Credential lookups are cached briefly so ingest needs no query per signal; revocation and
  // rotation still take effect within seconds (spec 8.1 allows a minute), and expiry is exact.
  const cache = new TtlCache<IngestTarget | undefined>(CACHE_TTL_MS, staleOrSnapshot<IngestTarget | undefined>(() => snapshot));

  const newSecret = (kind: CredentialKind): string => (kind === 'url_token' ? randomToken(24) : randomHex(16));

  function present(kind: CredentialKind, secret: string): CredentialView {
    if (kind === 'url_token') return { ingest_url: `${deps.publicUrl}/v1/ingest/${secret}` };
    if (kind === 'routing_key') return { routing_key: secret };
    return { email_address: `${secret}@${deps.emailDomain}` };
  }

  /** A new current credential: its id and its secret as the answer shows it. */
  async function newCurrentCredentialTx(trx: Kysely<Database>, integrationId: string, kind: CredentialKind, now: string) {
    const secret = newSecret(kind);
    const id = newId('crd');
    await repo.insertCredential(trx, {
      id,
      integration_id: integrationId,
      kind,
      secret_hash: hashSecret(secret),
      secret_sealed: box.seal(secret),
      created_at: now,
      expires_at: null,
      revoked_at: null,
    });
    return { id, view: present(kind, secret) };
  }
  const issueCredentialTx = async (trx: Kysely<Database>, integrationId: string, kind: CredentialKind, now: string) =>
    (await newCurrentCredentialTx(trx, integrationId, kind, now)).view;

  /**
   * Drops a source's entries from this process's outage snapshot at once, and from its file in the
   * data folder (onSnapshotChanged): a credential revoked here must not be accepted from either if
   * the store goes away, or the process restarts during an outage, before the next refresh. Other
   * processes drop it at their next refresh, within 60 s (docs/adr/0103, 0511).
   */
  function forgetInSnapshot(which: (t: IngestTarget) => boolean) {
    let forgot = false;
    for (const [hash, target] of snapshot) {
      if (which(target)) forgot = snapshot.delete(hash);
    }
    if (forgot) deps.onSnapshotChanged?.();
  }

  /** Rules and fallback name services of the organization (spec 2.4 rule 4); another org's is not found. */
  async function checkServices(trx: Kysely<Database>, orgId: string, refs: { field: string; id: string }[]) {
    const found = await repo.servicesInOrg(trx, orgId, [...new Set(refs.map((r) => r.id))]);
    const missing: FieldProblem[] = refs.filter((r) => !found.has(r.id)).map((r) => ({ field: r.field, message: `service "${r.id}" does not exist in this organization` }));
    if (missing.length) throw new AppError('not_found', missing.map((p) => `${p.field}: ${p.message}`).join('; '), { details: missing });
  }

  const ruleRefs = (rules: RoutingRule[] | undefined) => (rules ?? []).map((r, i) => ({ field: `routing_rules[${i}].service_id`, id: r.service_id }));

  /** Shape rules of PRODUCT.md 4: direct sources bind a service; vendor connections route with a fallback. */
  function checkShape(type: IntegrationType, input: { service_id?: string | undefined; routing_rules?: unknown; fallback_service_id?: string | undefined; mapping?: unknown }, creating: boolean) {
    const problems: FieldProblem[] = [];
    if (isDirectType(type)) {
      if (creating && !input.service_id) problems.push({ field: 'service_id', message: `is required for a source of type ${type} (a direct source is bound to one service)` });
      if (input.routing_rules !== undefined) problems.push({ field: 'routing_rules', message: `only vendor connections route; a source of type ${type} is bound to service_id` });
      if (input.fallback_service_id !== undefined) problems.push({ field: 'fallback_service_id', message: `only vendor connections have a fallback; use service_id` });
    } else {
      if (input.service_id !== undefined) problems.push({ field: 'service_id', message: 'a vendor connection routes by routing_rules; name the default in fallback_service_id' });
      if (creating && !input.fallback_service_id) problems.push({ field: 'fallback_service_id', message: 'is required for a vendor connection (where unmatched alerts go)' });
    }
    if (type === 'custom' && creating && input.mapping === undefined) problems.push({ field: 'mapping', message: 'is required for a custom source' });
    if (type !== 'custom' && input.mapping !== undefined) problems.push({ field: 'mapping', message: 'only custom sources take a mapping' });
    if (problems.length) throw new AppError('invalid_request', problems.map((p) => `${p.field}: ${p.message}`).join('; '), { details: problems });
    if (input.mapping !== undefined) validateMapping(input.mapping);
  }

  async function loadForChange(trx: Kysely<Database>, orgId: string, id: string) {
    const row = await repo.findIntegration(trx, orgId, id);
    if (!row) throw notFound('Integration', id);
    return row;
  }

  /** Starts a new credential; the previous live ones die at `previousUntil` (or earlier, if set so). */
  async function newCredentialTx(trx: Kysely<Database>, row: IntegrationRow, nowMs: number, graceMs: number) {
    const until = new Date(nowMs + graceMs).toISOString();
    for (const c of await repo.unrevokedCredentials(trx, [row.id])) {
      if (!liveAt(c, nowMs)) continue;
      if (c.expires_at === null || Date.parse(c.expires_at) > nowMs + graceMs) await repo.setCredentialExpiry(trx, c.id, until);
    }
    const cred = await issueCredentialTx(trx, row.id, credentialKindFor(row.type), new Date(nowMs).toISOString());
    return { cred, previousExpiresAt: until };
  }

  async function renew(actor: UserActor, id: string, meta: RequestMeta, how: 'rotate' | 'replace') {
    const nowDate = clock.now();
    const now = nowDate.toISOString();
    const result = await db.transaction().execute(async (trx) => {
      const row = await loadForChange(trx, actor.orgId, id);
      if (row.enabled === 0) throw conflict(DISABLED);
      const { cred, previousExpiresAt } = await newCredentialTx(trx, row, nowDate.getTime(), how === 'rotate' ? ROTATE_GRACE_MS : REPLACE_GRACE_MS);
      await recordAudit(trx, { orgId: actor.orgId, actor, action: `integration.${how}`, targetType: 'integration', targetId: id, changes: { previous_expires_at: previousExpiresAt }, meta, now });
      return { id: row.id, type: row.type, name: row.name, enabled: row.enabled === 1, previous_expires_at: previousExpiresAt, ...cred };
    });
    cache.clear();
    return result;
  }

  return {
    present,
    parse,
    issueCredentialTx,
    open: (sealed: string) => box.open(sealed),
    invalidateCache: () => cache.clear(),

    /** The native webhook source every new service gets (spec 2.6). */
    async createDefaultWebhookTx(trx: Kysely<Database>, input: { orgId: string; serviceId: string; now: string }) {
      const id = newId('int');
      await repo.insertIntegration(trx, {
        id,
        org_id: input.orgId,
        type: 'webhook',
        name: 'Default webhook',
        service_id: input.serviceId,
        fallback_service_id: null,
        routing_rules: '[]',
        mapping: null,
        enabled: 1,
        created_at: input.now,
        updated_at: input.now,
      });
      const cred = await issueCredentialTx(trx, id, 'url_token', input.now);
      return { id, type: 'webhook' as IntegrationType, name: 'Default webhook', ingest_url: cred.ingest_url! };
    },

    /** One source, without its secrets; another organization's is 404. */
    async get(orgId: string, id: string) {
      const row = await loadForChange(db, orgId, id);
      return rowToIntegration(row, await repo.unrevokedCredentials(db, [row.id]), clock.now().getTime());
    },

    async list(orgId: string, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, orgId, idPosition('int'));
      const rows = await repo.listIntegrations(db, orgId, after, limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, limit, orgId, (last) => last.id);
      const creds = await repo.unrevokedCredentials(db, page.map((r) => r.id));
      const nowMs = clock.now().getTime();
      return { items: page.map((r) => rowToIntegration(r, creds, nowMs)), nextCursor };
    },

    async create(actor: UserActor, input: IntegrationInput, meta: RequestMeta) {
      checkShape(input.type, input, true);
      if (input.mapping !== undefined) await checkMapping(actor.orgId, input.mapping);
      const now = clock.now().toISOString();
      const direct = isDirectType(input.type);
      const row: IntegrationRow = {
        id: newId('int'),
        org_id: actor.orgId,
        type: input.type,
        name: input.name.trim(),
        service_id: direct ? input.service_id! : null,
        fallback_service_id: direct ? null : input.fallback_service_id!,
        routing_rules: JSON.stringify(direct ? [] : (input.routing_rules ?? []).map((r) => ({ attribute: r.attribute, value: r.value, service_id: r.service_id }))),
        mapping: input.type === 'custom' ? JSON.stringify(input.mapping) : null,
        enabled: 1,
        created_at: now,
        updated_at: now,
      };
      return db.transaction().execute(async (trx) => {
        await checkServices(trx, actor.orgId, direct ? [{ field: 'service_id', id: row.service_id! }] : [{ field: 'fallback_service_id', id: row.fallback_service_id! }, ...ruleRefs(input.routing_rules)]);
        await repo.insertIntegration(trx, row);
        const cred = await issueCredentialTx(trx, row.id, credentialKindFor(row.type), now);
        await recordAudit(trx, {
          orgId: actor.orgId, actor, action: 'integration.create', targetType: 'integration', targetId: row.id,
          changes: { type: row.type, name: row.name, service_id: row.service_id, fallback_service_id: row.fallback_service_id, routing_rules: JSON.parse(row.routing_rules) },
          meta, now,
        });
        const creds = await repo.unrevokedCredentials(trx, [row.id]);
        return { ...rowToIntegration(row, creds, Date.parse(now)), ...cred };
      });
    },

    async update(actor: UserActor, id: string, input: IntegrationPatchInput, meta: RequestMeta) {
      if (input.mapping !== undefined) {
        // Checked before the transaction: the sandbox may take a moment (a source's type never changes).
        checkShape((await loadForChange(db, actor.orgId, id)).type, input, false);
        await checkMapping(actor.orgId, input.mapping);
      }
      const nowDate = clock.now();
      const now = nowDate.toISOString();
      const result = await db.transaction().execute(async (trx) => {
        const row = await loadForChange(trx, actor.orgId, id);
        checkShape(row.type, input, false);
        if (!isDirectType(row.type)) {
          await checkServices(trx, actor.orgId, [
            ...(input.fallback_service_id !== undefined ? [{ field: 'fallback_service_id', id: input.fallback_service_id }] : []),
            ...ruleRefs(input.routing_rules),
          ]);
        }
        const set = {
          ...(input.name !== undefined ? { name: input.name.trim() } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
          ...(input.routing_rules !== undefined
            ? { routing_rules: JSON.stringify(input.routing_rules.map((r) => ({ attribute: r.attribute, value: r.value, service_id: r.service_id }))) }
            : {}),
          ...(input.fallback_service_id !== undefined ? { fallback_service_id: input.fallback_service_id } : {}),
          ...(input.mapping !== undefined ? { mapping: JSON.stringify(input.mapping) } : {}),
        };
        // A disabled source's credentials are dead for good (issue 19.11): disabling revokes every
        // one of them, and enabling it again issues a new one, shown once in this answer.
        const disabling = input.enabled === false && row.enabled === 1;
        const enabling = input.enabled === true && row.enabled === 0;
        const revoked: string[] = [];
        for (const c of await repo.unrevokedCredentials(trx, [id])) {
          if (disabling || (input.previous_credential === 'revoked' && c.expires_at !== null)) {
            await repo.revokeCredential(trx, c.id, now);
            revoked.push(c.id);
          }
        }
        await repo.updateIntegration(trx, id, { ...set, updated_at: now });
        const issued = enabling ? await newCurrentCredentialTx(trx, id, credentialKindFor(row.type), now) : undefined;
        const changes: Record<string, unknown> = { ...set };
        if (set.routing_rules) changes.routing_rules = JSON.parse(set.routing_rules);
        if (set.mapping) changes.mapping = JSON.parse(set.mapping);
        if (input.previous_credential || disabling) changes.revoked_credentials = revoked.length;
        if (issued) changes.credential_id = issued.id;
        const action = disabling
          ? 'integration.disable'
          : enabling
            ? 'integration.enable'
            : input.previous_credential
              ? 'integration.revoke_previous'
              : 'integration.update';
        await recordAudit(trx, { orgId: actor.orgId, actor, action, targetType: 'integration', targetId: id, changes, meta, now });
        const creds = await repo.unrevokedCredentials(trx, [id]);
        return { view: { ...rowToIntegration({ ...row, ...set, updated_at: now }, creds, nowDate.getTime()), ...(issued ? issued.view : {}) }, revoked };
      });
      cache.clear();
      forgetInSnapshot((t) => result.revoked.includes(t.credentialId));
      return result.view;
    },

    async remove(actor: UserActor, id: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await loadForChange(trx, actor.orgId, id);
        await repo.deleteIntegration(trx, id);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'integration.delete', targetType: 'integration', targetId: id, changes: { type: row.type, name: row.name }, meta, now });
      });
      cache.clear();
      forgetInSnapshot((t) => t.integrationId === id);
      return { ok: true as const };
    },

    /** Shows the current credential; the read is written to the audit log (PRODUCT.md 4). */
    async reveal(actor: UserActor, id: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await loadForChange(trx, actor.orgId, id);
        if (row.enabled === 0) throw conflict(DISABLED);
        const current = (await repo.unrevokedCredentials(trx, [id])).filter((c) => c.expires_at === null).pop();
        if (!current) throw conflict('This source has no current credential; rotate it to issue one.');
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'integration.reveal', targetType: 'integration', targetId: id, changes: { credential_id: current.id }, meta, now });
        return { id: row.id, type: row.type, name: row.name, enabled: row.enabled === 1, credential_id: current.id, ...present(current.kind, box.open(current.secret_sealed)) };
      });
    },

    /** New credential now; the previous ones stop within ROTATE_GRACE_MS. */
    rotate: (actor: UserActor, id: string, meta: RequestMeta) => renew(actor, id, meta, 'rotate'),
    /** New credential beside the previous, which works until revoked or for 24 hours. */
    replace: (actor: UserActor, id: string, meta: RequestMeta) => renew(actor, id, meta, 'replace'),

    /** What a payload would become and where each item would go; stores nothing. */
    async preview(actor: UserActor, input: PreviewInput) {
      const problems: FieldProblem[] = [];
      if (isDirectType(input.type)) problems.push({ field: 'type', message: 'must be a vendor type (datadog, grafana, alertmanager or custom); direct sources do not route' });
      if (input.type === 'custom' && input.mapping === undefined) problems.push({ field: 'mapping', message: 'is required to preview a custom source' });
      if (input.type !== 'custom' && input.mapping !== undefined) problems.push({ field: 'mapping', message: 'only custom sources take a mapping' });
      if (problems.length) throw new AppError('invalid_request', problems.map((p) => `${p.field}: ${p.message}`).join('; '), { details: problems });
      const mapping = input.mapping !== undefined ? validateMapping(input.mapping) : undefined;
      await checkServices(db, actor.orgId, [
        ...(input.fallback_service_id ? [{ field: 'fallback_service_id', id: input.fallback_service_id }] : []),
        ...ruleRefs(input.routing_rules),
      ]);
      const rules = input.routing_rules ?? [];
      const items = await parse(input.type, input.payload, { orgId: actor.orgId, mapping });
      return {
        items: items.map((it, i) => {
          let s;
          try {
            s = normalizeSignal(it.signal);
          } catch (e) {
            if (e instanceof AppError && e.details) {
              const details = e.details.map((d) => ({ field: `items[${i}].${d.field}`, message: d.message }));
              throw new AppError('invalid_request', details.map((d) => `${d.field} ${d.message}`).join('; '), { details });
            }
            throw e;
          }
          const rule = matchingRule(rules, it.attributes);
          return {
            title: s.title,
            event_key: s.eventKey,
            priority: s.priority,
            urgency: s.urgency,
            action: s.action,
            body: s.body,
            source: s.source,
            attributes: it.attributes,
            matched_rule: rule >= 0 ? rule : null,
            service_id: rule >= 0 ? rules[rule]!.service_id : (input.fallback_service_id ?? null),
          };
        }),
      };
    },

    /**
     * Reloads the outage snapshot: every live credential, as `resolve` would find it. A failed load
     * keeps the previous snapshot (the caller reports the error).
     */
    async refreshSnapshot(): Promise<{ entries: number; truncated: boolean }> {
      const rows = await repo.listLiveCredentials(db, SNAPSHOT_MAX_ENTRIES + 1);
      const next = new Map<string, IngestTarget>();
      for (const row of rows.slice(0, SNAPSHOT_MAX_ENTRIES)) next.set(row.secret_hash, toTarget(row));
      snapshot = next;
      return { entries: next.size, truncated: rows.length > SNAPSHOT_MAX_ENTRIES };
    },

    /** The outage snapshot's entries, to keep in the data folder (docs/adr/0511). */
    exportSnapshot(): [string, IngestTarget][] {
      return [...snapshot];
    },

    /** Replaces the outage snapshot with one kept in the data folder (start-up, docs/adr/0511). */
    restoreSnapshot(entries: [string, IngestTarget][]): void {
      snapshot = new Map(entries.slice(0, SNAPSHOT_MAX_ENTRIES));
    },

    /** Resolves an ingest URL token, routing key or email local part to its live source. */
    async resolve(secret: string): Promise<IngestTarget | undefined> {
      const nowMs = clock.now().getTime();
      const t = await cache.get(hashSecret(secret), nowMs, async () => {
        const row = await repo.findLiveCredential(db, hashSecret(secret));
        return row && toTarget(row);
      });
      // Expiry (rotation, replacement) is exact: checked on every call, not cached.
      if (t?.expiresAt && Date.parse(t.expiresAt) <= nowMs) return undefined;
      return t;
    },
  };
}
export type IntegrationService = ReturnType<typeof createIntegrationService>;
