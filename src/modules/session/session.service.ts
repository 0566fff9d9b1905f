import { decodeCursor, idPosition, pageOf } from '../../lib/cursor.ts';
import type { Kysely } from 'kysely';
import { authenticator } from 'otplib';
import type { Database } from '../../db/database.ts';
import { REAUTH_WINDOW_MS } from '../../http/auth.ts';
import { type Actor, type Audience, type Role, type UserActor, systemActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { type CodeHasher, normalizeRecoveryCode, normalizeUserCode, recoveryCode, userCode } from '../../lib/codes.ts';
import { AppError, conflict, forbidden, invalid, notFound, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashSecret, randomToken, type SecretBox } from '../../lib/secrets.ts';
import type { RequestMeta } from '../audit/index.ts';
import { recordAudit } from '../audit/index.ts';
import { orgRepository } from '../org/index.ts';
import { endPersonCredentialsTx } from '../api-key/index.ts';
import { outboxRepository } from '../outbox/index.ts';
import type { InvitationService } from '../invitation/index.ts';
import type { SignupMode } from '../../config.ts';
import { cleanPersonName, recordPersonAudit, userRepository, type UserRow } from '../user/index.ts';
import * as repo from './session.repository.ts';
import { type ActionThrottle, type ThrottleRule, waitFor } from '../throttle/index.ts';
import { SIGN_IN_THROTTLE } from './sign-in-throttle.ts';
import type { SessionKind, SessionRow } from './session.table.ts';

/** Token prefixes (docs/adr/0300-sign-in-and-sessions.md). */
export const TOKEN_PREFIX: Record<SessionKind, string> = { dashboard: 'kxs_', mobile: 'kxm_', agent: 'kxa_' };
export const DEVICE_CODE_PREFIX = 'kxd_';
const DAY = 24 * 3600 * 1000;
export const SESSION_TTL_MS: Record<SessionKind, number> = { dashboard: 14 * DAY, mobile: 90 * DAY, agent: 30 * DAY };
const AUDIENCE: Record<SessionKind, Audience> = { dashboard: 'D', mobile: 'I', agent: 'D' };

/** Sign-in throttling: growing delays per (account, address) and per address (docs/adr/0534). */
export const THROTTLE = SIGN_IN_THROTTLE;
/**
 * RFC 8628 device grants: a code lives 10 minutes; polled every 5 s. An expired grant is kept an
 * hour more (the agent still hears expired_token, not invalid_grant), then the retention job
 * deletes it (issue 33 item 8).
 */
export const DEVICE_GRANT = { ttlSeconds: 600, intervalSeconds: 5, keepAfterExpiryMs: 3600_000 };
export const RECOVERY_CODE_COUNT = 10;
/** Password reset links (docs/adr/0534): valid an hour, once; at most 3 mailed per person an hour. */
export const PASSWORD_RESET = { ttlMs: 3600_000, perPersonPerHour: 3, tokenPrefix: 'kxr_', event: 'password_reset.requested' };
/** TOTP: 30 s steps; the previous step is accepted too, each step once per person (docs/adr/0532). */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_PAST_STEPS = 1;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Verifying against this keeps the time of "no such user" close to "wrong password".
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export interface SignInInput {
  email: string;
  password: string;
  totp_code?: string | undefined;
  recovery_code?: string | undefined;
  client?: 'dashboard' | 'mobile' | undefined;
}
export interface SignUpInput {
  email: string;
  password: string;
  name?: string | undefined;
  org_name?: string | undefined;
  invitation_token?: string | undefined;
  client?: 'dashboard' | 'mobile' | undefined;
}

export function createSessionService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  box: SecretBox;
  hashCode: CodeHasher;
  publicUrl: string;
  /** KLAXON_SIGNUP: who may create an account (docs/adr/0531). */
  signup: SignupMode;
  /** Joins an invited person to the organization in the sign-up transaction. */
  invitations?: Pick<InvitationService, 'joinTx'>;
  /** Whether mail can leave (a reset link needs it); the outbox handler sends it. */
  mailer?: { readonly configured: boolean };
  /** Wakes the outbox worker after commit. */
  notify?: () => void;
  /** Sign-ups that create an organization, counted per client address (docs/adr/0537). */
  throttle?: Pick<ActionThrottle, 'signUp' | 'release' | 'deviceCode'>;
  /** KLAXON_OIDC_NAME when single sign-on is configured: the button a refused password sign-in points to. */
  ssoName?: string | undefined;
}) {
  const { db, clock, box, hashCode } = deps;

  /**
   * The time step a TOTP code is for, or null when it matches none allowed: the current step or the
   * one before it (a code read at the end of its 30 s arrives in the next), never a future one
   * (docs/adr/0532). Whether the step was already used is spendTotpStep's question.
   */
  const totpStep = (code: string, secret: string): number | null => {
    const epoch = clock.now().getTime();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) return null;
    const delta = authenticator.clone({ epoch, window: [TOTP_PAST_STEPS, 0] }).checkDelta(digits, secret);
    return delta === null ? null : Math.floor(epoch / 1000 / TOTP_STEP_SECONDS) + delta;
  };
  /**
   * Marks a step used by the person; false when it, or a later one, already was (a replay).
   */
  const spendTotpStep = (trx: Kysely<Database>, userId: string, step: number): Promise<boolean> =>
    repo.spendTotpStep(trx, userId, step, clock.now().toISOString());

  async function mint(trx: Kysely<Database>, input: { userId: string; kind: SessionKind; orgId?: string | null; name?: string; ip: string | null; now: Date }) {
    const token = TOKEN_PREFIX[input.kind] + randomToken(32);
    const row: SessionRow = {
      id: newId('ses'),
      user_id: input.userId,
      kind: input.kind,
      org_id: input.orgId ?? null,
      token_hash: hashSecret(token),
      name: input.name ?? '',
      client: '{}',
      ip: input.ip,
      created_at: input.now.toISOString(),
      last_used_at: null,
      expires_at: new Date(input.now.getTime() + SESSION_TTL_MS[input.kind]).toISOString(),
      revoked_at: null,
    };
    await repo.insertSession(trx, row);
    return { row, token };
  }

  const sessionView = async (row: SessionRow, token: string) => {
    const memberships = await orgRepository.listMembershipsOfUser(db, row.user_id);
    const user = await userRepository.findUserById(db, row.user_id);
    return {
      user_id: row.user_id,
      email_verified: !!user?.email_verified_at,
      session_id: row.id,
      kind: row.kind as 'dashboard' | 'mobile',
      expires_at: row.expires_at,
      memberships: memberships.map((m) => ({ org_id: m.org_id, org_name: m.org_name, role: m.role })),
      /** The raw token: the route sets it as a cookie (dashboard) or returns it (mobile). */
      token,
    };
  };

  /**
   * Refuses an attempt (429 with Retry-After) while the failures of its (account, address) pair, or
   * of its address over all accounts, ask it to wait (docs/adr/0534). With `reservedId`, the
   * attempt's own failure row, written before the password is checked, only earlier rows count, so
   * parallel attempts see each other and at most the free ones reach the password check.
   */
  async function throttle(email: string, ip: string, now: Date, reservedId?: string) {
    const nowMs = now.getTime();
    const checks: [ThrottleRule, { email: string; ip: string } | { ip: string }][] = [[THROTTLE.pair, { email, ip }], [THROTTLE.address, { ip }]];
    for (const [rule, by] of checks) {
      const { n, latest } = await repo.failuresSince(db, by, new Date(nowMs - rule.windowMs).toISOString(), reservedId);
      const wait = waitFor(n, latest ? Date.parse(latest) : null, nowMs, rule);
      if (wait > 0) {
        if (reservedId) await repo.deleteFailure(db, reservedId);
        throw new AppError(
          'rate_limited',
          'Too many failed sign-ins from this address; wait before trying again (Retry-After), or reset your password (POST /api/auth/password-reset).',
          { retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) },
        );
      }
    }
  }

  async function fail(email: string, meta: RequestMeta, user: UserRow | undefined, reason: string, now: Date): Promise<never> {
    await db.transaction().execute(async (trx) => {
      // The failure row was reserved before the check (signIn); it stays.
      await repo.pruneFailures(trx, new Date(now.getTime() - 2 * THROTTLE.pair.windowMs).toISOString());
      const entry = { actor: systemActor, action: 'auth.sign_in_failed', targetType: 'user', ...(user ? { targetId: user.id } : {}), changes: { email, reason }, meta, now: now.toISOString() };
      if (user) await recordPersonAudit(trx, user.id, entry);
      else await recordAudit(trx, { ...entry, orgId: null });
    });
    if (reason === 'second_factor') {
      throw new AppError('unauthorized', 'The two-factor code or recovery code is wrong.', { details: [{ field: 'totp_code', message: 'is wrong or expired' }] });
    }
    throw unauthorized('The email or password is wrong.');
  }

  const userActor = (userId: string, orgId: string, role: Role, credentialId: string, audience: Audience): Actor =>
    ({ type: 'user', id: userId, orgId, role, credentialId, audience });

  return {
    /** A personal session for a person an identity provider vouched for, in the caller's transaction (the sso module). */
    mintTx: (trx: Kysely<Database>, input: { userId: string; kind: 'dashboard' | 'mobile'; ip: string | null; now: Date }) => mint(trx, input),
    /** What a sign-in answers for a minted session (the raw token included: the route sets the cookie). */
    viewOf: sessionView,

    /**
     * POST /api/auth/sign-up, as KLAXON_SIGNUP allows: with an invitation token the account joins
     * the inviting organization (the invited address counts as verified); without one, and only
     * when sign-up is open, it creates an organization the person owns.
     */
    async signUp(input: SignUpInput, meta: RequestMeta) {
      const token = input.invitation_token?.trim() || undefined;
      if (deps.signup === 'closed') {
        throw forbidden('Sign-up is closed on this server (KLAXON_SIGNUP=closed): accounts are made by its operator; sign in, or ask them for an account.');
      }
      if (!token && deps.signup === 'invite') {
        throw forbidden('Sign-up on this server is by invitation (KLAXON_SIGNUP=invite): open the invitation link you were sent (its token goes in invitation_token), or ask an owner of your organization to invite you.');
      }
      const email = input.email.trim().toLowerCase();
      if (!EMAIL.test(email) || email.length > 254) throw invalid('email', 'is not an email address');
      if (input.password.length < 10) throw invalid('password', 'must be at least 10 characters');
      const name = cleanPersonName(input.name ?? '');
      const orgName = input.org_name?.trim() ?? '';
      if (!token && !orgName) throw invalid('org_name', 'is required: the name of the organization you create (or send invitation_token to join one)');
      if (token && !deps.invitations) throw new AppError('service_unavailable', 'Invitations are not available on this process.');
      // A new organization per client address is throttled before any work (issue 19 item 7); an
      // invited person's sign-up is bounded by the invitation mail throttle instead (docs/adr/0537).
      const held = !token && deps.throttle ? await deps.throttle.signUp(meta.ip ?? 'unknown') : [];
      const passwordHash = await hashPassword(input.password); // outside the transaction: slow on purpose
      const now = clock.now();
      const iso = now.toISOString();
      const kind = input.client ?? 'dashboard';
      const { row, token: sessionToken } = await db.transaction().execute(async (trx) => {
        if (await userRepository.findUserByEmail(trx, email)) {
          throw conflict(token ? 'An account with this email already exists; sign in, then open the invitation link again.' : 'An account with this email already exists; sign in instead.');
        }
        const userId = newId('usr');
        await userRepository.insertUser(trx, { id: userId, email, name, password_hash: passwordHash, created_at: iso, updated_at: iso });
        const s = await mint(trx, { userId, kind, ip: meta.ip, now });
        if (token) {
          const joined = await deps.invitations!.joinTx(trx, {
            userId, email, emailVerified: false, token, actor: userActor(userId, '', 'observer', s.row.id, AUDIENCE[kind]), meta, now,
          });
          const actor = userActor(userId, joined.org_id, joined.role, s.row.id, AUDIENCE[kind]);
          await recordAudit(trx, { orgId: joined.org_id, actor, action: 'auth.sign_up', targetType: 'user', targetId: userId, changes: { email, via: 'invitation' }, meta, now: iso });
          await recordAudit(trx, { orgId: joined.org_id, actor, action: 'auth.sign_in', targetType: 'session', targetId: s.row.id, changes: { method: 'sign_up', kind }, meta, now: iso });
          return s;
        }
        const orgId = newId('org');
        await orgRepository.insertOrg(trx, { id: orgId, name: orgName, time_zone: 'UTC', ingest_rate_per_minute: 1200, created_at: iso, updated_at: iso });
        await orgRepository.insertMembership(trx, { org_id: orgId, user_id: userId, role: 'owner', created_at: iso });
        const actor = userActor(userId, orgId, 'owner', s.row.id, AUDIENCE[kind]);
        await recordAudit(trx, { orgId, actor, action: 'org.sign_up', targetType: 'organization', targetId: orgId, changes: { name: orgName, owner: userId, email }, meta, now: iso });
        await recordAudit(trx, { orgId, actor, action: 'auth.sign_in', targetType: 'session', targetId: s.row.id, changes: { method: 'sign_up', kind }, meta, now: iso });
        return s;
      }).catch(async (err: unknown) => {
        // Only a sign-up that happened counts (an address already taken does not).
        if (held.length) await deps.throttle!.release(held);
        throw err;
      });
      return sessionView(row, sessionToken);
    },

    async signIn(input: SignInInput, meta: RequestMeta) {
      const email = input.email.trim().toLowerCase();
      const now = clock.now();
      const ip = meta.ip ?? 'unknown';
      await throttle(email, ip, now);
      // Reserve a failure before checking; a success deletes the pair's failures again.
      const reservedId = newId('sif');
      await repo.insertFailure(db, { id: reservedId, email, ip, created_at: now.toISOString() });
      await throttle(email, ip, now, reservedId);
      const user = await userRepository.findUserByEmail(db, email);
      const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !user.password_hash || !ok) return fail(email, meta, user, 'password', now);
      // An organization that requires single sign-on refuses its members' passwords (owners keep
      // theirs: the way back in if the identity provider fails). Told only after the password was right.
      const ssoOnly = await orgRepository.ssoRequiredOrgsOf(db, user.id);
      if (ssoOnly.length) {
        await repo.deleteFailure(db, reservedId);
        const button = deps.ssoName ? `"Sign in with ${deps.ssoName}"` : 'single sign-on';
        throw new AppError('forbidden', `${ssoOnly.map((o) => `"${o.name}"`).join(', ')} requires single sign-on for its members: use ${button} on the sign-in page (GET /api/auth/oidc/start) instead of your password.`, {
          details: [{ field: 'password', message: 'sso_required' }],
        });
      }
      let secondFactor: 'totp' | 'recovery_code' | null = null;
      let step: number | null = null;
      if (user.totp_secret_sealed) {
        if (!input.totp_code && !input.recovery_code) {
          // Not a failure: the client asks for the second factor and signs in again.
          await repo.deleteFailure(db, reservedId);
          throw new AppError('unauthorized', 'This account uses two-factor sign-in: send totp_code (or a recovery_code) with the password.', {
            details: [{ field: 'totp_code', message: 'is required' }],
          });
        }
        if (input.totp_code) {
          step = totpStep(input.totp_code, box.open(user.totp_secret_sealed));
          if (step === null) return fail(email, meta, user, 'second_factor', now);
          secondFactor = 'totp';
        } else {
          secondFactor = 'recovery_code';
        }
      }
      const kind = input.client ?? 'dashboard';
      const iso = now.toISOString();
      const result = await db.transaction().execute(async (trx) => {
        if (secondFactor === 'recovery_code') {
          const used = await repo.useRecoveryCode(trx, user.id, hashCode('recovery', normalizeRecoveryCode(input.recovery_code!)), iso);
          if (!used) return undefined;
        }
        if (step !== null && !(await spendTotpStep(trx, user.id, step))) return undefined;
        await repo.clearFailures(trx, email, ip);
        const s = await mint(trx, { userId: user.id, kind, ip: meta.ip, now });
        await recordPersonAudit(trx, user.id, {
          actor: { type: 'user', id: user.id, orgId: '', role: 'observer', credentialId: s.row.id, audience: AUDIENCE[kind] },
          action: 'auth.sign_in', targetType: 'session', targetId: s.row.id,
          changes: { method: 'password', second_factor: secondFactor, kind }, meta, now: iso,
        });
        return s;
      });
      if (!result) return fail(email, meta, user, 'second_factor', now);
      return sessionView(result.row, result.token);
    },

    /** Finds a live session of a kind by its token; undefined when unknown, revoked or expired. */
    async authenticate(token: string, kind: SessionKind): Promise<SessionRow | undefined> {
      if (!token.startsWith(TOKEN_PREFIX[kind])) return undefined;
      const row = await repo.findSessionByHash(db, hashSecret(token));
      const now = clock.now();
      if (!row || row.kind !== kind || row.revoked_at || row.expires_at <= now.toISOString()) return undefined;
      // last_used_at at minute resolution: one write a minute per session, not one per request.
      if (!row.last_used_at || new Date(row.last_used_at).getTime() < now.getTime() - 60_000) await repo.touchSession(db, row.id, now.toISOString());
      return row;
    },

    async signOut(session: SessionRow, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await repo.revokeSession(trx, session.id, iso);
        await recordPersonAudit(trx, session.user_id, {
          actor: { type: 'user', id: session.user_id, orgId: '', role: 'observer', credentialId: session.id, audience: AUDIENCE[session.kind] },
          action: 'auth.sign_out', targetType: 'session', targetId: session.id, changes: { kind: session.kind }, meta, now: iso,
        });
      });
      return { ok: true as const };
    },

    /** The person's live sessions and agent tokens, a page at a time (a person has few: filtered in memory). */
    async list(actor: UserActor, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, actor.id, idPosition('ses'));
      const live = (await repo.listLiveSessions(db, actor.id, clock.now().toISOString())).filter((r) => after === undefined || r.id > after);
      const { rows, nextCursor } = pageOf(live, limit, actor.id, (last) => last.id);
      return { nextCursor, items: rows.map((r) => ({
        id: r.id, kind: r.kind, name: r.name, org_id: r.org_id, client: JSON.parse(r.client) as Record<string, unknown>,
        created_at: r.created_at, last_used_at: r.last_used_at, expires_at: r.expires_at, current: r.id === actor.credentialId,
      })) };
    },

    /** Revokes one of the person's own sessions or agent tokens; another person's is 404. */
    async revoke(actor: UserActor, id: string, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await repo.findSession(trx, actor.id, id);
        if (!row || row.revoked_at || row.expires_at <= iso) throw notFound('Session', id);
        await repo.revokeSession(trx, id, iso);
        await recordPersonAudit(trx, actor.id, { actor, action: 'session.revoke', targetType: 'session', targetId: id, changes: { kind: row.kind, name: row.name }, meta, now: iso });
      });
      return { ok: true as const };
    },

    // --- password reset by emailed link (docs/adr/0534) ---------------------------------------

    /**
     * POST /api/auth/password-reset: mails a one-time link to the address if an account uses it.
     * The answer is the same either way (no account enumeration); the mail goes through the outbox,
     * so the answer's timing does not say either.
     */
    async requestPasswordReset(input: { email: string }, meta: RequestMeta) {
      const email = input.email.trim().toLowerCase();
      if (!EMAIL.test(email) || email.length > 254) throw invalid('email', 'is not an email address');
      if (!deps.mailer?.configured) {
        throw new AppError('service_unavailable', 'Outgoing mail is not configured on this server, so no reset link can be sent; the operator must set SMTP_URL.');
      }
      const answer = { ok: true as const, message: 'If an account uses this address, a link to set a new password was mailed to it. It works once, within an hour.' };
      const now = clock.now();
      const iso = now.toISOString();
      const token = PASSWORD_RESET.tokenPrefix + randomToken(32);
      const queued = await db.transaction().execute(async (trx) => {
        const user = await userRepository.findUserByEmail(trx, email);
        if (!user) return false;
        // A mailbox is not flooded: past the limit the request is answered alike and nothing is sent.
        if ((await repo.countPasswordResetsSince(trx, user.id, new Date(now.getTime() - 3600_000).toISOString())) >= PASSWORD_RESET.perPersonPerHour) return false;
        const id = newId('pwr');
        await repo.insertPasswordReset(trx, {
          id, user_id: user.id, token_hash: hashSecret(token), token_sealed: box.seal(token), mail_status: 'pending', ip: meta.ip,
          created_at: iso, expires_at: new Date(now.getTime() + PASSWORD_RESET.ttlMs).toISOString(), used_at: null,
        });
        await outboxRepository.insertEvents(trx, [
          { org_id: '', type: PASSWORD_RESET.event, alert_id: null, payload: JSON.stringify({ reset_id: id }), created_at: iso, available_at: iso },
        ]);
        await recordPersonAudit(trx, user.id, { actor: systemActor, action: 'auth.password_reset_request', targetType: 'user', targetId: user.id, meta, now: iso });
        return true;
      });
      if (queued) deps.notify?.();
      return answer;
    },

    /** Outbox consumer of password_reset.requested: mails the link; the token is never logged. */
    async deliverPasswordReset(resetId: string, mailer: { readonly configured: boolean; send(m: { to: string; subject: string; text: string }): Promise<void> } | undefined) {
      const row = await repo.findPasswordReset(db, resetId);
      if (!row || !row.token_sealed || row.mail_status !== 'pending') return;
      if (row.used_at || row.expires_at <= clock.now().toISOString()) return repo.setPasswordResetMail(db, row.id, 'failed');
      if (!mailer?.configured) return repo.setPasswordResetMail(db, row.id, 'not_configured');
      const user = await userRepository.findUserById(db, row.user_id);
      if (!user) return repo.setPasswordResetMail(db, row.id, 'failed');
      const url = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(box.open(row.token_sealed))}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your Klaxon password',
        text:
          `Someone asked to set a new password for the Klaxon account of ${user.email}.\n\n` +
          `Open this link to choose one (it works once, until ${row.expires_at}):\n${url}\n\n` +
          'If you did not ask for this, ignore this mail: your password stays as it is.\n',
      });
      await repo.setPasswordResetMail(db, row.id, 'sent');
    },

    /**
     * POST /api/auth/password-reset/confirm: the link's token sets a new password. It proves the
     * mailbox, so the address becomes verified and the account's sign-in failures are cleared;
     * every credential of the person ends (sessions, agent tokens, full-product keys, devices; whoever
     * held one is out), and the answer says how many of each (docs/adr/0710).
     */
    async resetPassword(input: { token: string; password: string }, meta: RequestMeta) {
      if (input.password.length < 10) throw invalid('password', 'must be at least 10 characters');
      const row = await repo.findPasswordResetByHash(db, hashSecret(input.token.trim()));
      const nowIso = clock.now().toISOString();
      const dead = () => invalid('token', 'is unknown, expired or already used; ask for a new link (POST /api/auth/password-reset)');
      if (!row || row.used_at || row.expires_at <= nowIso) throw dead();
      const hash = await hashPassword(input.password); // outside the transaction: slow on purpose
      const ended = await db.transaction().execute(async (trx) => {
        if (!(await repo.usePasswordReset(trx, row, nowIso))) throw dead();
        const user = await userRepository.findUserById(trx, row.user_id);
        if (!user) throw dead();
        await userRepository.updateUser(trx, user.id, { password_hash: hash, updated_at: nowIso, ...(user.email_verified_at ? {} : { email_verified_at: nowIso }) });
        await repo.clearFailures(trx, user.email);
        // Whoever held the account before the mailbox's owner took it back loses every way in
        // (issue 33 item 3, docs/adr/0710): sessions, agent tokens, keys and the devices they registered.
        const counts = await endPersonCredentialsTx(trx, user.id, null, nowIso);
        await recordPersonAudit(trx, user.id, { actor: systemActor, action: 'auth.password_reset', targetType: 'user', targetId: user.id, changes: { ended_sessions: counts.sessions + counts.agent_tokens, ended: counts }, meta, now: nowIso });
        return counts;
      });
      return { ok: true as const, ended_sessions: ended.sessions + ended.agent_tokens, ended };
    },

    /** When a session last proved its password or second factor (the access check of docs/adr/0533). */
    provenAt: (sessionId: string): Promise<string | undefined> => repo.provenAt(db, sessionId),

    /**
     * POST /api/me/reauthenticate: the person's own session proves again that it is them, with the
     * password, a current TOTP code or a recovery code; account-security actions are then open to
     * it for REAUTH_WINDOW_MS. Failures count as failed sign-ins of the account.
     */
    async reauthenticate(actor: UserActor, input: { password?: string | undefined; totp_code?: string | undefined; recovery_code?: string | undefined }, meta: RequestMeta) {
      const user = await userRepository.findUserById(db, actor.id);
      if (!user) throw notFound('User');
      const method = input.password !== undefined ? 'password' : input.totp_code !== undefined ? 'totp' : input.recovery_code !== undefined ? 'recovery_code' : undefined;
      if (!method) throw invalid('password', 'is required: send your password, or totp_code (or recovery_code) when two-factor sign-in is on');
      if (method !== 'password' && !user.totp_secret_sealed) throw invalid(method, 'only works when two-factor sign-in is on; send your password');
      const now = clock.now();
      const iso = now.toISOString();
      const ip = meta.ip ?? 'unknown';
      await throttle(user.email, ip, now);
      const step = method === 'totp' ? totpStep(input.totp_code!, box.open(user.totp_secret_sealed!)) : null;
      const passwordOk = method === 'password' ? !!user.password_hash && (await verifyPassword(input.password!, user.password_hash)) : false;
      const proven = await db.transaction().execute(async (trx) => {
        if (method === 'password' && !passwordOk) return false;
        if (method === 'totp' && (step === null || !(await spendTotpStep(trx, user.id, step)))) return false;
        if (method === 'recovery_code' && !(await repo.useRecoveryCode(trx, user.id, hashCode('recovery', normalizeRecoveryCode(input.recovery_code!)), iso))) return false;
        await repo.recordReauthentication(trx, actor.credentialId, method, iso);
        await recordPersonAudit(trx, user.id, { actor, action: 'auth.reauthenticate', targetType: 'session', targetId: actor.credentialId, changes: { method }, meta, now: iso });
        return true;
      });
      if (!proven) {
        await db.transaction().execute(async (trx) => {
          await repo.insertFailure(trx, { id: newId('sif'), email: user.email, ip, created_at: iso });
          await recordPersonAudit(trx, user.id, { actor, action: 'auth.reauthenticate_failed', targetType: 'session', targetId: actor.credentialId, changes: { method }, meta, now: iso });
        });
        throw new AppError('forbidden', method === 'password' ? 'The password is wrong.' : 'The two-factor code or recovery code is wrong, expired or already used.', {
          details: [{ field: method, message: 'is wrong' }],
        });
      }
      return { session_id: actor.credentialId, method, valid_until: new Date(now.getTime() + REAUTH_WINDOW_MS).toISOString() };
    },

    /**
     * POST /api/me/password: a new password (the session re-authenticated recently, so the current
     * one is not asked again). Every other session of the person ends; API keys are not sessions and stay.
     */
    async changePassword(actor: UserActor, password: string, meta: RequestMeta) {
      if (password.length < 10) throw invalid('password', 'must be at least 10 characters');
      const hash = await hashPassword(password); // outside the transaction: slow on purpose
      const iso = clock.now().toISOString();
      const revoked = await db.transaction().execute(async (trx) => {
        await userRepository.updateUser(trx, actor.id, { password_hash: hash, updated_at: iso });
        const ended = await repo.revokeOtherSessions(trx, actor.id, actor.credentialId, iso);
        await recordPersonAudit(trx, actor.id, { actor, action: 'auth.password_change', targetType: 'user', targetId: actor.id, changes: { ended_sessions: ended.length }, meta, now: iso });
        return ended;
      });
      return { ok: true as const, ended_sessions: revoked.length };
    },

    async setClient(sessionId: string, client: object) {
      await repo.setSessionClient(db, sessionId, JSON.stringify(client));
    },

    // --- TOTP second factor -------------------------------------------------------------------

    /** Starts setup: a new secret, shown once here; it takes effect after confirmTotp. */
    async beginTotp(actor: UserActor, meta: RequestMeta) {
      const user = await userRepository.findUserById(db, actor.id);
      if (!user) throw notFound('User');
      if (user.totp_secret_sealed) throw conflict('Two-factor sign-in is already on; turn it off first to enrol a new authenticator.');
      const secret = authenticator.generateSecret(20);
      const iso = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await userRepository.updateUser(trx, actor.id, { totp_pending_sealed: box.seal(secret), updated_at: iso });
        await recordPersonAudit(trx, actor.id, { actor, action: 'auth.totp_setup_started', targetType: 'user', targetId: actor.id, meta, now: iso });
      });
      return { secret, otpauth_url: authenticator.keyuri(user.email, 'Klaxon', secret) };
    },

    async confirmTotp(actor: UserActor, code: string, meta: RequestMeta) {
      const user = await userRepository.findUserById(db, actor.id);
      if (!user) throw notFound('User');
      if (!user.totp_pending_sealed) throw conflict('No two-factor setup is in progress; call POST /api/me/totp first.');
      const step = totpStep(code, box.open(user.totp_pending_sealed));
      if (step === null) throw invalid('code', 'is wrong or expired; enter the current code from your authenticator');
      const iso = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        // The confirming code's step is spent: it cannot sign in a second time.
        await userRepository.updateUser(trx, actor.id, { totp_secret_sealed: user.totp_pending_sealed, totp_pending_sealed: null, totp_enabled_at: iso, updated_at: iso });
        await repo.forgetTotpSteps(trx, actor.id);
        await spendTotpStep(trx, actor.id, step);
        await recordPersonAudit(trx, actor.id, { actor, action: 'auth.totp_enable', targetType: 'user', targetId: actor.id, meta, now: iso });
      });
      return { totp_enabled: true, enabled_at: iso };
    },

    /** Turns TOTP off; proves possession with a current code or a recovery code. */
    async disableTotp(actor: UserActor, code: string, meta: RequestMeta) {
      const user = await userRepository.findUserById(db, actor.id);
      if (!user) throw notFound('User');
      if (!user.totp_secret_sealed) throw conflict('Two-factor sign-in is not on.');
      const iso = clock.now().toISOString();
      const step = totpStep(code, box.open(user.totp_secret_sealed));
      const viaTotp = step !== null;
      await db.transaction().execute(async (trx) => {
        const proven = viaTotp ? await spendTotpStep(trx, actor.id, step) : await repo.useRecoveryCode(trx, actor.id, hashCode('recovery', normalizeRecoveryCode(code)), iso);
        if (!proven) throw invalid('code', 'is wrong, expired or already used; enter the current authenticator code or a recovery code');
        await userRepository.updateUser(trx, actor.id, { totp_secret_sealed: null, totp_pending_sealed: null, totp_enabled_at: null, updated_at: iso });
        await repo.forgetTotpSteps(trx, actor.id);
        await recordPersonAudit(trx, actor.id, { actor, action: 'auth.totp_disable', targetType: 'user', targetId: actor.id, changes: { proof: viaTotp ? 'totp' : 'recovery_code' }, meta, now: iso });
      });
      return { totp_enabled: false };
    },

    // --- recovery codes -----------------------------------------------------------------------

    async recoveryStatus(actor: UserActor) {
      const s = await repo.recoveryCodeStatus(db, actor.id);
      return { remaining: s.remaining, total: s.total, generated_at: s.generatedAt };
    },

    /** A new set replaces the old one; the codes are in this answer only and stored hashed. */
    async generateRecoveryCodes(actor: UserActor, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCode());
      await db.transaction().execute(async (trx) => {
        await repo.deleteRecoveryCodes(trx, actor.id);
        await repo.insertRecoveryCodes(trx, codes.map((c) => ({ id: newId('rcv'), user_id: actor.id, code_hash: hashCode('recovery', c), created_at: iso })));
        await recordPersonAudit(trx, actor.id, { actor, action: 'auth.recovery_codes_generate', targetType: 'user', targetId: actor.id, changes: { count: codes.length }, meta, now: iso });
      });
      return { codes, remaining: codes.length, total: codes.length, generated_at: iso };
    },

    // --- OAuth 2.0 device authorization grant (RFC 8628) -----------------------------------------

    /**
     * POST /api/auth/device/code (public): throttled per client address (docs/adr/0712), since each
     * call writes a grant and holds a user code for ten minutes.
     */
    async startDeviceGrant(input: { client_name?: string | undefined }, meta?: RequestMeta) {
      if (deps.throttle) await deps.throttle.deviceCode(meta?.ip ?? 'unknown');
      const now = clock.now();
      const deviceCode = DEVICE_CODE_PREFIX + randomToken(32);
      await repo.expireGrants(db, now.toISOString());
      for (let attempt = 0; ; attempt++) {
        const code = userCode();
        try {
          await repo.insertGrant(db, {
            id: newId('dgr'), device_code_hash: hashSecret(deviceCode), user_code: code, client_name: (input.client_name ?? 'Agent').trim() || 'Agent',
            status: 'pending', user_id: null, org_id: null, interval_seconds: DEVICE_GRANT.intervalSeconds, last_polled_at: null,
            created_at: now.toISOString(), expires_at: new Date(now.getTime() + DEVICE_GRANT.ttlSeconds * 1000).toISOString(),
          });
          const uri = `${deps.publicUrl}/device`;
          return {
            device_code: deviceCode, user_code: code, verification_uri: uri,
            verification_uri_complete: `${uri}?user_code=${encodeURIComponent(code)}`,
            expires_in: DEVICE_GRANT.ttlSeconds, interval: DEVICE_GRANT.intervalSeconds,
          };
        } catch (err) {
          if (attempt >= 3) throw err; // a pending user code collided: draw again
        }
      }
    },

    /** The signed-in person approves (or denies) an agent for the organization in X-Service-Org. */
    async decideDeviceGrant(actor: UserActor, input: { user_code: string; approve: boolean }, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      const code = normalizeUserCode(input.user_code);
      return db.transaction().execute(async (trx) => {
        const g = await repo.findPendingGrantByUserCode(trx, code);
        if (!g || g.expires_at <= iso) throw notFound('Pending device code', code);
        const status = input.approve ? 'approved' : 'denied';
        if (!(await repo.updateGrant(trx, g.id, { status, user_id: actor.id, org_id: actor.orgId }, 'pending'))) throw notFound('Pending device code', code);
        await recordAudit(trx, {
          orgId: actor.orgId, actor, action: input.approve ? 'agent_grant.approve' : 'agent_grant.deny', targetType: 'device_grant', targetId: g.id,
          changes: { client_name: g.client_name }, meta, now: iso,
        });
        return { id: g.id, client_name: g.client_name, status, org_id: actor.orgId };
      });
    },

    /**
     * The agent polls with its device code. Errors carry the RFC 8628 / RFC 6749 error name in
     * details[0].message under field "oauth_error" (docs/adr/0300-sign-in-and-sessions.md).
     */
    async pollDeviceGrant(input: { grant_type: string; device_code: string }, meta: RequestMeta) {
      const oauth = (name: string, message: string, code: 'invalid_request' | 'rate_limited' = 'invalid_request') =>
        new AppError(code, message, { details: [{ field: 'oauth_error', message: name }] });
      if (input.grant_type !== 'urn:ietf:params:oauth:grant-type:device_code') {
        throw oauth('unsupported_grant_type', 'grant_type must be urn:ietf:params:oauth:grant-type:device_code.');
      }
      const now = clock.now();
      const iso = now.toISOString();
      const g = await repo.findGrantByDeviceHash(db, hashSecret(input.device_code));
      if (!g || g.status === 'consumed') throw oauth('invalid_grant', 'The device code is unknown or was already used; start again.');
      if (g.expires_at <= iso) throw oauth('expired_token', 'The device code expired; start again.');
      if (g.status === 'denied') throw oauth('access_denied', 'The person denied this request.');
      if (g.status === 'pending') {
        const tooSoon = g.last_polled_at && new Date(g.last_polled_at).getTime() + g.interval_seconds * 1000 > now.getTime();
        await repo.updateGrant(db, g.id, { last_polled_at: iso, ...(tooSoon ? { interval_seconds: g.interval_seconds + 5 } : {}) });
        if (tooSoon) throw oauth('slow_down', `Polling too fast; wait ${g.interval_seconds + 5} seconds between requests.`);
        throw oauth('authorization_pending', 'The person has not approved this request yet; poll again after the interval.');
      }
      const issued = await db.transaction().execute(async (trx) => {
        if (!(await repo.updateGrant(trx, g.id, { status: 'consumed' }, 'approved'))) return undefined;
        const membership = await orgRepository.findMembership(trx, g.org_id!, g.user_id!);
        if (!membership) return undefined;
        const s = await mint(trx, { userId: g.user_id!, kind: 'agent', orgId: g.org_id, name: g.client_name, ip: meta.ip, now });
        await recordAudit(trx, {
          orgId: g.org_id, actor: { type: 'user', id: g.user_id!, orgId: g.org_id!, role: membership.role, credentialId: s.row.id, audience: 'D' },
          action: 'agent_grant.token_issue', targetType: 'session', targetId: s.row.id, changes: { client_name: g.client_name }, meta, now: iso,
        });
        return s;
      });
      if (!issued) throw oauth('invalid_grant', 'The device code is no longer valid; start again.');
      return {
        access_token: issued.token, token_type: 'Bearer' as const, expires_in: Math.round(SESSION_TTL_MS.agent / 1000),
        org_id: issued.row.org_id!, session_id: issued.row.id,
      };
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
