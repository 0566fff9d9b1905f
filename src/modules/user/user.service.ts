import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserActor } from '../../http/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { orgRepository } from '../org/index.ts';
import * as repo from './user.repository.ts';

export function createUserService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** GET /api/me: the person, their role here, and every organization they belong to. */
    async me(actor: UserActor) {
      const user = await repo.findUserById(db, actor.id);
      const org = await orgRepository.findOrg(db, actor.orgId);
      if (!user || !org) throw notFound('User');
      const memberships = await orgRepository.listMembershipsOfUser(db, actor.id);
      return {
        user: { id: user.id, email: user.email, name: user.name, created_at: user.created_at },
        org: { id: org.id, name: org.name, time_zone: org.time_zone },
        role: actor.role,
        credential: { id: actor.credentialId, audience: actor.audience },
        memberships: memberships.map((m) => ({ org_id: m.org_id, org_name: m.org_name, role: m.role })),
      };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
