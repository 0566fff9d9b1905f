export { createSsoService, type SsoService, safeNext, mappedRole, CALLBACK_PATH, SIGN_IN_TTL_MS } from './sso.service.ts';
export { createOidcClient, type OidcClient, type OidcClaims } from './sso.oidc.ts';
export { ssoRoutes, ssoSchemas, OIDC_STATE_COOKIE } from './sso.routes.ts';
export type { UserIdentityRow, OidcSignInRow } from './sso.table.ts';
