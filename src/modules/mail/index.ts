export { createMailer, type Mailer, type MailMessage } from './mailer.ts';
