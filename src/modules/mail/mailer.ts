import nodemailer from 'nodemailer';
import { AppError } from '../../lib/errors.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing mail through SMTP (nodemailer). Never called inside a database transaction. */
export interface Mailer {
  readonly configured: boolean;
  send(msg: MailMessage): Promise<void>;
}

/**
 * SMTP_URL selects the relay; without it the mailer reports "not configured" (503) instead of
 * dropping mail. Errors never carry the message body (it may hold a code).
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string }): Mailer {
  if (!opts.smtpUrl) {
    return {
      configured: false,
      async send() {
        throw new AppError('service_unavailable', 'Outgoing mail is not configured on this server; the operator must set SMTP_URL.');
      },
    };
  }
  const u = new URL(opts.smtpUrl);
  const transport = nodemailer.createTransport({
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 587)),
    secure: u.protocol === 'smtps:',
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Loopback relays in development rarely have certificates.
    tls: { rejectUnauthorized: !['127.0.0.1', 'localhost', '::1'].includes(u.hostname) },
  });
  return {
    configured: true,
    async send(msg) {
      try {
        await transport.sendMail({ from: opts.from, to: msg.to, subject: msg.subject, text: msg.text });
      } catch (err) {
        throw new AppError('service_unavailable', `The mail relay refused or did not answer (${(err as { code?: string }).code ?? 'error'}); try again shortly.`, { retryAfterSeconds: 30 });
      }
    },
  };
}
