import type { Role } from './actor.ts';

/** The role matrix of PRODUCT.md 2: each role has its own rights plus those of the roles below. */
export type Permission =
  | 'read'
  | 'alerts.act'
  | 'self.write'
  | 'config.write'
  | 'audit.read'
  | 'billing.manage'
  | 'members.manage'
  | 'org.delete';

const grants: Record<Role, Permission[]> = {
  observer: ['read'],
  responder: ['read', 'alerts.act', 'self.write'],
  admin: ['read', 'alerts.act', 'self.write', 'config.write', 'audit.read'],
  owner: ['read', 'alerts.act', 'self.write', 'config.write', 'audit.read', 'billing.manage', 'members.manage', 'org.delete'],
};

export const can = (role: Role, permission: Permission): boolean => grants[role].includes(permission);

/** The least role that holds a permission, to name it in a 403. */
export const leastRoleFor = (permission: Permission): Role =>
  (['observer', 'responder', 'admin', 'owner'] as const).find((r) => can(r, permission)) ?? 'owner';
