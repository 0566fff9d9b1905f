/**
 * A real OpenID Connect provider on loopback for the single sign-on tests (issue 38): oidc-provider 8
 * with its development login form (any password; the login names the account), PKCE required,
 * a client for Klaxon's callback, accounts the test defines (email, email_verified, groups), and key
 * rotation (`rotateKeys`: the same issuer then publishes and signs with a new key). Beside it,
 * `startCraftedIssuer`: a tiny issuer whose token endpoint answers ID tokens the test crafts with
 * jose (wrong audience, expired, unknown key, wrong nonce), for the checks the real provider never
 * fails. `signInThroughProvider` walks the flow as a browser would, with a cookie jar: Klaxon's
 * start (app.inject), the provider's login form (HTTP), Klaxon's callback (app.inject).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { TestApp } from './app.ts';

export const OIDC_CLIENT = { id: 'klaxon-test', secret: 'klaxon-test-secret-0123456789abcdef' };
export const KLAXON_PUBLIC_URL = 'http://klaxon.test';
const REDIRECT_URI = `${KLAXON_PUBLIC_URL}/v1/auth/oidc/callback`;

export interface IdpAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

async function signingKey(kid: string): Promise<JWK & { kid: string }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' } as JWK & { kid: string };
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface TestIdp {
  issuer: string;
  /** The accounts by login name (= subject); change them between sign-ins. */
  accounts: Map<string, IdpAccount>;
  /** The key id the provider signs with now. */
  kid: string;
  /** A new signing key replaces the old one (the old is no longer published). */
  rotateKeys(): Promise<void>;
  /** Klaxon's environment for this provider. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/** `redirectUri`: Klaxon's callback when it is not at KLAXON_PUBLIC_URL (a browser test's server on a loopback port). */
export async function startTestIdp(opts: { redirectUri?: string } = {}): Promise<TestIdp> {
  const accounts = new Map<string, IdpAccount>();
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const { server, url: issuer } = await listen((req, res) => handler(req, res));
  let generation = 0;
  const build = async () => {
    const key = await signingKey(`k${++generation}`);
    const provider = new Provider(issuer, {
      clients: [{
        client_id: OIDC_CLIENT.id, client_secret: OIDC_CLIENT.secret, redirect_uris: [opts.redirectUri ?? REDIRECT_URI],
        grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic',
      }],
      jwks: { keys: [key] },
      cookies: { keys: ['test-cookie-key-0123456789'] },
      pkce: { required: () => true },
      scopes: ['openid', 'email', 'profile', 'groups'],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      features: { devInteractions: { enabled: true } },
      // First-party client: consent is implied (the login form is the only page).
      loadExistingGrant: async (ctx: any) => {
        const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
        if (grantId) return ctx.oidc.provider.Grant.find(grantId);
        const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
        grant.addOIDCScope('openid email profile groups');
        await grant.save();
        return grant;
      },
      findAccount: async (_ctx: unknown, sub: string) => {
        const a = accounts.get(sub);
        if (!a) return undefined;
        return { accountId: sub, claims: async () => ({ sub, ...a }) };
      },
    });
    handler = provider.callback();
    return key.kid;
  };
  const idp: TestIdp = {
    issuer,
    accounts,
    kid: await build(),
    async rotateKeys() {
      idp.kid = await build();
    },
    env: (extra = {}) => ({
      KLAXON_PUBLIC_URL, KLAXON_OIDC_ISSUER: issuer, KLAXON_OIDC_CLIENT_ID: OIDC_CLIENT.id, KLAXON_OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      KLAXON_OIDC_NAME: 'Test IdP', KLAXON_OIDC_SCOPES: 'openid email profile groups', KLAXON_OIDC_ALLOW_HTTP: 'true', ...extra,
    }),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
  return idp;
}

/** A minimal cookie jar: name → value, from Set-Cookie headers (paths ignored: one test, one browser). */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(setCookie: string | string[] | null | undefined) {
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const setCookies = (h: Headers) => h.getSetCookie();

/** The provider's pages, followed as a browser would, until it sends the browser back to Klaxon. */
async function throughProvider(startUrl: string, login: string, jar: CookieJar): Promise<URL> {
  let url = startUrl;
  let body: { method: string; form?: URLSearchParams } = { method: 'GET' };
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(KLAXON_PUBLIC_URL)) return new URL(url);
    const res = await fetch(url, {
      method: body.method, redirect: 'manual',
      headers: { cookie: jar.header(), ...(body.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body.form ? { body: body.form.toString() } : {}),
    });
    jar.take(setCookies(res.headers));
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      body = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html)?.[1];
    if (res.status !== 200 || !action || !html.includes('name="login"')) throw new Error(`the provider answered ${res.status} at ${url}: ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    body = { method: 'POST', form: new URLSearchParams({ prompt: 'login', login, password: 'any password' }) };
  }
  throw new Error('too many redirects at the provider');
}

export interface SsoAttempt {
  /** Klaxon's answer at the callback. */
  status: number;
  location: string | undefined;
  json: any;
  /** The session cookie, when one was set. */
  session: string | undefined;
  csrf: string | undefined;
  /** The callback URL the provider sent the browser to (replay it with `callbackAgain`). */
  callbackUrl: URL;
  startCookie: string | undefined;
}

/** Klaxon's callback, as the browser reaches it (Accept: application/json to read a refusal as JSON). */
export async function callback(t: TestApp, url: URL, stateCookie: string | undefined): Promise<Omit<SsoAttempt, 'callbackUrl' | 'startCookie'>> {
  const res = await t.app.inject({
    method: 'GET', url: url.pathname + url.search,
    headers: { accept: 'application/json', ...(stateCookie ? { cookie: `kx_oidc=${stateCookie}` } : {}) },
  });
  const jar = new CookieJar();
  jar.take(res.headers['set-cookie'] as string[] | string | undefined);
  return {
    status: res.statusCode,
    location: res.headers.location as string | undefined,
    json: res.headers['content-type']?.toString().includes('json') ? res.json() : undefined,
    session: jar.cookies.get('kx_session'),
    csrf: jar.cookies.get('kx_csrf'),
  };
}

/** Klaxon's start: the provider URL and the state cookie it set. */
export async function start(t: TestApp, next?: string): Promise<{ url: string; stateCookie: string }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/start${next ? `?next=${encodeURIComponent(next)}` : ''}` });
  if (res.statusCode !== 302) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
  const jar = new CookieJar();
  jar.take(res.headers['set-cookie'] as string[] | string | undefined);
  return { url: res.headers.location as string, stateCookie: jar.cookies.get('kx_oidc')! };
}

