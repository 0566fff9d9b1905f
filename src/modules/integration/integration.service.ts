import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { AppError } from '../../lib/errors.ts';
import { isStoreUnavailable } from '../../db/unavailable.ts';
import { type SecretBox, hashSecret, randomHex, randomToken } from '../../lib/secrets.ts';
import * as repo from './integration.repository.ts';
import type { CredentialKind, IntegrationType } from './integration.table.ts';
import type { IngestTarget, RoutingRule } from './integration.ts';

const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;
/** How long past its refresh time a cached credential may serve while the store is down. */
const STALE_DURING_OUTAGE_MS = 15 * 60_000;

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
}) {
  const { db, clock, box } = deps;
  // Credential lookups are cached briefly so ingest needs no query per signal; revocation and
  // rotation still take effect within seconds (spec 8.1 allows a minute), and expiry is exact.
  const cache = new Map<string, { target: IngestTarget | undefined; until: number }>();

  const newSecret = (kind: CredentialKind): string => (kind === 'url_token' ? randomToken(24) : randomHex(16));

  function present(kind: CredentialKind, secret: string): CredentialView {
    if (kind === 'url_token') return { ingest_url: `${deps.publicUrl}/v1/ingest/${secret}` };
    if (kind === 'routing_key') return { routing_key: secret };
    return { email_address: `${secret}@${deps.emailDomain}` };
  }

  async function issueCredentialTx(trx: Kysely<Database>, integrationId: string, kind: CredentialKind, now: string) {
    const secret = newSecret(kind);
    await repo.insertCredential(trx, {
      id: newId('crd'),
      integration_id: integrationId,
      kind,
      secret_hash: hashSecret(secret),
      secret_sealed: box.seal(secret),
      created_at: now,
      expires_at: null,
      revoked_at: null,
    });
    return present(kind, secret);
  }

  return {
    present,
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

    /** Resolves an ingest URL token, routing key or email local part to its live source. */
    async resolve(secret: string): Promise<IngestTarget | undefined> {
      const hash = hashSecret(secret);
      const nowMs = clock.now().getTime();
      let entry = cache.get(hash);
      if (!entry || entry.until <= nowMs) {
        let row: Awaited<ReturnType<typeof repo.findLiveCredential>>;
        try {
          row = await repo.findLiveCredential(db, hash);
        } catch (err) {
          // Store down: a recently checked credential keeps working so ingest can spool (no
          // revocation can commit meanwhile; docs/adr/0100-ingest-spool.md). Else 503.
          if (!isStoreUnavailable(err)) throw err;
          if (!entry || nowMs - entry.until >= STALE_DURING_OUTAGE_MS) {
            throw new AppError('service_unavailable', 'The alert store is unavailable right now; the signal was not kept. Retry after the indicated delay.', { retryAfterSeconds: 5 });
          }
          return entry.target?.expiresAt && Date.parse(entry.target.expiresAt) <= nowMs ? undefined : entry.target;
        }
        const target: IngestTarget | undefined = row && {
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
        };
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
        entry = { target, until: nowMs + CACHE_TTL_MS };
        cache.set(hash, entry);
      }
      const t = entry.target;
      if (t?.expiresAt && Date.parse(t.expiresAt) <= nowMs) return undefined;
      return t;
    },
  };
}
export type IntegrationService = ReturnType<typeof createIntegrationService>;
