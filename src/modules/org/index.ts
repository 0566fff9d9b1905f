export * as orgRepository from './org.repository.ts';
export { createOrgManagementService, type OrgManagementService, type OrgHooks } from './org.service.ts';
export { orgRoutes, orgSchemas } from './org.routes.ts';
export { DEFAULT_URGENCY_RULES, DEFAULT_VOICE, urgencyRulesOf, voiceOf, type UrgencyRules, type VoiceSettings } from './org.ts';
export { DEFAULT_PAGING_THROTTLES, pagingThrottlesOf, phoneCountriesOf, ssoRoleMapOf, type SsoRoleMap, type PagingThrottles, type ThrottleWindow } from './org.ts';
export type { OrganizationRow, MembershipRow } from './org.table.ts';
export { assertNotLastOwner, endMembershipTx, MEMBERSHIP_ENDED_EVENT, type MembershipEnd, type MembershipLeavingTx } from './org.members.ts';
