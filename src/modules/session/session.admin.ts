import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { ROLES, type Role, systemActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { randomToken } from '../../lib/secrets.ts';
import { recordAudit } from '../audit/index.ts';
import { assertNotLastOwner, orgRepository } from '../org/index.ts';
import { cleanPersonName, recordPersonAudit, userRepository } from '../user/index.ts';
import * as repo from './session.repository.ts';

/**
 * `klaxon admin user create|reset-password|set-role` (PRODUCT.md 15, docs/adr/0861): what an
 * operator with shell access to the host does for a person locked out of the dashboard. Each runs
 * in one transaction and is audited with the system as actor.
 */
export { ROLES };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const meta = { ip: null, requestId: null };
/** Operators who give no password get one generated, shown once. */
const generatedPassword = () => randomToken(15);

function checkPassword(password: string | undefined): string {
  const pw = password ?? generatedPassword();
  if (pw.length < 10) throw new AppError('invalid_request', 'The password must be at least 10 characters.');
  return pw;
}

function checkRole(role: string): Role {
  if (!ROLES.includes(role as Role)) throw new AppError('invalid_request', `--role must be one of ${ROLES.join(', ')}, got "${role}".`);
  return role as Role;
}

export function createOperatorAccounts(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function personOf(trx: Kysely<Database>, email: string) {
    const user = await userRepository.findUserByEmail(trx, email.trim().toLowerCase());
    if (!user) throw notFound('User', email);
    return user;
  }

  return {
    /** A person in an organization with a role; an existing account is added to it. */
    async create(input: { orgId: string; email: string; name?: string | undefined; role: string; password?: string | undefined }) {
      const email = input.email.trim().toLowerCase();
      if (!EMAIL.test(email) || email.length > 254) throw new AppError('invalid_request', `"${input.email}" is not an email address.`);
      const role = checkRole(input.role);
      const name = cleanPersonName(input.name ?? '', '--name');
      const password = checkPassword(input.password);
      const hash = await hashPassword(password); // before the transaction: hashing is slow
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        if (!(await orgRepository.findOrg(trx, input.orgId))) throw notFound('Organization', input.orgId);
        let user = await userRepository.findUserByEmail(trx, email);
        const created = !user;
        if (user) {
          if (await orgRepository.findMembership(trx, input.orgId, user.id)) throw conflict(`"${email}" is already a member of ${input.orgId}; use "klaxon admin user set-role" or "reset-password".`);
        } else {
          const id = newId('usr');
          await userRepository.insertUser(trx, { id, email, name, password_hash: hash, email_verified_at: now, created_at: now, updated_at: now });
          user = await userRepository.findUserById(trx, id);
        }
        await orgRepository.insertMembership(trx, { org_id: input.orgId, user_id: user!.id, role, created_at: now });
        await recordAudit(trx, {
          orgId: input.orgId, actor: systemActor, action: 'member.role_change', targetType: 'user', targetId: user!.id,
          changes: { role, previous_role: null, by: 'klaxon admin user create' }, meta, now,
        });
        return { user_id: user!.id, org_id: input.orgId, role, created, password: created ? password : null };
      });
    },

    /** A new password; every session of the person ends and their sign-in failures are cleared. */
    async resetPassword(input: { email: string; password?: string | undefined }) {
      const password = checkPassword(input.password);
      const hash = await hashPassword(password);
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const user = await personOf(trx, input.email);
        await userRepository.updateUser(trx, user.id, { password_hash: hash, updated_at: now });
        await repo.clearFailures(trx, user.email);
        const ended = await repo.revokeOtherSessions(trx, user.id, null, now);
        await recordPersonAudit(trx, user.id, {
          actor: systemActor, action: 'auth.password_reset', targetType: 'user', targetId: user.id,
          changes: { ended_sessions: ended.length, by: 'klaxon admin user reset-password' }, meta, now,
        });
        return { user_id: user.id, password, ended_sessions: ended.length };
      });
    },

    /** A member's role in an organization; the last owner is not demoted. */
    async setRole(input: { orgId: string; email: string; role: string }) {
      const role = checkRole(input.role);
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        const user = await personOf(trx, input.email);
        const member = await orgRepository.findMember(trx, input.orgId, user.id);
        if (!member) throw notFound('Member', `${input.email} in ${input.orgId}`);
        if (member.role !== role) {
          if (role !== 'owner') await assertNotLastOwner(trx, input.orgId, member, false);
          await orgRepository.updateMembershipRole(trx, input.orgId, user.id, role);
          await recordAudit(trx, {
            orgId: input.orgId, actor: systemActor, action: 'member.role_change', targetType: 'user', targetId: user.id,
            changes: { role, previous_role: member.role, by: 'klaxon admin user set-role' }, meta, now,
          });
        }
        return { user_id: user.id, org_id: input.orgId, role, previous_role: member.role };
      });
    },
  };
}
export type OperatorAccounts = ReturnType<typeof createOperatorAccounts>;
