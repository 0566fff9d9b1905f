export { createSessionService, type SessionService, TOKEN_PREFIX, THROTTLE, DEVICE_GRANT, SESSION_TTL_MS, PASSWORD_RESET } from './session.service.ts';
export { sessionRoutes } from './session.routes.ts';
export { sessionSchemas } from './session.schemas.ts';
export { sessionResolver, SESSION_COOKIE, CSRF_COOKIE, CSRF_HEADER, csrfTokenFor, setSessionCookies } from './session.resolvers.ts';
export type { SessionRow } from './session.table.ts';
export { pruneGrants as pruneDeviceGrants } from './session.repository.ts';
export { createOperatorAccounts, type OperatorAccounts, ROLES } from './session.admin.ts';
