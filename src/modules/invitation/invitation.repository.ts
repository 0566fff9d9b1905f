import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { listOrgPage } from '../../db/paging.ts';
import type { InvitationRow, MailStatus, NewInvitationRow } from './invitation.table.ts';

export async function insertInvitation(db: Kysely<Database>, row: NewInvitationRow): Promise<void> {
  await db.insertInto('invitations').values(row).execute();
}
export async function findInvitation(db: Kysely<Database>, orgId: string, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}
export async function findInvitationById(db: Kysely<Database>, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function findByTokenHash(db: Kysely<Database>, hash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}
export const listInvitations = (db: Kysely<Database>, orgId: string, afterId: string | undefined, limit: number) =>
  listOrgPage(db, 'invitations', orgId, afterId, limit);
/** Open (not accepted, not revoked) invitations for an address; expired ones included. */
export async function openInvitationsFor(db: Kysely<Database>, orgId: string, email: string): Promise<InvitationRow[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}
export async function revokeInvitation(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('invitations').set({ revoked_at: now, token_sealed: null }).where('id', '=', id).execute();
}
export async function markAccepted(db: Kysely<Database>, id: string, userId: string, now: string): Promise<void> {
  await db.updateTable('invitations').set({ accepted_at: now, accepted_by: userId, token_sealed: null }).where('id', '=', id).execute();
}
/** Records the mail outcome and drops the sealed token: after hand-over it is no longer needed. */
export async function setMailStatus(db: Kysely<Database>, id: string, status: MailStatus): Promise<void> {
  await db.updateTable('invitations').set({ mail_status: status, token_sealed: null }).where('id', '=', id).execute();
}
/** Every open invitation for an address, in any organization (expired ones included: the caller checks). */
export async function openInvitationsForEmail(db: Kysely<Database>, email: string): Promise<InvitationRow[]> {
  return db.selectFrom('invitations').selectAll().where('email', '=', email).where('accepted_at', 'is', null).where('revoked_at', 'is', null).orderBy('id').execute();
}
