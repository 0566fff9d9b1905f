import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Role, UserActor } from '../../lib/actor.ts';
import { decodeCursor, idPosition, pageOf } from '../../lib/cursor.ts';
import type { Dialect } from '../../db/connect.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import { mintKeyTx, revokeDescendantsTx, rowToApiKey } from '../api-key/index.ts';
import * as repo from './org.repository.ts';
import { assertNotLastOwner, endMembershipTx, type MembershipLeavingTx } from './org.members.ts';
import { type ChannelStatus, NO_CHANNELS, checkPhoneCountries, checkSsoRoleMap, checkTimeZone, checkVoice, pagingThrottlesOf, rowToSettings, type ThrottleWindow, type UrgencyRules, type VoiceSettings, voiceOf } from './org.ts';
import type { OrganizationRow, OrganizationUpdate } from './org.table.ts';

export interface OrgSettingsPatchInput {
  name?: string | undefined;
  time_zone?: string | undefined;
  default_urgency_rules?: UrgencyRules | undefined;
  retention_days?: number | undefined;
  ingest_rate_per_minute?: number | undefined;
  paging_throttles?: { sms?: ThrottleWindow[] | null | undefined; voice?: ThrottleWindow[] | null | undefined } | undefined;
  phone_countries?: string[] | null | undefined;
  person_rules?: boolean | undefined;
  sso_required?: boolean | undefined;
  sso_role_map?: Record<string, string> | undefined;
}

/** What other parts of the process must forget when credentials or limits change. */
export interface OrgHooks {
  /** Drop cached credentials (ingest keeps them ≤ 5 s); called after an organization is deleted. */
  credentialsRevoked?: () => void;
  /** Drop cached per-organization limits; called after settings change. */
  settingsChanged?: () => void;
  /** Work after a commit that failed without undoing it (logged, not answered). */
  backgroundError?: (err: unknown, msg: string) => void;
  /** A member is leaving or removed: their rotations, overrides and feeds go, in the same transaction (issue 20). */
  memberRemovedTx?: MembershipLeavingTx;
  /** A membership ended (committed): the live event feed reads it now rather than at its next poll. */
  membershipEnded?: () => void;
}

const memberView = (m: { user_id: string; email: string; name: string; role: string; created_at: string; email_verified_at: string | null }) => ({
  user_id: m.user_id,
  email: m.email,
  name: m.name,
  role: m.role as Role,
  joined_at: m.created_at,
  email_verified: m.email_verified_at !== null,
});

