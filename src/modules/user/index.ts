export * as userRepository from './user.repository.ts';
export { createUserService, type UserService, type PlanLookup, type SettingsLookup, type ClientInfo, EMAIL_CODE } from './user.service.ts';
export { createBootstrapService, type BootstrapService } from './user.bootstrap.ts';
export { userRoutes } from './user.routes.ts';
export { userSchemas } from './user.schemas.ts';
export type { UserRow } from './user.table.ts';
export { recordPersonAudit } from './user.audit.ts';
export { cleanPersonName } from './user.ts';
