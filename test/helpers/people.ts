import type { Role } from '../../src/lib/actor.ts';
import { newId } from '../../src/lib/ids.ts';
import { mintKeyTx } from '../../src/modules/api-key/index.ts';
import { orgRepository } from '../../src/modules/org/index.ts';
import { userRepository } from '../../src/modules/user/index.ts';
import type { Tenant, TestApp } from './app.ts';
import { SESSION_TTL_MS, TOKEN_PREFIX } from '../../src/modules/session/index.ts';
import { csrfTokenFor } from '../../src/modules/session/session.resolvers.ts';
import { insertSession } from '../../src/modules/session/session.repository.ts';
import { hashSecret, randomToken } from '../../src/lib/secrets.ts';

export interface Member {
  userId: string;
  email: string;
  role: Role;
  apiKey: string;
  keyId: string;
  headers: Record<string, string>;
}

/** A member of the tenant's organization with a role and a full-product key, through repositories. */
export async function addMember(t: TestApp, tenant: Pick<Tenant, 'orgId'>, role: Role, opts: { email?: string; passwordHash?: string | null } = {}): Promise<Member> {
  const now = t.clock.now().toISOString();
  const userId = newId('usr');
  const email = opts.email ?? `${role}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const { row, secret } = await t.container.db.transaction().execute(async (trx) => {
    await userRepository.insertUser(trx, { id: userId, email, name: role, password_hash: opts.passwordHash ?? null, created_at: now, updated_at: now });
    await orgRepository.insertMembership(trx, { org_id: tenant.orgId, user_id: userId, role, created_at: now });
    return mintKeyTx(trx, { orgId: tenant.orgId, userId, kind: 'full_product', name: `${role} key`, serviceIds: null, now });
  });
  return { userId, email, role, apiKey: secret, keyId: row.id, headers: { authorization: `Bearer ${secret}`, 'x-service-org': tenant.orgId } };
}

// Kept here too for the files that import it from people.ts; it lives apart so a unit test can use it without the app.
export { type CapturedMail, startSmtpCapture } from './smtp-capture.ts';

/** Reads Set-Cookie headers of an inject response into name → value. */
export function cookiesOf(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

/** A live session of a kind for a person, inserted through the repository (no password hashing). */
export async function addSession(t: TestApp, userId: string, kind: 'dashboard' | 'mobile' = 'mobile'): Promise<{ id: string; token: string }> {
  const now = t.clock.now();
  const token = TOKEN_PREFIX[kind] + randomToken(32);
  const id = newId('ses');
  await insertSession(t.container.db, {
    id, user_id: userId, kind, org_id: null, token_hash: hashSecret(token), name: '', client: '{}', ip: null,
    created_at: now.toISOString(), last_used_at: null, expires_at: new Date(now.getTime() + SESSION_TTL_MS[kind]).toISOString(), revoked_at: null,
  });
  return { id, token };
}

/**
 * Headers of a person's own session signed in now (so account-security actions are open to it for
 * ten minutes, docs/adr/0533): a dashboard cookie with its CSRF token, or a mobile bearer token.
 */
export async function signedIn(t: TestApp, userId: string, orgId: string, kind: 'dashboard' | 'mobile' = 'dashboard') {
  const s = await addSession(t, userId, kind);
  const headers: Record<string, string> =
    kind === 'mobile'
      ? { authorization: `Bearer ${s.token}`, 'x-service-org': orgId }
      : { cookie: `kx_session=${s.token}`, 'x-csrf-token': csrfTokenFor(t.container.hashCode, s.token), 'x-service-org': orgId };
  return { ...s, headers };
}