/** The whole flow: start at Klaxon, log in at the provider as `login`, come back to Klaxon's callback. */
export async function signInThroughProvider(t: TestApp, login: string, opts: { next?: string; jar?: CookieJar } = {}): Promise<SsoAttempt> {
  const s = await start(t, opts.next);
  const callbackUrl = await throughProvider(s.url, login, opts.jar ?? new CookieJar());
  return { ...(await callback(t, callbackUrl, s.stateCookie)), callbackUrl, startCookie: s.stateCookie };
}

export type Craft = (ctx: { nonce: string; issuer: string; sign: (claims: Record<string, unknown>, opts?: { key?: 'published' | 'unknown' | 'unknown-same-kid' }) => Promise<string> }) => Promise<string>;

export interface CraftedIssuer {
  issuer: string;
  /** What the token endpoint answers as id_token next (the nonce is the one the authorization URL carried). */
  craft: Craft;
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/**
 * An issuer whose token endpoint signs what the test crafts: discovery, JWKS (one published key),
 * and /token. The authorization step is the test's: it reads state and nonce from Klaxon's
 * authorization URL and calls the callback with any code.
 */
export async function startCraftedIssuer(): Promise<CraftedIssuer & { nonceOf(authorizationUrl: string): string }> {
  const published = await signingKey('pub');
  const unknown = await signingKey('unknown');
  const sameKid = { ...(await signingKey('pub')) };
  const publicJwk = (k: JWK) => { const { d, p, q, dp, dq, qi, ...pub } = k; void d; void p; void q; void dp; void dq; void qi; return pub; };
  let lastNonce = '';
  const out = {} as CraftedIssuer & { nonceOf(authorizationUrl: string): string };
  const { server, url: issuer } = await listen((req, res) => {
    const u = new URL(req.url!, issuer);
    const json = (code: number, body: unknown) => { res.writeHead(code, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
    if (u.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'], token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    }
    if (u.pathname === '/jwks') return json(200, { keys: [publicJwk(published)] });
    if (u.pathname === '/token' && req.method === 'POST') {
      req.resume();
      req.on('end', () => {
        const sign = async (claims: Record<string, unknown>, opts: { key?: 'published' | 'unknown' | 'unknown-same-kid' } = {}) => {
          const k = opts.key === 'unknown' ? unknown : opts.key === 'unknown-same-kid' ? sameKid : published;
          const { importJWK } = await import('jose');
          const key = await importJWK(k, 'RS256');
          return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: k.kid }).sign(key);
        };
        out.craft({ nonce: lastNonce, issuer, sign })
          .then((idToken) => json(200, { access_token: 'crafted-access-token', token_type: 'Bearer', expires_in: 300, id_token: idToken }))
          .catch((err: unknown) => json(500, { error: 'server_error', error_description: String(err) }));
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  Object.assign(out, {
    issuer,
    craft: (async () => { throw new Error('craft not set'); }) as Craft,
    env: (extra: Record<string, string> = {}) => ({
      KLAXON_PUBLIC_URL, KLAXON_OIDC_ISSUER: issuer, KLAXON_OIDC_CLIENT_ID: OIDC_CLIENT.id, KLAXON_OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      KLAXON_OIDC_NAME: 'Crafted', KLAXON_OIDC_ALLOW_HTTP: 'true', ...extra,
    }),
    nonceOf(authorizationUrl: string) {
      const n = new URL(authorizationUrl).searchParams.get('nonce')!;
      lastNonce = n;
      return n;
    },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  });
  return out;
}
