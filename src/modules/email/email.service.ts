import type { Logger } from 'pino';
import { type Metrics, refusalOfError } from '../../http/metrics.ts';
import { normalizeSignal } from '../alert/index.ts';
import type { IngestService } from '../ingest/index.ts';
import { createSmtpIngest, type SmtpIngest } from './email.smtp.ts';
import type { SmtpLimits } from './email.ts';

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
  /** Counts each message's signal under endpoint `email` (klaxon_signals_total). */
  metrics?: Pick<Metrics, 'count' | 'countReply'>;
  /** Connection limits per sender (tests shorten the times; issue 19.5). */
  limits?: Partial<SmtpLimits>;
}): Promise<{ smtp: SmtpIngest; port: number }> {
  const metrics = deps.metrics;
  const smtp = createSmtpIngest({
    domain: deps.domain,
    maxBytes: deps.maxBytes,
    logger: deps.logger,
    limits: deps.limits,
    authorize: (local) => deps.ingest.target(local, ['email']),
    submit: async (target, signal, idempotencyKey) => {
      let r;
      try {
        r = await deps.ingest.submit(target, [{ serviceId: target.serviceId!, signal: normalizeSignal(signal) }], 'native', idempotencyKey);
      } catch (err) {
        metrics?.count('email', refusalOfError(err));
        throw err;
      }
      metrics?.countReply('email', r);
      return { receiptId: r.receiptId, alertId: (r.body as { alert_id?: string } | undefined)?.alert_id };
    },
  });
  const port = await smtp.listen(deps.port, deps.host);
  return { smtp, port };
}
