import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { Actor, Role, UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, idPosition, pageOf } from '../../lib/cursor.ts';
import { type SecretBox, hashSecret, randomToken } from '../../lib/secrets.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import { orgRepository } from '../org/index.ts';
import { outboxRepository } from '../outbox/index.ts';
import { userRepository } from '../user/index.ts';
import type { ActionThrottle } from '../throttle/index.ts';
import * as repo from './invitation.repository.ts';
import {
  INVITATION_EVENT, INVITATION_TTL_MS, type InvitationMailer, TOKEN_PREFIX, invitationMail, invitationUrl, rowToInvitation, statusOf,
} from './invitation.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Member invitations (docs/adr/0321-invitations.md). The link's token is the secret: only its
 * hash is kept for lookup; a sealed copy lives until the mail is handed to the mailer.
 */
export function createInvitationService(deps: {
  db: Kysely<Database>;
  /** PostgreSQL locks the organization's row while seats are counted (issue 19 item 3). */
  dialect?: Dialect;
  clock: Clock;
  box: SecretBox;
  publicUrl: string;
  /** Wakes the outbox worker after commit. */
  notify?: () => void;
  /** The plan's seat limit (billing): refuses a member beyond it with a 403 naming the plan that lifts it. */
  seats?: { assertCanAddSeat(orgId: string, opts: { db: Kysely<Database> }): Promise<void> };
  /** Invitation mails counted per inviter and organization, an hour and a day (issue 19 item 7, docs/adr/0537). */
  throttle?: Pick<ActionThrottle, 'invitationMail' | 'release'>;
}) {
  const { db, clock, box } = deps;

  /**
   * Joins a person to the organization of an invitation, in the caller's transaction: by
   * POST /api/invitations/accept, or by sign-up with the invitation's token. The person's email must
   * be the invited address. Presenting the token counts as verifying that address: it was mailed
   * there, or handed over by the owner who invited that address (issue 19 item 13).
   */
  async function joinTx(
    trx: Kysely<Database>,
    input: { userId: string; email: string; emailVerified: boolean; token: string; actor: Actor; meta: RequestMeta; now: Date },
  ): Promise<{ org_id: string; org_name: string; role: Role }> {
    const { userId, actor, meta, now } = input;
    const nowIso = now.toISOString();
    const row = await repo.findByTokenHash(trx, hashSecret(input.token));
    if (!row) throw notFound('Invitation');
    const status = statusOf(row, now.getTime());
    if (status === 'revoked') throw notFound('Invitation');
    if (status === 'accepted') throw conflict('This invitation was already used; ask an owner for a new one if you still need access.');
    if (status === 'expired') throw conflict(`This invitation expired at ${row.expires_at}; ask an owner of the organization to invite you again.`);
    if (input.email !== row.email) {
      throw forbidden('This invitation was sent to another email address; sign in as the person it was sent to.');
    }
    if (await orgRepository.findMembership(trx, row.org_id, userId)) throw conflict('You are already a member of this organization.');
    // Seats are counted with the organization's row locked: concurrent accepts take turns, so
    // the plan's limit holds (a count and an insert alone let eight accepts all see one seat free).
    await orgRepository.lockOrg(trx, row.org_id, deps.dialect ?? 'sqlite');
    await deps.seats?.assertCanAddSeat(row.org_id, { db: trx });
    await orgRepository.insertMembership(trx, { org_id: row.org_id, user_id: userId, role: row.role, created_at: nowIso });
    await repo.markAccepted(trx, row.id, userId, nowIso);
    if (!input.emailVerified) await userRepository.updateUser(trx, userId, { email_verified_at: nowIso, updated_at: nowIso });
    await recordAudit(trx, {
      orgId: row.org_id, actor, action: 'invitation.accept', targetType: 'invitation', targetId: row.id,
      changes: { user_id: userId, role: row.role, ...(input.emailVerified ? {} : { email_verified: true }) }, meta, now: nowIso,
    });
    const org = await orgRepository.findOrg(trx, row.org_id);
    return { org_id: row.org_id, org_name: org?.name ?? '', role: row.role };
  }

  /**
   * Single sign-on (PRODUCT.md 13): the pending invitations for an address the identity provider
   * verified, for a person signing in for the first time. Whether one exists decides sign-up by
   * invitation (KLAXON_SIGNUP=invite); `join` accepts each of them in the caller's transaction.
   */
  async function pendingForEmailTx(trx: Kysely<Database>, email: string, now: Date) {
    return (await repo.openInvitationsForEmail(trx, email)).filter((r) => statusOf(r, now.getTime()) === 'pending');
  }
  async function joinPendingForEmailTx(trx: Kysely<Database>, input: { userId: string; email: string; actor: (orgId: string, role: Role) => Actor; meta: RequestMeta; now: Date }) {
    const nowIso = input.now.toISOString();
    const joined: { org_id: string; role: Role }[] = [];
    for (const row of await pendingForEmailTx(trx, input.email, input.now)) {
      if (await orgRepository.findMembership(trx, row.org_id, input.userId)) continue;
      await orgRepository.lockOrg(trx, row.org_id, deps.dialect ?? 'sqlite');
      await deps.seats?.assertCanAddSeat(row.org_id, { db: trx });
      await orgRepository.insertMembership(trx, { org_id: row.org_id, user_id: input.userId, role: row.role, created_at: nowIso });
      await repo.markAccepted(trx, row.id, input.userId, nowIso);
      await recordAudit(trx, {
        orgId: row.org_id, actor: input.actor(row.org_id, row.role), action: 'invitation.accept', targetType: 'invitation', targetId: row.id,
        changes: { user_id: input.userId, role: row.role, via: 'sso' }, meta: input.meta, now: nowIso,
      });
      joined.push({ org_id: row.org_id, role: row.role });
    }
    return joined;
  }

  return {
    pendingForEmailTx,
    joinPendingForEmailTx,

    /** POST /api/org/invitations: the link is in this response only; the mail goes through the outbox. */
    async create(actor: UserActor, input: { email: string; role: Role }, meta: RequestMeta) {
      const email = input.email.trim().toLowerCase();
      if (!EMAIL.test(email) || email.length > 254) throw invalid('email', 'must be an email address');
      const token = TOKEN_PREFIX + randomToken(24);
      const now = clock.now();
      const nowIso = now.toISOString();
      const row = {
        id: newId('inv'),
        org_id: actor.orgId,
        email,
        role: input.role,
        token_hash: hashSecret(token),
        token_sealed: box.seal(token),
        mail_status: 'pending' as const,
        invited_by: actor.id,
        created_at: nowIso,
        expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
      };
      // Each invitation mails an outside address: counted before anything is written.
      const held = deps.throttle ? await deps.throttle.invitationMail({ orgId: actor.orgId, inviterId: actor.id }) : [];
      const created = await db.transaction().execute(async (trx) => {
        await orgRepository.lockOrg(trx, actor.orgId, deps.dialect ?? 'sqlite');
        const user = await userRepository.findUserByEmail(trx, email);
        if (user && (await orgRepository.findMembership(trx, actor.orgId, user.id))) {
          throw conflict(`${email} is already a member of this organization; change their role instead.`);
        }
        await deps.seats?.assertCanAddSeat(actor.orgId, { db: trx });
        // A new invitation to the same address replaces the earlier open ones.
        const replaced = (await repo.openInvitationsFor(trx, actor.orgId, email)).map((r) => r.id);
        for (const id of replaced) await repo.revokeInvitation(trx, id, nowIso);
        await repo.insertInvitation(trx, row);
        await outboxRepository.insertEvents(trx, [
          { org_id: actor.orgId, type: INVITATION_EVENT, alert_id: null, payload: JSON.stringify({ invitation_id: row.id }), created_at: nowIso, available_at: nowIso },
        ]);
        await recordAudit(trx, {
          orgId: actor.orgId, actor, action: 'invitation.create', targetType: 'invitation', targetId: row.id,
          changes: { email, role: input.role, expires_at: row.expires_at, ...(replaced.length ? { replaced } : {}) }, meta, now: nowIso,
        });
        return row;
      }).catch(async (err: unknown) => {
        // Nothing was mailed (already a member, no seat left): it does not count.
        if (held.length) await deps.throttle!.release(held);
        throw err;
      });
      deps.notify?.();
      return { ...rowToInvitation(created, now.getTime()), invitation_url: invitationUrl(deps.publicUrl, token) };
    },

    async list(orgId: string, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, orgId, idPosition('inv'));
      const rows = await repo.listInvitations(db, orgId, after, limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, limit, orgId, (last) => last.id);
      const nowMs = clock.now().getTime();
      return { items: page.map((r) => rowToInvitation(r, nowMs)), nextCursor };
    },

    /** DELETE /api/org/invitations/{id}: the link stops working. */
    async revoke(actor: UserActor, id: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await repo.findInvitation(trx, actor.orgId, id);
        if (!row || row.revoked_at) throw notFound('Invitation', id);
        if (row.accepted_at) throw conflict('The invitation was already accepted; remove the member instead (DELETE /api/org/members/{user_id}).');
        await repo.revokeInvitation(trx, id, now);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'invitation.revoke', targetType: 'invitation', targetId: id, changes: { email: row.email }, meta, now });
      });
      return { ok: true as const };
    },

    /**
     * POST /api/invitations/accept: the signed-in person whose email the invitation names joins
     * the organization with the invited role. The link works once.
     */
    async accept(actor: UserActor, token: string, meta: RequestMeta) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const user = await userRepository.findUserById(trx, actor.id);
        if (!user) throw notFound('User');
        return joinTx(trx, { userId: user.id, email: user.email, emailVerified: user.email_verified_at !== null, token, actor, meta, now });
      });
    },

    joinTx,

    /**
     * POST /api/invitations/lookup (public: the token is the credential): what the accept page
     * shows before anyone joins. Withdrawn or unknown is 404, as for accept. The organization's
     * name is not shown before joining (it is text whoever made the organization chose).
     */
    async lookup(token: string) {
      const row = await repo.findByTokenHash(db, hashSecret(token.trim()));
      if (!row) throw notFound('Invitation');
      const status = statusOf(row, clock.now().getTime());
      if (status === 'revoked') throw notFound('Invitation');
      const account = await userRepository.findUserByEmail(db, row.email);
      return { email: row.email, role: row.role, status, expires_at: row.expires_at, account_exists: account !== undefined };
    },

    /**
     * Outbox consumer of invitation.created: mails the link. Without a mailer the invitation is
     * marked not_configured (the inviter has the link from the create response). The token is
     * never logged; after hand-over its sealed copy is dropped.
     */
    async deliver(invitationId: string, mailer: InvitationMailer | undefined): Promise<void> {
      const row = await repo.findInvitationById(db, invitationId);
      if (!row || !row.token_sealed || row.mail_status !== 'pending') return;
      if (statusOf(row, clock.now().getTime()) !== 'pending') {
        await repo.setMailStatus(db, row.id, 'failed');
        return;
      }
      if (!mailer?.configured) {
        await repo.setMailStatus(db, row.id, 'not_configured');
        return;
      }
      const url = invitationUrl(deps.publicUrl, box.open(row.token_sealed));
      await mailer.send(invitationMail({ to: row.email, role: row.role, url, expiresAt: row.expires_at }));
      await repo.setMailStatus(db, row.id, 'sent');
    },
  };
}
export type InvitationService = ReturnType<typeof createInvitationService>;
