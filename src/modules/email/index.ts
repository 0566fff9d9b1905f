export { createSmtpIngest, type SmtpIngest, type SmtpIngestDeps } from './email.smtp.ts';
export { EMAIL_MAX_BYTES, messageToSignal, sourceLocalPart } from './email.ts';
export { startEmailIngest } from './email.service.ts';
