export { createInvitationService, type InvitationService } from './invitation.service.ts';
export { invitationRoutes, invitationSchemas } from './invitation.routes.ts';
export { INVITATION_EVENT, type InvitationMailer, type MailMessage } from './invitation.ts';
export type { InvitationRow } from './invitation.table.ts';
