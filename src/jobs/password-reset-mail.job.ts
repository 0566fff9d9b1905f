import { PASSWORD_RESET, type SessionService } from '../modules/session/index.ts';
import type { Mailer } from '../modules/mail/index.ts';
import type { EventHandler } from './handler.ts';

/**
 * Mails password reset links (docs/adr/0534). A failed send throws, so the runner retries with
 * backoff; a mailer's error text never contains the link (it is only in the body).
 */
export function passwordResetMailHandler(deps: { sessions: Pick<SessionService, 'deliverPasswordReset'>; mailer?: Mailer | undefined }): EventHandler {
  return {
    name: 'password-reset-mail',
    handles: (type) => type === PASSWORD_RESET.event,
    async handle(event) {
      const id = event.payload.reset_id;
      if (typeof id === 'string') await deps.sessions.deliverPasswordReset(id, deps.mailer);
    },
  };
}
