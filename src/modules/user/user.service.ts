import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { type CodeHasher, sixDigitCode } from '../../lib/codes.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { safeEqual } from '../../lib/secrets.ts';
import type { RequestMeta } from '../audit/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Mailer } from '../mail/index.ts';
import { endMembershipTx, orgRepository, type MembershipLeavingTx } from '../org/index.ts';
import { endPersonCredentialsTx } from '../api-key/index.ts';
import type { Dialect } from '../../db/connect.ts';
import { recordPersonAudit } from './user.audit.ts';
import * as repo from './user.repository.ts';
import { DEFAULT_ALERT_SOUND } from './user.schemas.ts';
import type { UserRow } from './user.table.ts';
import { cleanPersonName } from './user.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_CODE = { ttlMs: 15 * 60 * 1000, maxAttempts: 5 };

export interface AlertSound {
  sounds: { high: string; low: string };
  critical_alerts: boolean;
}
export interface ClientInfo {
  platform: 'web' | 'ios' | 'android';
  app_version: string;
  time_zone: string;
  locale: string;
}
/** Plan and entitlements of an organization, from billing when it is wired in. */
export type PlanLookup = (orgId: string) => Promise<{ plan: string; entitlements: Record<string, unknown> } | undefined>;
/** An organization's settings, from the settings module when it is wired in (merged over the basics). */
export type SettingsLookup = (orgId: string) => Promise<Record<string, unknown>>;

const alertSoundOf = (u: UserRow): AlertSound => {
  const stored = JSON.parse(u.alert_sound || '{}') as Partial<AlertSound>;
  return { sounds: { ...DEFAULT_ALERT_SOUND.sounds, ...(stored.sounds ?? {}) }, critical_alerts: stored.critical_alerts ?? DEFAULT_ALERT_SOUND.critical_alerts };
};

