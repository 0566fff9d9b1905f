import { INVITATION_EVENT, type InvitationMailer, type InvitationService } from '../modules/invitation/index.ts';
import type { EventHandler } from './handler.ts';

/**
 * Mails invitation links. A failed send throws, so the runner retries with backoff; the error
 * text of a mailer never contains the token (it is only in the message body).
 */
export function invitationMailHandler(deps: { invitations: Pick<InvitationService, 'deliver'>; mailer?: InvitationMailer | undefined }): EventHandler {
  return {
    name: 'invitation-mail',
    handles: (type) => type === INVITATION_EVENT,
    async handle(event) {
      const id = event.payload.invitation_id;
      if (typeof id === 'string') await deps.invitations.deliver(id, deps.mailer);
    },
  };
}
