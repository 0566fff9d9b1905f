export { createMailer, type Mailer, type MailMessage } from './mailer.ts';
export { startMailSink } from './sink.ts';
