import type { Role } from './api/client';

// What the dashboard shows each role (PRODUCT.md 2); the server checks every call again.
const RANK: Record<Role, number> = { observer: 0, responder: 1, admin: 2, owner: 3 };
export const canAct = (role: Role | undefined) => role !== undefined && RANK[role] >= RANK.responder;
export const canAdmin = (role: Role | undefined) => role !== undefined && RANK[role] >= RANK.admin;
export const isOwner = (role: Role | undefined) => role === 'owner';
