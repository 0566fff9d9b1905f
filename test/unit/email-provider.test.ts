import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../helpers/smtp-capture.ts';
import type { OutboundMessage } from '../../src/modules/paging/index.ts';
import { createEmailProvider, mailDomainOf } from '../../src/providers/email.ts';

const page = (id: string): OutboundMessage => ({
  id, idempotencyKey: id, channel: 'email', to: { kind: 'email', address: 'ada@example.test' },
  alert: { id: 'alr_1', title: 'Disk full', priority: 'critical', urgency: 'high', url: 'http://localhost/alerts/alr_1' },
  critical: true, collapseId: 'alr_1', expiresAt: Date.now() + 60_000,
});

const header = (raw: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'mi').exec(raw)?.[1]?.trim();

describe('page mail Message-ID (issue 34 item 4)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => smtp.close());

  it('the domain comes from the parsed address of MAIL_FROM, in both of its forms', () => {
    expect(mailDomainOf('pager@example.test')).toBe('example.test');
    expect(mailDomainOf('Klaxon <pager@example.test>')).toBe('example.test');
    expect(mailDomainOf('"On-call, Klaxon" <pager@Example.Test>')).toBe('example.test');
    expect(mailDomainOf('not an address')).toBe('klaxon.localhost');
  });

  for (const from of ['pager@example.test', 'Klaxon <pager@example.test>']) {
    it(`MAIL_FROM "${from}": Message-ID, References and the provider message id are well formed`, async () => {
      const provider = createEmailProvider({ smtpUrl: smtp.url, from });
      const id = `ntf_${from.length}`;
      // Closed at once: its pooled connection left open held the capture server's close for 20 s.
      const out = await provider.send(page(id), { deadlineMs: 5000, signal: new AbortController().signal }).finally(() => provider.close());
      expect(out).toEqual({ state: 'sent', providerMessageId: `<${id}@example.test>` });
      const mail = smtp.mails.find((m) => m.raw.includes(id))!;
      expect(header(mail.raw, 'Message-ID')).toBe(`<${id}@example.test>`);
      expect(header(mail.raw, 'References')).toBe('<alr_1@example.test>');
    });
  }
});