export function createUserService(deps: {
  db: Kysely<Database>; dialect?: Dialect; clock?: Clock; hashCode?: CodeHasher; mailer?: Mailer; planOf?: PlanLookup; settingsOf?: SettingsLookup;
  /** What follows a person out of each organization when the account is deleted (rotations, overrides). */
  membershipEndingTx?: MembershipLeavingTx;
}) {
  const { db } = deps;
  const clock = deps.clock ?? { now: () => new Date() };
  const hashCode = (purpose: string, v: string) => {
    if (!deps.hashCode) throw new Error('user service: hashCode not wired');
    return deps.hashCode(purpose, v);
  };

  async function me(actor: UserActor) {
    const user = await repo.findUserById(db, actor.id);
    const org = await orgRepository.findOrg(db, actor.orgId);
    if (!user || !org) throw notFound('User');
    const memberships = await orgRepository.listMembershipsOfUser(db, actor.id);
    return {
      user: {
        id: user.id, email: user.email, name: user.name, created_at: user.created_at,
        email_verified: user.email_verified_at !== null, totp_enabled: user.totp_secret_sealed !== null,
      },
      org: { id: org.id, name: org.name, time_zone: org.time_zone },
      role: actor.role,
      credential: { id: actor.credentialId, audience: actor.audience },
      memberships: memberships.map((m) => ({ org_id: m.org_id, org_name: m.org_name, role: m.role })),
      alert_sound: alertSoundOf(user),
    };
  }

  return {
    /** GET /api/me: the person, their role here, and every organization they belong to. */
    me,

    /**
     * PATCH /api/me: your name and the alert sound preference (fields not sent keep their value).
     * Each kind of change is audited as itself: user.update (name), user.alert_sound_update.
     */
    async updateMe(
      actor: UserActor,
      input: { name?: string | undefined; sounds?: { high?: string | undefined; low?: string | undefined } | undefined; critical_alerts?: boolean | undefined },
      meta: RequestMeta,
    ) {
      const iso = clock.now().toISOString();
      const name = input.name === undefined ? undefined : cleanPersonName(input.name);
      const soundSent = input.sounds !== undefined || input.critical_alerts !== undefined;
      await db.transaction().execute(async (trx) => {
        const user = await repo.findUserById(trx, actor.id);
        if (!user) throw notFound('User');
        if (name !== undefined && name !== user.name) {
          await repo.updateUser(trx, actor.id, { name, updated_at: iso });
          await recordPersonAudit(trx, actor.id, { actor, action: 'user.update', targetType: 'user', targetId: actor.id, changes: { name: { from: user.name, to: name } }, meta, now: iso });
        }
        if (!soundSent) return;
        const cur = alertSoundOf(user);
        const next: AlertSound = {
          sounds: { high: input.sounds?.high ?? cur.sounds.high, low: input.sounds?.low ?? cur.sounds.low },
          critical_alerts: input.critical_alerts ?? cur.critical_alerts,
        };
        const { name: _name, ...sound } = input;
        await repo.updateUser(trx, actor.id, { alert_sound: JSON.stringify(next), updated_at: iso });
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'user.alert_sound_update', targetType: 'user', targetId: actor.id, changes: { ...sound }, meta, now: iso });
      });
      return me(actor);
    },

    /**
     * DELETE /api/me: deletes the account, its sessions and full-product keys. Each membership ends
     * as if the person left (endMembershipTx), so the last owner of an organization is refused
     * (409), even when alone in it: an organization is never left without an owner. Alert-ingest
     * keys the person made are the organizations' and keep working.
     */
    async deleteMe(actor: UserActor, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        // In organization id order, so concurrent deletions lock organizations in one order.
        const memberships = await orgRepository.listMembershipsOfUser(trx, actor.id);
        for (const m of memberships) {
          await endMembershipTx(trx, { dialect: deps.dialect ?? 'sqlite', orgId: m.org_id, userId: actor.id, actor, why: 'user.delete', meta, now: iso, leavingTx: deps.membershipEndingTx });
        }
        if (!memberships.length) await recordAudit(trx, { orgId: null, actor, action: 'user.delete', targetType: 'user', targetId: actor.id, meta, now: iso });
        await repo.keepIngestKeys(trx, actor.id);
        await repo.deleteUser(trx, actor.id);
      });
      return { ok: true as const };
    },

    /** POST /api/me/email: mails a six-digit code to the new address (after the commit). */
    async requestEmailChange(actor: UserActor, input: { email: string }, meta: RequestMeta) {
      const email = input.email.trim().toLowerCase();
      if (!EMAIL.test(email) || email.length > 254) throw invalid('email', 'is not an email address');
      if (!deps.mailer?.configured) {
        throw new AppError('service_unavailable', 'Outgoing mail is not configured on this server, so no code can be sent; the operator must set SMTP_URL.');
      }
      const code = sixDigitCode();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + EMAIL_CODE.ttlMs).toISOString();
      await db.transaction().execute(async (trx) => {
        const user = await repo.findUserById(trx, actor.id);
        if (!user) throw notFound('User');
        // Your own unverified address: the code confirms it (issue 19 item 13).
        if (user.email === email && user.email_verified_at) throw invalid('email', 'is already your address, and verified');
        if (user.email !== email && (await repo.findUserByEmail(trx, email))) throw conflict('Another account uses this email address.');
        await repo.closeOpenEmailChanges(trx, actor.id, now.toISOString());
        await repo.insertEmailChange(trx, {
          id: newId('emc'), user_id: actor.id, new_email: email, code_hash: hashCode('email', code), attempts: 0,
          created_at: now.toISOString(), expires_at: expiresAt, closed_at: null,
        });
        await recordPersonAudit(trx, actor.id, { actor, action: 'user.email_change_request', targetType: 'user', targetId: actor.id, changes: { to: email }, meta, now: now.toISOString() });
      });
      await deps.mailer.send({
        to: email,
        subject: `Your Klaxon code: ${code}`,
        text: `Enter ${code} in Klaxon to confirm this address. The code expires in 15 minutes.\n\nIf you did not ask for this, ignore this message.`,
      });
      return { email, expires_at: expiresAt, attempts_allowed: EMAIL_CODE.maxAttempts };
    },

    /**
     * POST /api/me/email/verify: the code makes the new address the sign-in email (or verifies the
     * current one). Every other credential of the person ends; the answer says how many of each.
     */
    async verifyEmailChange(actor: UserActor, code: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      const pending = await repo.findOpenEmailChange(db, actor.id);
      if (!pending) throw notFound('Pending email change');
      if (pending.expires_at <= now || pending.attempts >= EMAIL_CODE.maxAttempts) {
        await repo.closeEmailChange(db, pending.id, now);
        throw invalid('code', pending.attempts >= EMAIL_CODE.maxAttempts ? 'too many wrong attempts; request a new code' : 'has expired; request a new code');
      }
      if (!(await repo.spendEmailChangeAttempt(db, pending.id, EMAIL_CODE.maxAttempts))) {
        await repo.closeEmailChange(db, pending.id, now);
        throw invalid('code', 'too many wrong attempts; request a new code');
      }
      if (!safeEqual(hashCode('email', code), pending.code_hash)) {
        const left = EMAIL_CODE.maxAttempts - pending.attempts - 1;
        if (left <= 0) await repo.closeEmailChange(db, pending.id, now);
        throw invalid('code', left > 0 ? `is wrong; ${left} attempt(s) left` : 'is wrong; no attempts left, request a new code');
      }
      const ended = await db.transaction().execute(async (trx) => {
        const user = await repo.findUserById(trx, actor.id);
        if (!user) throw notFound('User');
        const holder = await repo.findUserByEmail(trx, pending.new_email);
        if (holder && holder.id !== actor.id) throw conflict('Another account uses this email address now.');
        await repo.updateUser(trx, actor.id, { email: pending.new_email, email_verified_at: now, updated_at: now });
        await repo.closeEmailChange(trx, pending.id, now);
        // The account now belongs to whoever reads this mailbox: every other credential ends, so
        // none made by someone else before survives (issue 33 item 3, docs/adr/0710).
        const counts = await endPersonCredentialsTx(trx, actor.id, actor.credentialId, now);
        await recordPersonAudit(trx, actor.id, {
          actor, action: 'user.email_change', targetType: 'user', targetId: actor.id, changes: { from: user.email, to: pending.new_email, ended: counts }, meta, now,
        });
        return counts;
      });
      return { email: pending.new_email, email_verified: true as const, ended };
    },

    /** POST /api/agreements/consent: which document and version, when and from where. */
    async consent(actor: UserActor, input: { kind: string; version: string }, meta: RequestMeta) {
      const now = clock.now().toISOString();
      const id = newId('agr');
      await db.transaction().execute(async (trx) => {
        await repo.insertConsent(trx, { id, user_id: actor.id, kind: input.kind, version: input.version, ip: meta.ip, created_at: now });
        await recordPersonAudit(trx, actor.id, { actor, action: 'agreement.consent', targetType: 'agreement', targetId: id, changes: { kind: input.kind, version: input.version }, meta, now });
      });
      return { id, kind: input.kind, version: input.version, accepted_at: now, ip: meta.ip };
    },

    /** POST /api/bootstrap: what a dashboard or app needs at start. */
    async bootstrap(actor: UserActor, client: ClientInfo) {
      try {
        new Intl.DateTimeFormat('en', { timeZone: client.time_zone });
      } catch {
        throw invalid('time_zone', 'must be an IANA time zone such as Europe/Berlin');
      }
      try {
        Intl.getCanonicalLocales(client.locale);
      } catch {
        throw invalid('locale', 'must be a BCP 47 language tag such as en-US');
      }
      const m = await me(actor);
      const org = await orgRepository.findOrg(db, actor.orgId);
      if (!org) throw notFound('Organization');
      const plan = deps.planOf ? await deps.planOf(actor.orgId) : undefined;
      const settings = deps.settingsOf ? await deps.settingsOf(actor.orgId) : {};
      const consents = await db
        .selectFrom('agreement_consents')
        .select(['kind', 'version', 'created_at'])
        .where('user_id', '=', actor.id)
        .orderBy('id', 'desc')
        .execute();
      const latest = new Map<string, { kind: string; version: string; accepted_at: string }>();
      for (const c of consents) if (!latest.has(c.kind)) latest.set(c.kind, { kind: c.kind, version: c.version, accepted_at: c.created_at });
      return {
        me: m,
        org: { id: org.id, name: org.name, time_zone: org.time_zone, settings: { time_zone: org.time_zone, ingest_rate_per_minute: org.ingest_rate_per_minute, ...settings } },
        plan: plan?.plan ?? null,
        entitlements: plan?.entitlements ?? null,
        agreements: [...latest.values()],
        client,
        server_time: clock.now().toISOString(),
      };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
