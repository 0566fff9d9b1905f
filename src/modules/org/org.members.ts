import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import * as repo from './org.repository.ts';
import { liveDescendantsTx } from '../api-key/index.ts';
import { outboxRepository } from '../outbox/index.ts';

/**
 * The last-owner rule (issue 18 item 2): an organization always keeps an owner. Every path that
 * removes or demotes a member asks this, with the organization's row locked, so two owners leaving
 * at once cannot leave none. `self`: the person acting is the one who would go.
 */
export async function assertNotLastOwner(trx: Kysely<Database>, orgId: string, member: { role: string }, self: boolean): Promise<void> {
  if (member.role !== 'owner' || (await repo.countOwners(trx, orgId)) > 1) return;
  const org = await repo.findOrg(trx, orgId);
  const name = org ? `"${org.name}" (${orgId})` : orgId;
  throw conflict(
    `${self ? 'You are' : 'This member is'} the last owner of ${name}: name another owner first (PATCH /api/org/members/{user_id} with role "owner"), ` +
      'or delete the organization (DELETE /api/org).',
  );
}

export type MembershipEnd = 'member.remove' | 'member.leave' | 'user.delete';

/**
 * The outbox event a membership's end writes (payload `{ user_id }`), already processed: no outbox
 * handler consumes it (docs/adr/0123). Every process's live event feed reads it and ends that
 * person's open streams of the organization (docs/adr/0700-connection-and-stream-bounds.md).
 */
export const MEMBERSHIP_ENDED_EVENT = 'membership.ended';

/** Work that follows a member out of an organization (the schedule module: rotations, overrides, feeds). */
export type MembershipLeavingTx = (trx: Kysely<Database>, e: { orgId: string; userId: string; actor: Actor; meta: RequestMeta; now: string }) => Promise<void>;

/**
 * The one place a membership ends: an owner removes a member, a member leaves, or a person deletes
 * their account. In the caller's transaction: locks the organization, refuses the last owner,
 * deletes the membership, revokes the member's full-product keys and agent tokens there (they act
 * as the member; alert-ingest keys are the organization's and stay), and writes the audit entry.
 * Work that must follow a member out of an organization (rotations, overrides) belongs here.
 */
export async function endMembershipTx(
  trx: Kysely<Database>,
  input: { dialect: Dialect; orgId: string; userId: string; actor: Actor; why: MembershipEnd; meta: RequestMeta; now: string; leavingTx?: MembershipLeavingTx },
): Promise<{ role: string; revokedApiKeys: string[]; revokedAgentTokens: string[] }> {
  const { orgId, userId, now } = input;
  await repo.lockOrg(trx, orgId, input.dialect);
  const m = await repo.findMembership(trx, orgId, userId);
  if (!m) throw notFound(input.why === 'member.remove' ? 'Member' : 'Membership', input.why === 'member.remove' ? userId : undefined);
  await assertNotLastOwner(trx, orgId, m, input.why !== 'member.remove' || input.actor.id === userId);
  // Keys minted through the member's keys (POST /api/orgs, POST /api/keys with a key) die with them
  // (docs/adr/0536): the database revokes them with their parent (docs/adr/0710); named for the audit.
  const minted = await liveDescendantsTx(trx, await repo.liveMemberKeyIds(trx, orgId, userId));
  const revokedApiKeys = await repo.deleteMembership(trx, orgId, userId, now);
  await input.leavingTx?.(trx, { orgId, userId, actor: input.actor, meta: input.meta, now });
  revokedApiKeys.push(...minted.filter((id) => !revokedApiKeys.includes(id)));
  const revokedAgentTokens = await repo.revokeAgentTokens(trx, orgId, userId, now);
  await outboxRepository.insertEvents(trx, [{
    org_id: orgId, type: MEMBERSHIP_ENDED_EVENT, alert_id: null, payload: JSON.stringify({ user_id: userId }),
    created_at: now, available_at: now, lease_owner: null, lease_until: null, processed_at: now, last_error: null,
  }]);
  await recordAudit(trx, {
    orgId, actor: input.actor, action: input.why, targetType: 'user', targetId: userId,
    changes: { role: m.role, revoked_api_keys: revokedApiKeys, ...(revokedAgentTokens.length ? { revoked_agent_tokens: revokedAgentTokens } : {}) },
    meta: input.meta, now,
  });
  return { role: m.role, revokedApiKeys, revokedAgentTokens };
}
