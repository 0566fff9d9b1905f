import { createHmac } from 'node:crypto';
import { apiKeyResolver, createAuthenticator, type CredentialResolver } from '../http/auth.ts';
import { invitationMailHandler } from '../jobs/invitation-mail.job.ts';
import { passwordResetMailHandler } from '../jobs/password-reset-mail.job.ts';
import { apiKeyRoutes, createApiKeyService } from '../modules/api-key/index.ts';
import { auditRoutes, createAuditService } from '../modules/audit/index.ts';
import { createDeviceService, deviceRoutes } from '../modules/device/index.ts';
import { createInvitationService, invitationRoutes, type InvitationMailer } from '../modules/invitation/index.ts';
import { createOrgManagementService, orgRepository, orgRoutes } from '../modules/org/index.ts';
import { allowedPhoneCountries, createPhoneService, phoneRoutes } from '../modules/phone/index.ts';
import { createSessionService, sessionResolver, sessionRoutes } from '../modules/session/index.ts';
import { createBootstrapService, createUserService, userRoutes } from '../modules/user/index.ts';
import { channelStates } from '../modules/paging/index.ts';
import { createOidcClient, createSsoService, type OidcClient, ssoRoutes } from '../modules/sso/index.ts';
import type { BillingModule } from './billing.module.ts';
import type { Core, Routes } from './core.ts';
import type { PagingModule } from './paging.module.ts';
import type { SchedulesModule } from './schedules.module.ts';

/**
 * People: users, organizations and members, sessions, invitations, API keys, audit, devices and
 * phone numbers (docs/adr/0300, 0320–0322, 0340), the access check and their outbox mail handlers.
 */
export function createPeopleModule(core: Core, deps: {
  billing: BillingModule;
  schedules: SchedulesModule;
  paging: PagingModule;
  /** Sends invitation mail; absent means the core's mailer (docs/adr/0321-invitations.md). */
  invitationMailer?: InvitationMailer | undefined;
  /** Tests: how soon the identity provider's keys may be fetched again for an unknown key id (default 30 s). */
  oidcJwksCooldownMs?: number | undefined;
}) {
  const { config, db, dialect, clock, box, hashCode, mailer, throttle, notify } = core;
  const { billing } = deps.billing;
  const { schedules } = deps.schedules;
  const { channels } = deps.paging;
  const apiKeys = createApiKeyService({ db, clock });
  const orgs = createBootstrapService({ db, clock });
  const audit = createAuditService({ db });
  // Organizations and members (docs/adr/0320-org-settings.md); revoked credentials and changed
  // settings drop ingest's caches through `core.wake.credentials`.
  const orgAdmin = createOrgManagementService({
    db, dialect, clock, channels: () => channelStates(channels()), phoneCountries: allowedPhoneCountries, ssoConfigured: !!config.oidc,
    hooks: {
      credentialsRevoked: core.wake.credentials.fire, settingsChanged: core.wake.credentials.fire, backgroundError: core.onBackgroundError,
      memberRemovedTx: schedules.memberRemovedTx, membershipEnded: core.wake.live.fire,
    },
  });
  // Sign-in, sessions, the person's account (docs/adr/0300-sign-in-and-sessions.md).
  const users = createUserService({
    db, dialect, clock, hashCode, mailer,
    planOf: async (orgId) => {
      const s = await billing.status(orgId);
      return { plan: s.plan, entitlements: { ...s.limits, billing_enabled: s.billing_enabled } };
    },
    settingsOf: orgAdmin.getSettings,
    membershipEndingTx: schedules.memberRemovedTx,
  });
  const invitations = createInvitationService({ db, dialect, clock, box, publicUrl: config.publicUrl, notify, seats: billing, throttle });
  const sessions = createSessionService({ db, clock, box, hashCode, publicUrl: config.publicUrl, signup: config.signup, mailer, notify, throttle, invitations, ssoName: config.oidc?.name });
  // Single sign-on (PRODUCT.md 13, docs/adr/0840): only when KLAXON_OIDC_ISSUER is set.
  const oidc: OidcClient | undefined = config.oidc ? createOidcClient(config.oidc, { jwksCooldownMs: deps.oidcJwksCooldownMs }) : undefined;
  const sso = createSsoService({ db, dialect, clock, box, publicUrl: config.publicUrl, signup: config.signup, oidc, sessions, invitations, seats: billing });
  const devices = createDeviceService({ db, clock, box, webPush: { allowPrivate: config.webhooks.allowPrivate, publicKey: config.push.webpush?.publicKey } });
  const codeKey = createHmac('sha256', config.secretKey).update('klaxon:verification-code').digest();
  const phones = createPhoneService({ db, clock, sms: core.sms, billing, codeKey, throttle });

  const resolvers: CredentialResolver[] = [apiKeyResolver(apiKeys), sessionResolver({ sessions, hashCode })];
  const authenticate = createAuthenticator({ findMembership: (orgId, userId) => orgRepository.findMembership(db, orgId, userId), resolvers, clock, provenAt: sessions.provenAt });
  const handlers = [
    invitationMailHandler({ invitations, mailer: deps.invitationMailer ?? mailer }),
    passwordResetMailHandler({ sessions, mailer }),
  ];
  const routes = {
    apiKeys: apiKeyRoutes({ apiKeys }),
    users: userRoutes({ users, onClient: sessions.setClient }),
    sessions: sessionRoutes({ sessions, hashCode, secureCookies: config.publicUrl.startsWith('https:') }),
    sso: ssoRoutes({ sso, hashCode, secureCookies: config.publicUrl.startsWith('https:') }),
    devices: deviceRoutes({ devices }),
    phones: phoneRoutes({ phones }),
    orgs: orgRoutes({ orgs: orgAdmin }),
    invitations: invitationRoutes({ invitations }),
    audit: auditRoutes({ audit }),
  } satisfies Routes;
  return { apiKeys, orgs, audit, orgAdmin, users, invitations, sessions, sso, devices, phones, resolvers, authenticate, handlers, routes };
}
export type PeopleModule = ReturnType<typeof createPeopleModule>;
