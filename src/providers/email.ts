import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { DeliveryProvider, OutboundMessage, SendOutcome } from '../modules/paging/index.ts';

/**
 * The domain of MAIL_FROM's address, for Message-ID and References: MAIL_FROM may be a bare
 * address or `Name <address>`, so the address is parsed (RFC 5322) rather than split by hand.
 */
export function mailDomainOf(from: string): string {
  const address = addressparser(from, { flatten: true })[0]?.address ?? '';
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? address.slice(at + 1).toLowerCase() : '';
  return /^[a-z0-9.-]+$/.test(domain) ? domain : 'klaxon.localhost';
}

/**
 * Pages by email through the configured SMTP relay (SMTP_URL, MAIL_FROM; PRODUCT.md 7.4). The
 * Message-ID is the page's id, so a page sent again after a crash is the same message to the
 * receiving side; References thread every page of one alert (reference/paging.md 4.5). Without
 * SMTP_URL the channel is `not configured`.
 */
export function createEmailProvider(opts: { smtpUrl: string | undefined; from: string; timeoutMs?: number; connections?: number }): DeliveryProvider & { close(): void } {
  if (!opts.smtpUrl) return { name: 'email', channels: ['email'], configured: () => false, send: async () => ({ state: 'config_error', detail: 'SMTP_URL is not set' }), close: () => undefined };
  const u = new URL(opts.smtpUrl);
  const timeout = opts.timeoutMs ?? 10_000;
  // Pooled connections (docs/adr/0761): a storm's mails reuse a few SMTP sessions instead of a
  // connection, greeting and handshake each.
  const connections = opts.connections ?? 4;
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: connections,
    maxMessages: 1000,
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 587)),
    secure: u.protocol === 'smtps:',
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
    tls: { rejectUnauthorized: !['127.0.0.1', 'localhost', '::1'].includes(u.hostname) },
  });
  const domain = mailDomainOf(opts.from);
  return {
    name: 'email',
    channels: ['email'],
    configured: () => true,
    // A few sends queued per pooled connection keep each session busy.
    concurrency: connections * 4,
    close: () => transport.close(),
    async send(m: OutboundMessage): Promise<SendOutcome> {
      const messageId = `<${m.id}@${domain}>`;
      const level = m.alert.urgency === 'high' ? '[urgent] ' : '';
      const lines = [
        `${m.alert.title}`,
        '',
        `Priority ${m.alert.priority}, urgency ${m.alert.urgency}${m.alert.serviceName ? `, service ${m.alert.serviceName}` : ''}.`,
        m.bundleCount && m.bundleCount > 1 ? `${m.bundleCount} open alerts are waiting for you.` : '',
        m.alert.body ? `\n${m.alert.body}` : '',
        '',
        `Open the alert: ${m.alert.url}`,
        // A link that opens a confirmation page: only its button acknowledges (mail scanners follow links).
        m.ackUrl ? `Acknowledge: ${m.ackUrl}` : '',
      ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
      try {
        const info = await transport.sendMail({
          from: opts.from,
          to: m.to.address,
          subject: `${level}${m.alert.title}`.slice(0, 250),
          text: lines.join('\n'),
          messageId,
          references: `<${m.alert.id}@${domain}>`,
          headers: { 'Auto-Submitted': 'auto-generated', 'X-Klaxon-Alert-Id': m.alert.id, 'X-Klaxon-Page-Id': m.id },
        });
        return { state: 'sent', providerMessageId: info.messageId ?? messageId };
      } catch (err) {
        const e = err as { responseCode?: number; code?: string };
        // 5xx: the relay refuses this message for good; anything else (4xx, network) may pass later.
        if (e.responseCode && e.responseCode >= 500) return { state: 'failed', detail: `the mail relay refused the message (SMTP ${e.responseCode})` };
        return { state: 'retry', detail: `the mail relay did not take the message (${e.responseCode ? `SMTP ${e.responseCode}` : (e.code ?? 'error')})` };
      }
    },
  };
}
