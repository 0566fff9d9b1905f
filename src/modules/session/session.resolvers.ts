import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CredentialResolver } from '../../http/auth.ts';
import type { CodeHasher } from '../../lib/codes.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/secrets.ts';
import type { SessionService } from './session.service.ts';
import type { SessionRow } from './session.table.ts';

export const SESSION_COOKIE = 'kx_session';
export const CSRF_COOKIE = 'kx_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSRF token of a dashboard session: derived from it, so nothing more is stored. */
export const csrfTokenFor = (hashCode: CodeHasher, sessionToken: string): string => hashCode('csrf', sessionToken);

export function setSessionCookies(reply: FastifyReply, opts: { token: string; csrf: string; expiresAt: string; secure: boolean }) {
  const base = { path: '/', sameSite: 'lax' as const, secure: opts.secure, expires: new Date(opts.expiresAt) };
  reply.setCookie(SESSION_COOKIE, opts.token, { ...base, httpOnly: true });
  // Readable by the dashboard's script, which echoes it in X-CSRF-Token (double submit).
  reply.setCookie(CSRF_COOKIE, opts.csrf, { ...base, httpOnly: false });
}
export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  for (const name of [SESSION_COOKIE, CSRF_COOKIE]) reply.clearCookie(name, { path: '/', sameSite: 'lax', secure, httpOnly: name === SESSION_COOKIE });
}

/**
 * Finds the session a request carries: a mobile (kxm_) or agent (kxa_) bearer token, or the
 * dashboard cookie when no bearer is sent. Unsafe methods with the cookie need X-CSRF-Token.
 * Undefined when the request carries none of these; 401 when it carries a dead one.
 */
export async function sessionOf(
  req: FastifyRequest,
  bearer: string | undefined,
  deps: { sessions: SessionService; hashCode: CodeHasher },
): Promise<SessionRow | undefined> {
  if (bearer) {
    const kind = bearer.startsWith('kxm_') ? 'mobile' : bearer.startsWith('kxa_') ? 'agent' : undefined;
    if (!kind) return undefined;
    const row = await deps.sessions.authenticate(bearer, kind);
    if (!row) throw unauthorized(kind === 'agent' ? 'The agent token is not valid, has expired or was revoked; authorize the agent again.' : 'The session has ended; sign in again.');
    return row;
  }
  const cookie = req.cookies?.[SESSION_COOKIE];
  if (!cookie) return undefined;
  const row = await deps.sessions.authenticate(cookie, 'dashboard');
  if (!row) throw unauthorized('The session has ended; sign in again.');
  if (!SAFE_METHODS.has(req.method)) {
    const sent = req.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !safeEqual(sent, csrfTokenFor(deps.hashCode, cookie))) {
      throw forbidden('Send the X-CSRF-Token header with the value of the kx_csrf cookie (or the csrf_token from sign-in).');
    }
  }
  return row;
}

/** Dashboard cookie (D), mobile bearer (I) and agent device-grant token (D, one organization). */
export function sessionResolver(deps: { sessions: SessionService; hashCode: CodeHasher }): CredentialResolver {
  return async (req, bearer) => {
    const row = await sessionOf(req, bearer, deps);
    if (!row) return undefined;
    return {
      userId: row.user_id,
      credentialId: row.id,
      audience: row.kind === 'mobile' ? 'I' : 'D',
      kind: row.kind,
      ...(row.kind === 'agent' && row.org_id ? { boundOrgId: row.org_id } : {}),
    };
  };
}
