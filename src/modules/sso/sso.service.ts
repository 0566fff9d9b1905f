import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { SignupMode } from '../../config.ts';
import { type Actor, type Role, systemActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashSecret, randomToken, type SecretBox } from '../../lib/secrets.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import type { InvitationService } from '../invitation/index.ts';
import { orgRepository, type SsoRoleMap, ssoRoleMapOf } from '../org/index.ts';
import type { SessionService } from '../session/index.ts';
import { cleanPersonName, recordPersonAudit, userRepository } from '../user/index.ts';
import type { OidcClaims, OidcClient } from './sso.oidc.ts';
import * as repo from './sso.repository.ts';

/** A started sign-in is good for 10 minutes (the person types their password at the provider meanwhile). */
export const SIGN_IN_TTL_MS = 10 * 60_000;
export const CALLBACK_PATH = '/v1/auth/oidc/callback';
const RANK: Record<Role, number> = { observer: 0, responder: 1, admin: 2, owner: 3 };

const b64url = (b: Buffer) => b.toString('base64url');

/**
 * `next` is a path on this server (never another origin): `/alerts?x=1`, not `//evil` or `https://…`.
 */
export function safeNext(next: string | undefined): string {
  const n = (next ?? '').trim();
  if (!n) return '/';
  if (n.length > 500 || !n.startsWith('/') || n.startsWith('//') || n.includes('\\') || /[\u0000-\u001f]/.test(n)) {
    throw new AppError('invalid_request', 'next must be a path on this server, such as /alerts.', { details: [{ field: 'next', message: 'must start with a single /' }] });
  }
  return n;
}

/** The role the groups give under a map, the highest when several do; undefined when none is mapped. */
export function mappedRole(map: SsoRoleMap, groups: readonly string[]): { role: Role; groups: string[] } | undefined {
  let best: Role | undefined;
  const matched: string[] = [];
  for (const g of groups) {
    const r = map[g];
    if (!r) continue;
    matched.push(g);
    if (best === undefined || RANK[r] > RANK[best]) best = r;
  }
  return best ? { role: best, groups: matched } : undefined;
}

/**
 * Single sign-on with OpenID Connect (PRODUCT.md 13, docs/adr/0840-oidc-sign-in.md): starts a sign-in
 * (state, nonce, PKCE verifier kept server-side, bound to the browser by a cookie holding the state),
 * and finishes it at the callback: the identity is (issuer, subject); a first sign-in links to an
 * account only on a verified matching email, or makes one as KLAXON_SIGNUP allows (a pending
 * invitation for the address counts); each organization's sso_role_map is applied; a personal
 * session like a password sign-in's is minted (the provider decided the second factor).
 */
