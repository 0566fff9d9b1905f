import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { bearerOf, requestMeta } from '../../http/auth.ts';
import { sendPage } from '../../http/pagination.ts';
import { errorResponses, IdParams, ListQuery } from '../../http/schemas.ts';
import type { CodeHasher } from '../../lib/codes.ts';
import { unauthorized } from '../../lib/errors.ts';
import { clearSessionCookies, csrfTokenFor, sessionOf, setSessionCookies } from './session.resolvers.ts';
import type { DeviceAuthorizationRequest, DeviceGrantDecision, DeviceTokenRequest, PasswordChange, PasswordReset, PasswordResetRequest, Reauthenticate, SignIn, SignUp, TotpDisable } from './session.schemas.ts';
import type { SessionService } from './session.service.ts';

const ME = { audience: 'D', scope: 'P', permission: 'read' } as const;
/** Account-security actions: the person's own session, re-authenticated recently (docs/adr/0533). */
const ME_RECENT = { ...ME, credential: 'recent' } as const;
const SECURITY = 'An account-security action: only your own session (dashboard or app), signed in or re-authenticated (POST /api/me/reauthenticate) in the last 10 minutes; API keys and agent tokens get 403.';

export function sessionRoutes(deps: { sessions: SessionService; hashCode: CodeHasher; secureCookies: boolean }): FastifyPluginAsyncTypebox {
  const { sessions, hashCode } = deps;
  return async (app) => {
    // A dashboard session answers a csrf_token and sets cookies; a mobile one answers its token.
    const answer = (reply: import('fastify').FastifyReply, s: Awaited<ReturnType<SessionService['signIn']>>) => {
      const { token, ...rest } = s;
      if (s.kind === 'mobile') return { ...rest, token };
      const csrf = csrfTokenFor(hashCode, token);
      setSessionCookies(reply, { token, csrf, expiresAt: s.expires_at, secure: deps.secureCookies });
      return { ...rest, csrf_token: csrf };
    };

    app.post('/api/auth/sign-up', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'], summary: 'Create an account and sign in: joining the organization of an invitation, or (KLAXON_SIGNUP=open) creating one you own', security: [],
        body: Type.Ref('SignUp'), response: { 200: Type.Ref('SessionCreated'), ...errorResponses(409, 429) },
      },
      handler: async (req, reply) => answer(reply, await sessions.signUp(req.body as Static<typeof SignUp>, requestMeta(req))),
    });
    app.post('/api/auth/sign-in', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'], summary: 'Sign in with email and password (and TOTP code when on)', security: [],
        description: 'Failed attempts are throttled per email and per client address: 429 with Retry-After.',
        body: Type.Ref('SignIn'), response: { 200: Type.Ref('SessionCreated'), ...errorResponses(429) },
      },
      handler: async (req, reply) => answer(reply, await sessions.signIn(req.body as Static<typeof SignIn>, requestMeta(req))),
    });
    app.post('/api/auth/password-reset', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'], summary: 'Mail a link to set a new password (the answer is the same whether or not an account uses the address)', security: [],
        body: Type.Ref('PasswordResetRequest'), response: { 200: Type.Ref('PasswordResetRequested'), ...errorResponses(503) },
      },
      handler: async (req) => sessions.requestPasswordReset(req.body as Static<typeof PasswordResetRequest>, requestMeta(req)),
    });
    app.post('/api/auth/password-reset/confirm', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'], summary: "Set a new password with the mailed link's token (once, within an hour); every credential of the account ends (sessions, agent tokens, keys, devices)", security: [],
        body: Type.Ref('PasswordReset'), response: { 200: Type.Ref('PasswordResetDone'), ...errorResponses() },
      },
      handler: async (req) => sessions.resetPassword(req.body as Static<typeof PasswordReset>, requestMeta(req)),
    });
    app.post('/api/auth/sign-out', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'], summary: 'End the session this request carries (cookie, mobile or agent token)',
        response: { 200: Type.Ref('Ok'), ...errorResponses() },
      },
      handler: async (req, reply) => {
        const row = await sessionOf(req, bearerOf(req), { sessions, hashCode });
        if (!row) throw unauthorized('No session to end: send the session cookie or a kxm_/kxa_ bearer token.');
        const r = await sessions.signOut(row, requestMeta(req));
        if (row.kind === 'dashboard') clearSessionCookies(reply, deps.secureCookies);
        return r;
      },
    });

    app.post('/api/auth/device/code', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'], summary: 'RFC 8628 device authorization request: an agent asks for a user code', security: [],
        description: 'Throttled per client address: 20 an hour are free, then each waits (429 with Retry-After) 10 s after the previous one, doubling to 15 minutes.',
        body: Type.Ref('DeviceAuthorizationRequest'), response: { 200: Type.Ref('DeviceAuthorization'), ...errorResponses() },
      },
      handler: async (req) => sessions.startDeviceGrant(req.body as Static<typeof DeviceAuthorizationRequest>, requestMeta(req)),
    });
    app.post('/api/auth/device/token', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'], summary: 'RFC 8628 device access token request (polled by the agent)', security: [],
        description: 'Until approved: 400 with details [{field:"oauth_error", message:"authorization_pending"|"slow_down"|"access_denied"|"expired_token"|"invalid_grant"}].',
        body: Type.Ref('DeviceTokenRequest'), response: { 200: Type.Ref('DeviceToken'), ...errorResponses() },
      },
      handler: async (req) => sessions.pollDeviceGrant(req.body as Static<typeof DeviceTokenRequest>, requestMeta(req)),
    });
    app.post('/api/me/device-grants', {
      config: { access: ME_RECENT },
      schema: {
        tags: ['auth'], summary: 'Approve or deny an agent by its user code; it acts as you, with your current role, in this organization', description: SECURITY,
        body: Type.Ref('DeviceGrantDecision'), response: { 200: Type.Ref('DeviceGrantDecided'), ...errorResponses() },
      },
      handler: async (req) => sessions.decideDeviceGrant(req.actor, req.body as Static<typeof DeviceGrantDecision>, requestMeta(req)),
    });

    app.post('/api/me/reauthenticate', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read', credential: 'session' } },
      schema: {
        tags: ['auth'], summary: 'Confirm it is you (password, or a two-factor or recovery code): account-security actions are then open to this session for 10 minutes',
        description: 'Your own session only; wrong answers count as failed sign-ins.',
        body: Type.Ref('Reauthenticate'), response: { 200: Type.Ref('Reauthenticated'), ...errorResponses(429) },
      },
      handler: async (req) => sessions.reauthenticate(req.actor, req.body as Static<typeof Reauthenticate>, requestMeta(req)),
    });
    app.post('/api/me/password', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read', credential: 'recent' } },
      schema: {
        tags: ['me'], summary: 'Set a new password; your other sessions are signed out', description: SECURITY,
        body: Type.Ref('PasswordChange'), response: { 200: Type.Ref('PasswordChanged'), ...errorResponses() },
      },
      handler: async (req) => sessions.changePassword(req.actor, (req.body as Static<typeof PasswordChange>).password, requestMeta(req)),
    });

    app.get('/api/me/sessions', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: {
        tags: ['me'], summary: 'Your live sessions and agent tokens', querystring: Type.Object(ListQuery),
        response: { 200: Type.Array(Type.Ref('SessionInfo')), ...errorResponses() },
      },
      handler: async (req, reply) => sendPage(req, reply, await sessions.list(req.actor, req.query.limit ?? 50, req.query.cursor)),
    });
    app.delete('/api/me/sessions/:id', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: { tags: ['me'], summary: 'Revoke one of your sessions or agent tokens', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => sessions.revoke(req.actor, req.params.id, requestMeta(req)),
    });

    app.post('/api/me/totp', {
      config: { access: ME_RECENT },
      schema: { tags: ['me'], description: SECURITY, summary: 'Start two-factor setup: a new TOTP secret, shown once', response: { 200: Type.Ref('TotpSetup'), ...errorResponses(409) } },
      handler: async (req) => sessions.beginTotp(req.actor, requestMeta(req)),
    });
    app.post('/api/me/totp/confirm', {
      config: { access: ME_RECENT },
      schema: { tags: ['me'], description: SECURITY, summary: 'Turn two-factor sign-in on with a current code', body: Type.Ref('CodeConfirm'), response: { 200: Type.Ref('TotpStatus'), ...errorResponses(409) } },
      handler: async (req) => sessions.confirmTotp(req.actor, (req.body as { code: string }).code, requestMeta(req)),
    });
    app.post('/api/me/totp/disable', {
      config: { access: ME_RECENT },
      schema: { tags: ['me'], description: SECURITY, summary: 'Turn two-factor sign-in off (needs a current code or a recovery code)', body: Type.Ref('TotpDisable'), response: { 200: Type.Ref('TotpStatus'), ...errorResponses(409) } },
      handler: async (req) => sessions.disableTotp(req.actor, (req.body as Static<typeof TotpDisable>).code, requestMeta(req)),
    });

    app.get('/api/me/recovery-codes', {
      config: { access: ME },
      schema: { tags: ['me'], summary: 'How many unused recovery codes you have', response: { 200: Type.Ref('RecoveryCodeStatus'), ...errorResponses() } },
      handler: async (req) => sessions.recoveryStatus(req.actor),
    });
    app.post('/api/me/recovery-codes', {
      config: { access: ME_RECENT },
      schema: {
        tags: ['me'], summary: 'Generate a new set of recovery codes (replaces the old set); shown only in this answer', description: SECURITY,
        response: { 200: Type.Ref('RecoveryCodes'), ...errorResponses() },
      },
      handler: async (req) => sessions.generateRecoveryCodes(req.actor, requestMeta(req)),
    });
  };
}
