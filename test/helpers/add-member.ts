import { newId } from '../../src/lib/ids.ts';
import { mintKeyTx } from '../../src/modules/api-key/index.ts';
import type { Tenant, TestApp } from './app.ts';

/** Adds a person with `role` to the tenant's organization, straight in the store, with a full-product key. */
export async function addMember(t: TestApp, tenant: Tenant, role: 'owner' | 'admin' | 'responder' | 'observer') {
  const now = t.clock.now().toISOString();
  const userId = newId('usr');
  const key = await t.container.db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values({ id: userId, email: `${role}-${userId}@example.com`, name: role, password_hash: null, created_at: now, updated_at: now }).execute();
    await trx.insertInto('memberships').values({ org_id: tenant.orgId, user_id: userId, role, created_at: now }).execute();
    return mintKeyTx(trx, { orgId: tenant.orgId, userId, kind: 'full_product', name: `${role} key`, serviceIds: null, now });
  });
  return { userId, headers: { authorization: `Bearer ${key.secret}`, 'x-service-org': tenant.orgId } };
}
