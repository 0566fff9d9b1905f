import type { Logger } from 'pino';
import { normalizeSignal } from '../alert/index.ts';
import type { IngestService } from '../ingest/index.ts';
import { createSmtpIngest, type SmtpIngest } from './email.smtp.ts';

/**
 * Wires the SMTP listener to ingest: a recipient's local part is the credential of an `email`
 * source; each message is one signal for that source's service, with ingest's rate limit, group
 * commit and receipts. Returns the running listener and its port.
 */
export async function startEmailIngest(deps: {
  ingest: Pick<IngestService, 'target' | 'submit'>;
  domain: string;
  port: number;
  host: string;
  logger: Logger;
  maxBytes?: number;
}): Promise<{ smtp: SmtpIngest; port: number }> {
  const smtp = createSmtpIngest({
    domain: deps.domain,
    maxBytes: deps.maxBytes,
    logger: deps.logger,
    authorize: (local) => deps.ingest.target(local, ['email']),
    submit: (target, signal, idempotencyKey) =>
      deps.ingest.submit(target, [{ serviceId: target.serviceId!, signal: normalizeSignal(signal) }], 'native', idempotencyKey),
  });
  const port = await smtp.listen(deps.port, deps.host);
  return { smtp, port };
}
