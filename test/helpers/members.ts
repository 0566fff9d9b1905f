import { mintKeyTx } from '../../src/modules/api-key/index.ts';
import { newId } from '../../src/lib/ids.ts';
import type { Role } from '../../src/lib/actor.ts';
import type { Tenant, TestApp } from './app.ts';

export interface Member {
  userId: string;
  email: string;
  apiKey: string;
  headers: Record<string, string>;
}

/** Factory: a user who is a member of the tenant's organization with `role`, and their full-product key. */
export async function addMember(t: TestApp, tenant: Tenant, role: Role, email = `${role}-${Math.random().toString(36).slice(2)}@example.com`): Promise<Member> {
  const now = t.clock.now().toISOString();
  const userId = newId('usr');
  const apiKey = await t.container.db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values({ id: userId, email, name: role, password_hash: null, created_at: now, updated_at: now }).execute();
    await trx.insertInto('memberships').values({ org_id: tenant.orgId, user_id: userId, role, created_at: now }).execute();
    const { secret } = await mintKeyTx(trx, { orgId: tenant.orgId, userId, kind: 'full_product', name: `${role} key`, serviceIds: null, now });
    return secret;
  });
  return { userId, email, apiKey, headers: { authorization: `Bearer ${apiKey}`, 'x-service-org': tenant.orgId } };
}
