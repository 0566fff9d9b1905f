export * as userRepository from './user.repository.ts';
export { createUserService, type UserService } from './user.service.ts';
export { userRoutes, userSchemas } from './user.routes.ts';
export type { UserRow } from './user.table.ts';
