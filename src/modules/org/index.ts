export * as orgRepository from './org.repository.ts';
export { createOrgService, type OrgService } from './org.service.ts';
export type { OrganizationRow, MembershipRow } from './org.table.ts';
