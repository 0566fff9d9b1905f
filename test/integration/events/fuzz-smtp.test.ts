import fc from 'fast-check';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpIngest } from '../../../src/modules/email/index.ts';
import { startTestSmtp } from '../../helpers/smtp.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, liftIngestRateLimit, type TestApp } from '../../helpers/app.ts';
import { createDirectIntegration } from '../../factories/integrations.ts';

// Bad input on email ingest (spec 2.5): raw messages with odd headers, encodings, charsets,
// MIME structure and bodies, sent over SMTP. A message the listener cannot use must be refused
// for good (5xx) or accepted (250): a 451 for a message that will never work makes the sending
// MTA retry it for days. The listener must survive every message. Fixed seed: deterministic.

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);

const anyText = (max: number) => fc.string({ unit: 'grapheme', maxLength: max });
const asciiText = (max: number) => fc.string({ unit: 'grapheme-ascii', maxLength: max });
const headerValue = fc.oneof(
  asciiText(60),
  anyText(40),
  fc.constantFrom('=?utf-8?B?QmFja3VwIGZhaWxlZA==?=', '=?utf-8?Q?caf=C3=A9_=00_down?=', '=?x-unknown?B?////?=', '=?utf-8?B?not base64?=', '', 'x'.repeat(3_000), '<>', '<@>', '"unterminated'),
);
const contentType = fc.constantFrom(
  'text/plain; charset=utf-8',
  'text/plain; charset=x-nonexistent',
  'text/html; charset=iso-8859-1',
  'multipart/mixed; boundary="b1"',
  'multipart/alternative',
  'multipart/mixed; boundary=""',
  'application/octet-stream',
  'message/rfc822',
  ';;;',
);
const encoding = fc.constantFrom('7bit', '8bit', 'base64', 'quoted-printable', 'x-uuencode', 'binary', 'nonsense');
const bodyText = fc.oneof(
  anyText(200),
  fc.constantFrom('=00=00 null bytes =\r\nsoft break', '@@@@ not base64 @@@@', '--b1\r\nContent-Type: text/plain\r\n\r\npart one\r\n--b1--\r\n', '--b1\r\n\r\nunterminated part', 'x'.repeat(20_000), '<html><body><p>Queue <b>down</b></p>', '\u0000\u0001\u0002'),
);

const messageArb = fc.record({
  subject: fc.option(headerValue, { nil: undefined }),
  from: fc.option(fc.oneof(headerValue, fc.constant('Ops <ops@example.com>')), { nil: undefined }),
  messageId: fc.option(headerValue, { nil: undefined }),
  date: fc.option(fc.oneof(headerValue, fc.constant('Mon, 23 Nov 2026 01:00:00 +0000')), { nil: undefined }),
  contentType: fc.option(contentType, { nil: undefined }),
  encoding: fc.option(encoding, { nil: undefined }),
  extra: fc.array(fc.tuple(fc.constantFrom('X-Priority', 'Importance', 'Received', 'Content-Disposition', 'MIME-Version', 'Reply-To'), headerValue), { maxLength: 3 }),
  body: bodyText,
});

type Message = typeof messageArb extends fc.Arbitrary<infer M> ? M : never;

function rawOf(m: Message, to: string): string {
  const lines: string[] = [];
  // Header values are sent as given: folding and CRs inside them are part of what is fuzzed.
  const clean = (v: string) => v.replace(/\r?\n(?![ \t])/g, ' ');
  if (m.from !== undefined) lines.push(`From: ${clean(m.from)}`);
  lines.push(`To: ${to}`);
  if (m.subject !== undefined) lines.push(`Subject: ${clean(m.subject)}`);
  if (m.messageId !== undefined) lines.push(`Message-ID: ${clean(m.messageId)}`);
  if (m.date !== undefined) lines.push(`Date: ${clean(m.date)}`);
  if (m.contentType !== undefined) lines.push(`Content-Type: ${m.contentType}`);
  if (m.encoding !== undefined) lines.push(`Content-Transfer-Encoding: ${m.encoding}`);
  for (const [k, v] of m.extra) lines.push(`${k}: ${clean(v)}`);
  return `${lines.join('\r\n')}\r\n\r\n${m.body}\r\n`;
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: email ingest answers odd messages with 250 or a permanent refusal, never a retry`, () => {
    let t: TestApp;
    let smtp: SmtpIngest;
    let port: number;
    let address: string;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      const tenant = await bootstrapTenant(t);
      await liftIngestRateLimit(t, tenant);
      const svc = await createService(t, tenant, 'mailbox');
      address = (await createDirectIntegration(t, tenant, { type: 'email', serviceId: svc.id })).email_address!;
      ({ smtp, port } = await startTestSmtp(t));
    });
    afterAll(async () => {
      await smtp?.close();
      await t?.close();
    });

    it(`${RUNS} odd messages: each is accepted or refused for good, and the listener keeps working`, async () => {
      // One connection for all messages (a new one per message costs the SMTP greeting each time).
      const smtpClient = (): SMTPPool.Options => ({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, maxConnections: 1, maxMessages: Infinity });
      const transport = nodemailer.createTransport(smtpClient());
      const codes = new Map<number, number>();
      try {
        await fc.assert(
          fc.asyncProperty(messageArb, async (m) => {
            const raw = rawOf(m, address);
            let code: number;
            try {
              const info = await transport.sendMail({ envelope: { from: 'x@example.com', to: [address] }, raw });
              code = Number(String(info.response).slice(0, 3));
            } catch (err) {
              code = Number((err as { responseCode?: number }).responseCode ?? 0);
            }
            codes.set(code, (codes.get(code) ?? 0) + 1);
            const where = `${JSON.stringify(raw.slice(0, 600))} → ${code}`;
            expect(code === 250 || (code >= 500 && code < 600), where).toBe(true);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      } finally {
        transport.close();
      }
      expect(codes.get(250) ?? 0).toBeGreaterThan(RUNS / 2);
      // Still listening: a plain message goes through.
      const after = nodemailer.createTransport(smtpClient());
      const info = await after.sendMail({ from: 'x@example.com', to: address, subject: 'after the fuzz', text: 'still here' });
      after.close();
      expect(String(info.response)).toMatch(/^250 /);
    });
  });
}