/** Management of an organization: settings, voice, members, leaving, deletion, creation. */
export function createOrgManagementService(deps: {
  db: Kysely<Database>; dialect: Dialect; clock: Clock; hooks?: OrgHooks;
  /** Which paging channels this server can deliver on (PRODUCT.md 7.4: an unset provider is `not_configured`, shown in the settings). */
  channels?: () => ChannelStatus;
  /** The countries verification SMS and test pages go to now (the phone module decides: docs/adr/0705). */
  phoneCountries?: (q: Kysely<Database>, orgId: string) => Promise<string[]>;
  /** Whether this server has single sign-on configured (sso_required needs it: PRODUCT.md 13). */
  ssoConfigured?: boolean;
}) {
  const { db, dialect, clock } = deps;
  const ssoConfigured = deps.ssoConfigured ?? false;
  const hooks = deps.hooks ?? {};
  const channels = deps.channels ?? (() => NO_CHANNELS);
  const settingsOf = async (q: Kysely<Database>, row: OrganizationRow) => {
    const s = rowToSettings(row);
    const allowed = deps.phoneCountries ? await deps.phoneCountries(q, row.id) : (s.phone_countries ?? []);
    return { ...s, phone_countries_allowed: allowed, channels: channels() };
  };

  /**
   * A deleted organization's handled outbox events and receipts, in small statements after the
   * answer: reading both tables takes seconds at a week of signals (docs/adr/0322). If it fails or is
   * stopped, the organization is still gone and they are pruned within a week like any others.
   */
  const purges = new Set<Promise<unknown>>();
  let stopping = false;
  function purgeInBackground(orgId: string) {
    const p: Promise<unknown> = repo
      .purgeOrgRows(db, orgId, { stopped: () => stopping })
      .catch((err: unknown) => hooks.backgroundError?.(err, `the outbox events and receipts of deleted organization ${orgId} were not all deleted; cleanup prunes them within a week`))
      .finally(() => purges.delete(p));
    purges.add(p);
  }

  async function loadOrg(trx: Kysely<Database>, orgId: string) {
    const org = await repo.findOrg(trx, orgId);
    if (!org) throw notFound('Organization', orgId);
    return org;
  }

  return {
    /** Resolves when the purges of deleted organizations begun so far have ended (tests). */
    async purged(): Promise<void> {
      await Promise.all([...purges]);
    },
    /** Shutdown: purges stop after their current statement (what they leave is pruned within a week). */
    async stopPurges(): Promise<void> {
      stopping = true;
      await Promise.all([...purges]);
    },

    async getSettings(orgId: string) {
      return settingsOf(db, await loadOrg(db, orgId));
    },

    async patchSettings(actor: UserActor, input: OrgSettingsPatchInput, meta: RequestMeta) {
      const set: OrganizationUpdate = {};
      const changes: Record<string, unknown> = {};
      if (input.name !== undefined) {
        const name = input.name.trim();
        if (!name) throw invalid('name', 'must not be blank');
        set.name = changes.name = name;
      }
      if (input.time_zone !== undefined) set.time_zone = changes.time_zone = checkTimeZone(input.time_zone);
      if (input.default_urgency_rules !== undefined) {
        changes.default_urgency_rules = input.default_urgency_rules;
        set.default_urgency_rules = JSON.stringify(input.default_urgency_rules);
      }
      if (input.retention_days !== undefined) set.retention_days = changes.retention_days = input.retention_days;
      if (input.ingest_rate_per_minute !== undefined) set.ingest_rate_per_minute = changes.ingest_rate_per_minute = input.ingest_rate_per_minute;
      if (input.phone_countries !== undefined) {
        const list = input.phone_countries === null ? null : checkPhoneCountries(input.phone_countries);
        set.phone_countries = list === null ? null : JSON.stringify(list);
        changes.phone_countries = list;
      }
      if (input.person_rules !== undefined) {
        set.person_rules = input.person_rules ? 1 : 0;
        changes.person_rules = input.person_rules;
      }
      if (input.sso_required !== undefined) {
        if (input.sso_required && !ssoConfigured) {
          throw conflict('Single sign-on is not configured on this server (KLAXON_OIDC_ISSUER and the other KLAXON_OIDC_ variables), so it cannot be required: members would have no way to sign in.');
        }
        set.sso_required = input.sso_required ? 1 : 0;
        changes.sso_required = input.sso_required;
      }
      if (input.sso_role_map !== undefined) {
        // The map gives roles to people: managing members' roles is an owner's (PRODUCT.md 2).
        if (actor.role !== 'owner') throw forbidden('Only an owner may change sso_role_map: it gives roles to members.');
        const map = checkSsoRoleMap(input.sso_role_map);
        set.sso_role_map = JSON.stringify(map);
        changes.sso_role_map = map;
      }
      const throttles = input.paging_throttles;
      const now = clock.now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const org = await loadOrg(trx, actor.orgId);
        if (throttles && (throttles.sms !== undefined || throttles.voice !== undefined)) {
          // Stored: only the channels overridden; a channel set to null follows the defaults again.
          const stored = JSON.parse(org.paging_throttles || '{}') as Record<string, unknown>;
          for (const ch of ['sms', 'voice'] as const) {
            const v = throttles[ch];
            if (v === null) delete stored[ch];
            else if (v !== undefined) stored[ch] = v.map((w) => ({ window_minutes: w.window_minutes, max: w.max }));
          }
          set.paging_throttles = JSON.stringify(stored);
          changes.paging_throttles = pagingThrottlesOf(set.paging_throttles);
        }

        if (!Object.keys(set).length) return org;
        await repo.updateOrg(trx, actor.orgId, { ...set, updated_at: now });
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'org_settings.update', targetType: 'organization', targetId: actor.orgId, changes, meta, now });
        return { ...org, ...set, updated_at: now } as OrganizationRow;
      });
      if (Object.keys(set).length) hooks.settingsChanged?.();
      return settingsOf(db, row);
    },

    async getVoice(orgId: string) {
      return voiceOf(await loadOrg(db, orgId));
    },

    async putVoice(actor: UserActor, input: VoiceSettings, meta: RequestMeta) {
      const voice = checkVoice({
        voice: input.voice,
        language: input.language,
        repeat_count: input.repeat_count,
        greeting: input.greeting,
        ack_key: input.ack_key,
        escalate_key: input.escalate_key,
      });
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const org = await loadOrg(trx, actor.orgId);
        const before = voiceOf(org);
        const changes = Object.fromEntries(Object.entries(voice).filter(([k, v]) => before[k as keyof VoiceSettings] !== v));
        await repo.updateOrg(trx, actor.orgId, { voice_settings: JSON.stringify(voice), updated_at: now });
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'org_voice.update', targetType: 'organization', targetId: actor.orgId, changes, meta, now });
      });
      return voice;
    },

    async listMembers(orgId: string, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, orgId, idPosition('usr'));
      const rows = await repo.listMembers(db, orgId, after, limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, limit, orgId, (last) => last.user_id);
      return { items: page.map(memberView), nextCursor };
    },

    /** Changes a member's role. The last owner cannot be demoted. */
    async changeRole(actor: UserActor, userId: string, role: Role, meta: RequestMeta) {
      const now = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        await repo.lockOrg(trx, actor.orgId, dialect);
        const m = await repo.findMember(trx, actor.orgId, userId);
        if (!m) throw notFound('Member', userId);
        if (m.role === role) return memberView(m);
        await assertNotLastOwner(trx, actor.orgId, m, userId === actor.id);
        await repo.updateMembershipRole(trx, actor.orgId, userId, role);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'member.role_change', targetType: 'user', targetId: userId, changes: { role, previous_role: m.role }, meta, now });
        return memberView({ ...m, role });
      });
    },

    /** Removes a member; their full-product keys in this organization stop working at once. */
    async removeMember(actor: UserActor, userId: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      await db.transaction().execute((trx) => endMembershipTx(trx, { dialect, orgId: actor.orgId, userId, actor, why: 'member.remove', meta, now, leavingTx: hooks.memberRemovedTx }));
      hooks.membershipEnded?.();
      return { ok: true as const };
    },

    /** POST /api/org/leave: the caller leaves. The last owner cannot. */
    async leave(actor: UserActor, meta: RequestMeta) {
      const now = clock.now().toISOString();
      await db.transaction().execute((trx) => endMembershipTx(trx, { dialect, orgId: actor.orgId, userId: actor.id, actor, why: 'member.leave', meta, now, leavingTx: hooks.memberRemovedTx }));
      hooks.membershipEnded?.();
      return { ok: true as const, org_id: actor.orgId };
    },

    /**
     * DELETE /api/org: removes the organization and everything in it. Keys, sources and
     * memberships cascade, so every credential of the organization stops working on commit;
     * this process's credential caches are dropped at once, other processes' within 5 s.
     * The entry survives in the audit log with no organization (docs/adr/0322-org-deletion.md).
     */
    async deleteOrg(actor: UserActor, meta: RequestMeta) {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const org = await loadOrg(trx, actor.orgId);
        // Keys minted elsewhere through this organization's keys die with them (docs/adr/0536).
        await revokeDescendantsTx(trx, await repo.keyIdsOf(trx, actor.orgId), now);
        await repo.deleteOrg(trx, actor.orgId);
        await recordAudit(trx, { orgId: null, actor, action: 'org.delete', targetType: 'organization', targetId: actor.orgId, changes: { name: org.name }, meta, now });
      });
      hooks.credentialsRevoked?.();
      purgeInBackground(actor.orgId);
      return { ok: true as const };
    },

    /**
     * POST /api/orgs: a new organization with the caller as its owner, who can act in it at once
     * (issue 18 item 3, docs/adr/0536). A session is not bound to an organization: the same session
     * works with X-Service-Org set to the new id. A full-product key is bound to its organization,
     * so the answer carries a new key of the creator in the new one, shown once, which dies with the
     * key it was minted through. An agent token is refused: it was approved for one organization.
     */
    async createOrg(actor: UserActor, input: { name: string; time_zone?: string | undefined }, meta: RequestMeta) {
      if (actor.credentialKind === 'agent') {
        throw forbidden('An agent token acts only in the organization it was approved for; create organizations from your own session (or with a full-product key).');
      }
      const name = input.name.trim();
      if (!name) throw invalid('name', 'must not be blank');
      const tz = input.time_zone !== undefined ? checkTimeZone(input.time_zone) : 'UTC';
      const now = clock.now().toISOString();
      const id = newId('org');
      const viaKey = actor.credentialKind === 'api_key' || actor.credentialKind === undefined;
      return db.transaction().execute(async (trx) => {
        await repo.insertOrg(trx, { id, name, time_zone: tz, ingest_rate_per_minute: 1200, created_at: now, updated_at: now });
        await repo.insertMembership(trx, { org_id: id, user_id: actor.id, role: 'owner', created_at: now });
        await recordAudit(trx, { orgId: id, actor, action: 'org.create', targetType: 'organization', targetId: id, changes: { name, time_zone: tz, owner: actor.id }, meta, now });
        const settings = { ...(await settingsOf(trx, (await repo.findOrg(trx, id))!)), role: 'owner' as Role };
        if (!viaKey) {
          return { ...settings, how_to_act: `Use this same session with X-Service-Org: ${id}.` };
        }
        const key = await mintKeyTx(trx, { orgId: id, userId: actor.id, kind: 'full_product', name: `Created with ${actor.credentialId}`, serviceIds: null, now, parentKeyId: actor.credentialId });
        await recordAudit(trx, {
          orgId: id, actor, action: 'api_key.create', targetType: 'api_key', targetId: key.row.id,
          changes: { name: key.row.name, kind: 'full_product', minted_through: actor.credentialId }, meta, now,
        });
        return {
          ...settings,
          api_key: { ...rowToApiKey(key.row), secret: key.secret },
          how_to_act:
            `The key you used (${actor.credentialId}) works only in its own organization. Use api_key.secret (shown only here) with X-Service-Org: ${id}; ` +
            'it stops working when the key you used is revoked. Or sign in and use your session.',
        };
      });
    },
  };
}
export type OrgManagementService = ReturnType<typeof createOrgManagementService>;
