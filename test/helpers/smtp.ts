import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { createLogger } from '../../src/http/logging.ts';
import { startEmailIngest } from '../../src/modules/email/index.ts';
import type { TestApp } from './app.ts';

/**
 * The SMTP listener on a free loopback port, in front of the test app's ingest service, and a
 * nodemailer transport to it (plain SMTP: no TLS). Close the listener with `smtp.close()`.
 */
export async function startTestSmtp(t: TestApp, logger: Logger = createLogger('silent')) {
  const { smtp, port } = await startEmailIngest({ ingest: t.container.services.ingest, domain: t.container.config.emailDomain, port: 0, host: '127.0.0.1', logger, metrics: t.container.metrics });
  return { smtp, port, transport: () => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }) };
}
