import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { systemActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordAudit } from '../audit/index.ts';
import { mintKeyTx } from '../api-key/index.ts';
import { orgRepository } from '../org/index.ts';
import * as userRepository from './user.repository.ts';
import { cleanPersonName } from './user.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createBootstrapService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * `klaxon admin bootstrap`: an organization, its owner and two API keys (PRODUCT.md 1).
     * Refuses an email that already has an account.
     */
    async bootstrap(input: { orgName: string; email: string; password?: string | undefined; name?: string | undefined }) {
      const email = input.email.trim().toLowerCase();
      if (!EMAIL.test(email) || email.length > 254) throw new AppError('invalid_request', `"${input.email}" is not an email address.`);
      const orgName = input.orgName.trim();
      if (!orgName || orgName.length > 200) throw new AppError('invalid_request', 'The organization name must be 1 to 200 characters.');
      const name = cleanPersonName(input.name ?? '', '--name');
      if (input.password !== undefined && input.password.length < 8) {
        throw new AppError('invalid_request', 'The password must be at least 8 characters.');
      }
      const passwordHash = input.password ? await hashPassword(input.password) : null; // before the transaction: hashing is slow
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        if (await userRepository.findUserByEmail(trx, email)) throw conflict(`A user with email "${email}" already exists.`);
        const orgId = newId('org');
        const userId = newId('usr');
        await orgRepository.insertOrg(trx, { id: orgId, name: orgName, time_zone: 'UTC', ingest_rate_per_minute: 1200, created_at: now, updated_at: now });
        // The operator gave this address: it counts as verified (issue 19 item 13).
        await userRepository.insertUser(trx, { id: userId, email, name, password_hash: passwordHash, email_verified_at: now, created_at: now, updated_at: now });
        await orgRepository.insertMembership(trx, { org_id: orgId, user_id: userId, role: 'owner', created_at: now });
        const api = await mintKeyTx(trx, { orgId, userId, kind: 'full_product', name: 'Bootstrap full-product key', serviceIds: null, now });
        const ingest = await mintKeyTx(trx, { orgId, userId, kind: 'alert_ingest', name: 'Bootstrap alert-ingest key', serviceIds: null, now });
        await recordAudit(trx, {
          orgId, actor: systemActor, action: 'org.bootstrap', targetType: 'organization', targetId: orgId,
          changes: { name: orgName, owner: userId }, meta: { ip: null, requestId: null }, now,
        });
        return { org_id: orgId, user_id: userId, api_key: api.secret, ingest_key: ingest.secret };
      });
    },
  };
}
export type BootstrapService = ReturnType<typeof createBootstrapService>;
