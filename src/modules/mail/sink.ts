import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * `klaxon dev mail-sink` (docs/adr/0735): an SMTP server for trying Klaxon's mail on one machine
 * (invitations, email pages) with nothing else installed. It takes every message, sends none on,
 * and prints each to `out`: envelope, Subject, Message-ID and the text body. Loopback by default:
 * it is not a relay and has no authentication.
 */
export async function startMailSink(opts: { host: string; port: number; out: (text: string) => void }) {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks), { skipHtmlToText: false, skipTextLinks: true, skipTextToHtml: true, skipImageLinks: true }).then(
          (mail) => {
            count++;
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
            opts.out(
              [
                `--- mail ${count} (${new Date().toISOString()})`,
                `From: ${mail.from?.text ?? from}`,
                `To: ${to}`,
                `Subject: ${mail.subject ?? ''}`,
                `Message-ID: ${mail.messageId ?? ''}`,
                '',
                (mail.text ?? '').trimEnd(),
                '',
              ].join('\n'),
            );
            callback();
          },
          (err: unknown) => callback(err as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client's broken connection is its own problem, not the end of the sink.
  server.on('error', () => undefined);
  const address = server.server.address() as AddressInfo;
  return {
    host: opts.host,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
