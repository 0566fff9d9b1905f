import { newId } from '../../src/lib/ids.ts';
import { credentialKindFor, type IntegrationType } from '../../src/modules/integration/index.ts';
import * as integrationRepository from '../../src/modules/integration/integration.repository.ts';
import type { TestApp, Tenant } from '../helpers/app.ts';

/**
 * A direct source (events_v2, email, webhook) bound to a service, inserted through the
 * integration repository and issueCredentialTx in one transaction, as the integrations API does.
 * Returns its credential (routing_key, email_address or ingest_url).
 */
export async function createDirectIntegration(t: TestApp, tenant: Pick<Tenant, 'orgId'>, input: { type: IntegrationType; serviceId: string; name?: string }) {
  const { db, clock } = t.container;
  const integrations = t.container.services.integrations;
  const now = clock.now().toISOString();
  const id = newId('int');
  const credential = await db.transaction().execute(async (trx) => {
    await integrationRepository.insertIntegration(trx, {
      id,
      org_id: tenant.orgId,
      type: input.type,
      name: input.name ?? `${input.type} source`,
      service_id: input.serviceId,
      fallback_service_id: null,
      routing_rules: '[]',
      mapping: null,
      enabled: 1,
      created_at: now,
      updated_at: now,
    });
    return integrations.issueCredentialTx(trx, id, credentialKindFor(input.type), now);
  });
  return { id, ...credential };
}

/** Revokes every credential of a source (what PATCH {"enabled":false} will do). */
export async function disableIntegration(t: TestApp, integrationId: string) {
  await t.container.db.updateTable('integrations').set({ enabled: 0 }).where('id', '=', integrationId).execute();
}

/** A vendor connection made through the integrations API; returns the path of its ingest URL. */
export async function connectVendor(
  t: TestApp,
  tenant: Pick<Tenant, 'headers'>,
  input: { type: string; routingRules: { attribute: string; value: string; service_id: string }[]; fallbackServiceId: string; mapping?: object; name?: string },
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/integrations',
    headers: tenant.headers,
    payload: {
      type: input.type,
      name: input.name ?? `${input.type}-${Math.random().toString(36).slice(2, 6)}`,
      routing_rules: input.routingRules,
      fallback_service_id: input.fallbackServiceId,
      ...(input.mapping ? { mapping: input.mapping } : {}),
    },
  });
  if (res.statusCode !== 200) throw new Error(`POST /api/integrations (${input.type}): ${res.statusCode} ${res.body}`);
  return new URL(res.json().ingest_url).pathname;
}
