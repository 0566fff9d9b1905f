import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { CodeHasher } from '../../lib/codes.ts';
import { AppError } from '../../lib/errors.ts';
import { csrfTokenFor, setSessionCookies } from '../session/index.ts';
import { CALLBACK_PATH, SIGN_IN_TTL_MS, type SsoService } from './sso.service.ts';

/** The browser's half of a started sign-in: its state, sent back only to the callback. */
export const OIDC_STATE_COOKIE = 'kx_oidc';

export const OidcInfo = Type.Object(
  {
    configured: Type.Boolean({ description: 'Whether this server offers single sign-on.' }),
    name: Type.Union([Type.String(), Type.Null()], { description: 'The identity provider as the button names it: "Sign in with {name}".' }),
    start_url: Type.Union([Type.String(), Type.Null()], { description: 'Where the button goes (GET; add ?next=/path to land there after sign-in).' }),
  },
  { $id: 'OidcInfo' },
);
export const OidcStart = Type.Object(
  {
    authorization_url: Type.String({ description: "The identity provider's sign-in page for this attempt; the browser that called this must open it (its cookie carries the state)." }),
    expires_in: Type.Integer({ description: 'Seconds the attempt stays valid.' }),
  },
  { $id: 'OidcStart' },
);
export const ssoSchemas = [OidcInfo, OidcStart];

/** Whether the caller is a browser navigating (it gets redirects), not a program asking for JSON. */
const wantsJson = (accept: string | undefined) => !!accept && accept.includes('application/json') && !accept.includes('text/html');

export function ssoRoutes(deps: { sso: SsoService; hashCode: CodeHasher; secureCookies: boolean }): FastifyPluginAsyncTypebox {
  const { sso, hashCode } = deps;
  const stateCookie = { path: CALLBACK_PATH, httpOnly: true, sameSite: 'lax' as const, secure: deps.secureCookies };
  return async (app) => {
    app.get('/api/auth/oidc', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'], summary: 'Whether single sign-on is offered, and the name its button shows', security: [],
        response: { 200: Type.Ref('OidcInfo'), ...errorResponses() },
      },
      handler: async () => sso.info(),
    });
    app.get('/api/auth/oidc/start', {
      config: { access: 'public' },
      schema: {
        tags: ['auth'], summary: 'Start single sign-on with OpenID Connect: redirects to the identity provider', security: [],
        description:
          'A browser is redirected (302) to the identity provider, with PKCE, state and nonce; the state is also set in a cookie the callback checks, ' +
          'so the sign-in finishes only in the browser that started it. With Accept: application/json the answer is 200 with the URL instead. 404 when single sign-on is not configured.',
        querystring: Type.Object({ next: Type.Optional(Type.String({ maxLength: 500, description: 'A path on this server to land on after sign-in, e.g. /alerts (default /).' })) }),
        response: { 200: Type.Ref('OidcStart'), 302: Type.Null({ description: 'To the identity provider.' }), ...errorResponses() },
      },
      handler: async (req, reply) => {
        const started = await sso.start({ next: req.query.next });
        reply.setCookie(OIDC_STATE_COOKIE, started.state, { ...stateCookie, maxAge: SIGN_IN_TTL_MS / 1000 });
        if (wantsJson(req.headers.accept)) return { authorization_url: started.authorization_url, expires_in: started.expires_in };
        return reply.redirect(started.authorization_url, 302);
      },
    });
    app.get(CALLBACK_PATH, {
      config: { access: 'public' },
      schema: {
        tags: ['auth'], summary: 'Where the identity provider returns after single sign-on', security: [],
        description:
          'Checks the state against the cookie of the browser that started, spends it (once), exchanges the code with the PKCE verifier and checks the ID token ' +
          '(signature against the provider\'s keys, issuer, audience, expiry, nonce). Then the session cookies are set and the browser is sent (303) to the dashboard sign-in page with sso_org (an organization of the person) and next, which goes on to next. ' +
          'Refused (no session): a browser is sent to /sign-in?sso_error=<message>; with Accept: application/json the error is answered as JSON (401, 403, 404 or 503).',
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 4096 })), state: Type.Optional(Type.String({ maxLength: 512 })), iss: Type.Optional(Type.String({ maxLength: 2048 })),
          error: Type.Optional(Type.String({ maxLength: 256 })), error_description: Type.Optional(Type.String({ maxLength: 2048 })), session_state: Type.Optional(Type.String({ maxLength: 512 })),
        }, { additionalProperties: true }),
        response: { 303: Type.Null({ description: 'To the sign-in page: with sso_org and next when signed in, with sso_error (the reason) when refused.' }), ...errorResponses(503) },
      },
      handler: async (req, reply) => {
        const search = new URL(req.url, 'http://x').search;
        reply.clearCookie(OIDC_STATE_COOKIE, stateCookie);
        try {
          const done = await sso.callback({ query: req.query as Record<string, string | undefined>, search, cookieState: req.cookies?.[OIDC_STATE_COOKIE] }, requestMeta(req));
          const { token, ...view } = done.session;
          setSessionCookies(reply, { token, csrf: csrfTokenFor(hashCode, token), expiresAt: view.expires_at, secure: deps.secureCookies });
          // The dashboard keeps the organization it acts in; its sign-in page takes it from here and goes on to next.
          const org = done.session.memberships[0]?.org_id;
          if (!org) return reply.redirect(`/sign-in?sso_error=${encodeURIComponent('You are signed in but belong to no organization yet. Ask an owner of your organization for an invitation.')}`, 303);
          return reply.redirect(`/sign-in?sso_org=${encodeURIComponent(org)}&next=${encodeURIComponent(done.next)}`, 303);
        } catch (err) {
          if (!(err instanceof AppError) || wantsJson(req.headers.accept)) throw err;
          return reply.redirect(`/sign-in?sso_error=${encodeURIComponent(err.message)}`, 303);
        }
      },
    });
  };
}
