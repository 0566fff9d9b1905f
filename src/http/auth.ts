import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Audience, CredentialKind, Role, UserActor } from '../lib/actor.ts';
import { AppError } from '../lib/errors.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { type Permission, can, leastRoleFor } from '../lib/permissions.ts';
import type { ApiKeyService } from '../modules/api-key/index.ts';
import { ORG_HEADER } from './schemas.ts';

/** Access rule of a management route: spec 4.2 audience and scope, and the PRODUCT.md 2 permission. */
export interface AccessRule {
  audience: 'D' | 'DI';
  scope: 'P' | 'O';
  permission: Permission;
  /**
   * Account-security actions (issue 19 item 2, docs/adr/0533): `session` needs the person's own
   * session (dashboard or app), never an API key or agent token; `recent` also needs that session
   * to have proved its password or second factor within REAUTH_WINDOW_MS.
   */
  credential?: 'session' | 'recent';
}

/** How long a sign-in or re-authentication lets a session do account-security actions. */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public' routes take no credential (sign-in, health). Absent means not a management route. */
    access?: AccessRule | 'public';
  }
  interface FastifyRequest {
    actor: UserActor;
  }
}

/** What a credential resolves to before the organization and role are checked. */
export interface ResolvedCredential {
  userId: string;
  credentialId: string;
  audience: Audience;
  /** Set for credentials that belong to one organization (API keys). */
  boundOrgId?: string;
  /** API key or session kind; absent for stand-in resolvers (treated as a key). */
  kind?: CredentialKind;
}

/**
 * A credential resolver looks at a request (bearer token, cookie) and says whose it is, or
 * undefined when it is not its kind. Throwing AppError refuses (401 unknown/revoked, 403 kind).
 */
export type CredentialResolver = (req: FastifyRequest, bearer: string | undefined) => Promise<ResolvedCredential | undefined>;

export const bearerOf = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1];
};

export function apiKeyResolver(apiKeys: ApiKeyService): CredentialResolver {
  return async (_req, bearer) => {
    if (!bearer || !(bearer.startsWith('kxp_') || bearer.startsWith('kxi_'))) return undefined;
    const key = await apiKeys.authenticate(bearer);
    if (!key) throw unauthorized('The API key is not valid or has been revoked.');
    if (key.kind !== 'full_product') {
      throw forbidden('An alert-ingest key (kxi_) works only on /v1/alerts; use a full-product key (kxp_) for /api routes.');
    }
    // Not awaited: a read-only request must not fail because this bookkeeping write did.
    apiKeys.noteUse(key)?.catch(() => undefined);
    return { userId: key.user_id!, credentialId: key.id, audience: 'D', boundOrgId: key.org_id, kind: 'api_key' };
  };
}

export function createAuthenticator(deps: {
  /** The person's membership of the organization, if any (the org module's repository; passed in, not imported, so this file imports no module). */
  findMembership: (orgId: string, userId: string) => Promise<{ role: string } | undefined>;
  resolvers: CredentialResolver[];
  /** When a session last proved its password or second factor (sign-in or re-authentication). */
  provenAt?: (sessionId: string) => Promise<string | undefined>;
  clock?: { now(): Date };
}) {
  /**
   * An account-security action (second factor, recovery codes, email, password, account deletion,
   * agent approval) is the person's own: an org-bound key or agent token acting for them cannot,
   * and a session must have proved itself recently (docs/adr/0533).
   */
  async function checkPersonalSession(cred: ResolvedCredential, need: 'session' | 'recent') {
    if (cred.kind !== 'dashboard' && cred.kind !== 'mobile') {
      throw forbidden(
        `This is an account-security action: it needs your own signed-in session (dashboard or app), not ${cred.kind === 'agent' ? 'an agent token' : 'an API key'}. Sign in (POST /api/auth/sign-in) and do it there.`,
      );
    }
    if (need !== 'recent') return;
    const proven = deps.provenAt ? await deps.provenAt(cred.credentialId) : undefined;
    const now = (deps.clock ?? { now: () => new Date() }).now().getTime();
    if (!proven || Date.parse(proven) + REAUTH_WINDOW_MS < now) {
      throw new AppError(
        'forbidden',
        `Confirm it is you: POST /api/me/reauthenticate with your password (or a two-factor code), then repeat this within ${REAUTH_WINDOW_MS / 60_000} minutes.`,
        { details: [{ field: 'reauthentication', message: 'required' }] },
      );
    }
  }

  return async function authenticate(req: FastifyRequest, rule: AccessRule): Promise<UserActor> {
    const bearer = bearerOf(req);
    let cred: ResolvedCredential | undefined;
    for (const resolve of deps.resolvers) {
      cred = await resolve(req, bearer);
      if (cred) break;
    }
    if (!cred) {
      throw unauthorized(bearer ? 'The credential is not valid or has been revoked.' : 'Send Authorization: Bearer <API key> (a full-product kxp_ key) or sign in.');
    }
    const orgHeader = req.headers[ORG_HEADER];
    const orgId = typeof orgHeader === 'string' ? orgHeader.trim() : undefined;
    if (!orgId) throw forbidden('The X-Service-Org header is required; set it to your organization id (org_…).');
    if (!/^org_[0-9a-z]{1,60}$/.test(orgId)) throw forbidden('X-Service-Org must be an organization id (org_…).');
    if (cred.boundOrgId && cred.boundOrgId !== orgId) {
      throw forbidden('X-Service-Org does not name the organization this credential belongs to.');
    }
    const membership = await deps.findMembership(orgId, cred.userId);
    if (!membership) {
      // A key whose member left the organization is dead; a person naming a foreign org is refused.
      if (cred.boundOrgId) throw unauthorized('The credential is no longer valid: its member left the organization.');
      throw forbidden('You are not a member of the organization named by X-Service-Org.');
    }
    if (rule.audience === 'D' && cred.audience === 'I') {
      throw forbidden('This route is for the dashboard only; the mobile app credential cannot use it.');
    }
    const role = membership.role as Role;
    if (!can(role, rule.permission)) {
      throw forbidden(`Your role "${role}" cannot do this; it needs the ${leastRoleFor(rule.permission)} role or higher.`);
    }
    if (rule.credential) await checkPersonalSession(cred, rule.credential);
    return { type: 'user', id: cred.userId, orgId, role, credentialId: cred.credentialId, audience: cred.audience, credentialKind: cred.kind ?? 'api_key' };
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

/**
 * Installs the management access check as an onRequest hook (before body parsing) of each route
 * that declares an access rule; routes added after this call. Ingest and public routes carry no
 * hook, so they do not pay for one per request.
 */
export function installAccessHook(app: FastifyInstance, authenticate: Authenticator) {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access || access === 'public') return;
    const check = async (req: FastifyRequest) => {
      req.actor = await authenticate(req, access);
    };
    const own = route.onRequest;
    route.onRequest = own ? [check, ...(Array.isArray(own) ? own : [own])] : [check];
  });
}

export const requestMeta = (req: FastifyRequest) => ({ ip: req.ip ?? null, requestId: String(req.id) });
