import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { recordAudit, type AuditEntry } from '../audit/index.ts';
import { orgRepository } from '../org/index.ts';

/**
 * A person's own account events (sign-in, sign-out, TOTP, recovery codes, email, consent) concern
 * every organization they belong to: one entry is written in each, so each organization's audit
 * log shows its members' sign-ins. A person without organizations gets one entry without org.
 */
export async function recordPersonAudit(db: Kysely<Database>, userId: string, e: Omit<AuditEntry, 'orgId'>): Promise<void> {
  const memberships = await orgRepository.listMembershipsOfUser(db, userId);
  if (!memberships.length) {
    await recordAudit(db, { ...e, orgId: null });
    return;
  }
  for (const m of memberships) await recordAudit(db, { ...e, orgId: m.org_id });
}
