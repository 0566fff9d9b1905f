import * as client from 'openid-client';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { OidcConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The OpenID Connect relying party (docs/adr/0840-oidc-sign-in.md): openid-client 6 does discovery,
 * the authorization URL, the code exchange with PKCE, and checks state, nonce, issuer, audience and
 * the ID token's times; the ID token's signature is checked here against the issuer's JWKS (jose's
 * remote key set: fetched on first use, fetched again when a token names a key it has not seen, at
 * most once per `jwksCooldownMs`, so a key rotation at the provider is followed).
 */
export interface OidcClient {
  readonly name: string;
  readonly issuer: string;
  authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  /** Exchanges the code of a callback URL; the verified claims of the ID token merged with userinfo's. */
  exchange(callbackUrl: URL, checks: { codeVerifier: string; state: string; nonce: string }): Promise<OidcClaims>;
}

export interface OidcClaims {
  sub: string;
  email?: string | undefined;
  email_verified?: boolean | undefined;
  name?: string | undefined;
  groups: string[];
}

/** Why a callback is refused: the message the person (and the audit log) sees. Never a secret. */
const refused = (why: string) => new AppError('unauthorized', `Single sign-on was refused: ${why} No session was created; sign in again.`);

function explain(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; cause?: { claim?: string; cause?: { claim?: string } } };
  if (err instanceof client.ResponseBodyError) {
    if (err.error === 'invalid_grant') return refused('the identity provider refused the authorization code (it was already used, has expired, or its PKCE verifier does not match).');
    return refused(`the identity provider's token endpoint answered ${err.error}.`);
  }
  // Only the error's name, and only when it looks like one: its description is text from the URL.
  if (err instanceof client.AuthorizationResponseError) return refused(`the identity provider answered ${/^[\w.-]{1,64}$/.test(err.error) ? err.error : 'an error'}.`);
  if (e.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    // openid-client wraps oauth4webapi's error: the claim is on the original (its cause).
    const claim = e.cause?.claim ?? e.cause?.cause?.claim;
    if (claim === 'nonce') return refused('the ID token\'s nonce is not the one this sign-in sent (a replayed or substituted token).');
    if (claim === 'aud' || claim === 'azp') return refused('the ID token is not for this client (its audience is another client id).');
    if (claim === 'iss') return refused('the ID token was issued by another issuer.');
    return refused(`the ID token's "${claim}" claim is wrong.`);
  }
  if (e.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return refused('the ID token has expired (or is not valid yet).');
  if (e.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' || e.code === 'OAUTH_INVALID_RESPONSE') return refused('the identity provider\'s answer does not match this sign-in (state or issuer).');
  if (err instanceof joseErrors.JWKSNoMatchingKey) return refused('the ID token is signed with a key the identity provider does not publish.');
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return refused('the ID token\'s signature is not valid.');
  if (err instanceof joseErrors.JOSEError) return refused(`the ID token could not be verified (${err.code}).`);
  if (e.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || e.code === 'OAUTH_RESPONSE_IS_NOT_JSON') return refused('the identity provider\'s answer is not a valid OpenID Connect response.');
  return new AppError('service_unavailable', 'The identity provider could not be reached or answered in a way Klaxon does not understand; try again, or sign in with your password if your organization allows it.');
}

const groupsOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((g): g is string => typeof g === 'string') : typeof v === 'string' ? [v] : []);

export function createOidcClient(cfg: OidcConfig, opts: { jwksCooldownMs?: number; timeoutSeconds?: number } = {}): OidcClient {
  let discovered: Promise<{ config: client.Configuration; jwks: ReturnType<typeof createRemoteJWKSet> }> | undefined;
  const discover = () => {
    discovered ??= (async () => {
      const config = await client.discovery(cfg.issuer, cfg.clientId, undefined, client.ClientSecretBasic(cfg.clientSecret), {
        // Plain HTTP only when the operator set KLAXON_OIDC_ALLOW_HTTP=true for a loopback issuer (src/config.ts).
        execute: cfg.allowHttp ? [client.allowInsecureRequests] : [],
        timeout: opts.timeoutSeconds ?? 10,
      });
      const jwksUri = config.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error('the issuer publishes no jwks_uri');
      const jwks = createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: opts.jwksCooldownMs ?? 30_000, timeoutDuration: (opts.timeoutSeconds ?? 10) * 1000 });
      return { config, jwks };
    })();
    // A failed discovery is tried again at the next sign-in, not remembered.
    discovered.catch(() => { discovered = undefined; });
    return discovered;
  };
  const unreachable = () => new AppError('service_unavailable', `The identity provider (${cfg.issuer.href}) could not be reached for its configuration; try again later.`);

  return {
    name: cfg.name,
    issuer: cfg.issuer.href,
    async authorizationUrl(input) {
      const { config } = await discover().catch(() => { throw unreachable(); });
      return client.buildAuthorizationUrl(config, {
        redirect_uri: input.redirectUri, scope: cfg.scopes, state: input.state, nonce: input.nonce,
        code_challenge: input.codeChallenge, code_challenge_method: 'S256',
      });
    },
    async exchange(callbackUrl, checks) {
      const { config, jwks } = await discover().catch(() => { throw unreachable(); });
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true,
        });
        if (!tokens.id_token) throw refused('the identity provider sent no ID token.');
        // The signature, against the issuer's published keys (openid-client checked the claims).
        const meta = config.serverMetadata();
        const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer: meta.issuer, audience: cfg.clientId });
        let claims: JWTPayload & Record<string, unknown> = payload;
        const wanted = ['email', 'email_verified', cfg.groupsClaim];
        if (meta.userinfo_endpoint && tokens.access_token && wanted.some((k) => claims[k] === undefined)) {
          // Providers that keep scope claims out of the ID token give them at userinfo (for this subject only).
          const info = await client.fetchUserInfo(config, tokens.access_token, payload.sub!);
          claims = { ...info, ...claims } as typeof claims;
          for (const k of wanted) if (claims[k] === undefined && info[k] !== undefined) claims[k] = info[k];
        }
        const verified = claims.email_verified;
        return {
          sub: payload.sub!,
          email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
          email_verified: verified === true || verified === 'true',
          name: typeof claims.name === 'string' ? claims.name : undefined,
          groups: groupsOf(claims[cfg.groupsClaim]),
        };
      } catch (err) {
        throw explain(err);
      }
    },
  };
}