export function createSsoService(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  box: SecretBox;
  publicUrl: string;
  signup: SignupMode;
  /** Undefined when KLAXON_OIDC_ISSUER is not set: the routes answer 404. */
  oidc: OidcClient | undefined;
  sessions: Pick<SessionService, 'mintTx' | 'viewOf'>;
  invitations: Pick<InvitationService, 'pendingForEmailTx' | 'joinPendingForEmailTx'>;
  seats?: { assertCanAddSeat(orgId: string, opts: { db: Kysely<Database> }): Promise<void> };
}) {
  const { db, clock, box } = deps;
  const redirectUri = `${deps.publicUrl}${CALLBACK_PATH}`;
  const configured = () => {
    if (!deps.oidc) throw new AppError('not_found', 'Single sign-on is not configured on this server (KLAXON_OIDC_ISSUER); sign in with your email and password.');
    return deps.oidc;
  };
  const refused = (why: string) => new AppError('unauthorized', `Single sign-on was refused: ${why} No session was created; sign in again.`);
  const personActor = (userId: string, orgId: string, role: Role, sessionId: string): Actor => ({ type: 'user', id: userId, orgId, role, credentialId: sessionId, audience: 'D' });

  /** Joins or re-roles the person in every organization whose sso_role_map names one of their groups. */
  async function applyRoleMaps(trx: Kysely<Database>, userId: string, groups: string[], sessionId: string, meta: RequestMeta, iso: string) {
    for (const org of await orgRepository.orgsWithRoleMap(trx)) {
      const hit = mappedRole(ssoRoleMapOf(org.sso_role_map), groups);
      if (!hit) continue;
      const m = await orgRepository.findMembership(trx, org.id, userId);
      const actor = personActor(userId, org.id, hit.role, sessionId);
      if (!m) {
        await orgRepository.lockOrg(trx, org.id, deps.dialect);
        try {
          await deps.seats?.assertCanAddSeat(org.id, { db: trx });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          await recordAudit(trx, { orgId: org.id, actor, action: 'sso.role_map_skipped', targetType: 'user', targetId: userId, changes: { role: hit.role, groups: hit.groups, reason: err.message }, meta, now: iso });
          continue;
        }
        await orgRepository.insertMembership(trx, { org_id: org.id, user_id: userId, role: hit.role, created_at: iso });
        await recordAudit(trx, { orgId: org.id, actor, action: 'sso.role_map_join', targetType: 'user', targetId: userId, changes: { role: hit.role, groups: hit.groups }, meta, now: iso });
      } else if (m.role !== hit.role && m.role !== 'owner') {
        // Owners are made and unmade by hand: a group never changes an owner.
        await orgRepository.updateMembershipRole(trx, org.id, userId, hit.role);
        await recordAudit(trx, { orgId: org.id, actor, action: 'sso.role_map_change', targetType: 'user', targetId: userId, changes: { role: { from: m.role, to: hit.role }, groups: hit.groups }, meta, now: iso });
      }
    }
  }

  /** The account of an identity: found, linked by verified email, or made as KLAXON_SIGNUP allows. */
  async function accountFor(trx: Kysely<Database>, issuer: string, claims: OidcClaims, now: Date): Promise<{ userId: string; created: boolean; linked: boolean }> {
    const iso = now.toISOString();
    const known = await repo.findIdentity(trx, issuer, claims.sub);
    if (known) {
      await repo.touchIdentity(trx, issuer, claims.sub, { email: claims.email ?? null, last_sign_in_at: iso });
      return { userId: known.user_id, created: false, linked: false };
    }
    const email = claims.email;
    if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
      throw refused('the identity provider gave no email address for this person (ask for the email scope), so no account can be found or made.');
    }
    const existing = await userRepository.findUserByEmail(trx, email);
    if (existing) {
      if (!claims.email_verified) {
        throw refused(`an account with the address ${email} exists, but the identity provider does not say the address is verified (email_verified), so the two are not joined. Sign in with your password, or ask the provider's administrator to verify the address.`);
      }
      await repo.insertIdentity(trx, { issuer, subject: claims.sub, user_id: existing.id, email, created_at: iso, last_sign_in_at: iso });
      if (!existing.email_verified_at) await userRepository.updateUser(trx, existing.id, { email_verified_at: iso, updated_at: iso });
      return { userId: existing.id, created: false, linked: true };
    }
    if (deps.signup === 'closed') throw refused('sign-up is closed on this server (KLAXON_SIGNUP=closed): the operator makes accounts; ask them for one.');
    const invited = claims.email_verified ? (await deps.invitations.pendingForEmailTx(trx, email, now)).length > 0 : false;
    if (deps.signup === 'invite' && !invited) {
      throw refused(
        claims.email_verified
          ? `sign-up on this server is by invitation (KLAXON_SIGNUP=invite) and there is no open invitation for ${email}; ask an owner of your organization to invite that address.`
          : `sign-up on this server is by invitation (KLAXON_SIGNUP=invite), and an invitation counts only for an address the identity provider says is verified (email_verified).`,
      );
    }
    const userId = newId('usr');
    await userRepository.insertUser(trx, {
      id: userId, email, name: cleanPersonName(claims.name ?? ''), password_hash: null, created_at: iso, updated_at: iso,
      ...(claims.email_verified ? { email_verified_at: iso } : {}),
    });
    await repo.insertIdentity(trx, { issuer, subject: claims.sub, user_id: userId, email, created_at: iso, last_sign_in_at: iso });
    return { userId, created: true, linked: false };
  }

  return {
    /** GET /api/auth/oidc: whether the dashboard shows the button, and its name. */
    info() {
      return deps.oidc ? { configured: true, name: deps.oidc.name, start_url: '/api/auth/oidc/start' } : { configured: false, name: null, start_url: null };
    },

    /** GET /api/auth/oidc/start: the provider's authorization URL, and the state the route puts in the browser's cookie. */
    async start(input: { next?: string | undefined }) {
      const oidc = configured();
      const next = safeNext(input.next);
      const now = clock.now();
      const state = randomToken(32);
      const nonce = randomToken(32);
      const verifier = b64url(randomBytes(32));
      const challenge = b64url(createHash('sha256').update(verifier).digest());
      const url = await oidc.authorizationUrl({ redirectUri, state, nonce, codeChallenge: challenge });
      await repo.pruneSignIns(db, now.toISOString());
      await repo.insertSignIn(db, {
        state_hash: hashSecret(state), nonce, code_verifier_sealed: box.seal(verifier), next,
        created_at: now.toISOString(), expires_at: new Date(now.getTime() + SIGN_IN_TTL_MS).toISOString(),
      });
      return { authorization_url: url.href, state, expires_in: SIGN_IN_TTL_MS / 1000 };
    },

    /**
     * GET /v1/auth/oidc/callback: the state must be the one this browser started with (its cookie)
     * and is spent here, once; then the code is exchanged and the ID token checked (sso.oidc.ts).
     */
    async callback(input: { query: Record<string, string | undefined>; search: string; cookieState: string | undefined }, meta: RequestMeta) {
      const oidc = configured();
      const state = input.query.state;
      try {
        if (!state) throw refused('the answer carries no state.');
        if (!input.cookieState || input.cookieState !== state) {
          throw refused('this sign-in was not started in this browser (its state does not match), or its cookie expired.');
        }
        const started = await repo.takeSignIn(db, hashSecret(state));
        const now = clock.now();
        if (!started || started.expires_at <= now.toISOString()) throw refused('this sign-in is unknown, was already finished, or took longer than 10 minutes.');
        const callbackUrl = new URL(redirectUri);
        callbackUrl.search = input.search;
        const claims = await oidc.exchange(callbackUrl, { codeVerifier: box.open(started.code_verifier_sealed), state, nonce: started.nonce });
        const iso = clock.now().toISOString();
        const done = await db.transaction().execute(async (trx) => {
          const account = await accountFor(trx, oidc.issuer, claims, clock.now());
          const s = await deps.sessions.mintTx(trx, { userId: account.userId, kind: 'dashboard', ip: meta.ip, now: clock.now() });
          const inviteActor = (orgId: string, role: Role) => personActor(account.userId, orgId, role, s.row.id);
          if (account.created && claims.email && claims.email_verified) {
            await deps.invitations.joinPendingForEmailTx(trx, { userId: account.userId, email: claims.email, actor: inviteActor, meta, now: clock.now() });
          }
          await applyRoleMaps(trx, account.userId, claims.groups, s.row.id, meta, iso);
          if (account.created && deps.signup === 'open' && !(await orgRepository.listMembershipsOfUser(trx, account.userId)).length) {
            // Open sign-up makes an organization the person owns, as a password sign-up does.
            const orgId = newId('org');
            const orgName = `${claims.name?.trim() || claims.email}'s organization`.slice(0, 200);
            await orgRepository.insertOrg(trx, { id: orgId, name: orgName, time_zone: 'UTC', ingest_rate_per_minute: 1200, created_at: iso, updated_at: iso });
            await orgRepository.insertMembership(trx, { org_id: orgId, user_id: account.userId, role: 'owner', created_at: iso });
            await recordAudit(trx, { orgId, actor: inviteActor(orgId, 'owner'), action: 'org.sign_up', targetType: 'organization', targetId: orgId, changes: { name: orgName, owner: account.userId, email: claims.email, via: 'sso' }, meta, now: iso });
          }
          await recordPersonAudit(trx, account.userId, {
            actor: personActor(account.userId, '', 'observer', s.row.id), action: 'auth.sign_in', targetType: 'session', targetId: s.row.id,
            changes: { method: 'oidc', issuer: oidc.issuer, kind: 'dashboard', ...(account.created ? { account: 'created' } : account.linked ? { account: 'linked' } : {}) }, meta, now: iso,
          });
          return s;
        });
        return { session: await deps.sessions.viewOf(done.row, done.token), next: started.next };
      } catch (err) {
        if (err instanceof AppError && err.code === 'unauthorized') {
          await recordAudit(db, { orgId: null, actor: systemActor, action: 'auth.sign_in_failed', targetType: 'user', changes: { method: 'oidc', reason: err.message }, meta, now: clock.now().toISOString() });
        }
        throw err;
      }
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
