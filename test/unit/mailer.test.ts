import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { isAppError } from '../../src/lib/errors.ts';
import { createMailer } from '../../src/modules/mail/mailer.ts';

const base = { DATABASE_URL: 'sqlite::memory:', KLAXON_SECRET_KEY: '0f'.repeat(32) };

describe('outgoing mail configuration', () => {
  it('SMTP_URL is optional; a bad one stops start-up naming the variable; MAIL_FROM defaults from the email domain', () => {
    expect(loadConfig(base, { readDotEnv: false, generateSecret: false }).smtpUrl).toBeUndefined();
    expect(loadConfig(base, { readDotEnv: false, generateSecret: false }).mailFrom).toBe('Klaxon <no-reply@ingest.localhost>');
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://u:p@mail.example.com:587' }, { readDotEnv: false, generateSecret: false }).smtpUrl).toBe('smtp://u:p@mail.example.com:587');
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.com' }, { readDotEnv: false, generateSecret: false })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SMTP_URL: 'nonsense' }, { readDotEnv: false, generateSecret: false })).toThrow(/SMTP_URL/);
  });

  it('without SMTP_URL, sending says mail is not configured (503) instead of dropping it', async () => {
    const m = createMailer({ smtpUrl: undefined, from: 'a@b.c' });
    expect(m.configured).toBe(false);
    const err = await m.send({ to: 'x@example.com', subject: 's', text: 't' }).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('service_unavailable');
  });

  it('a relay that refuses the connection is 503 without the message text in the error', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const m = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'a@b.c' });
    const err = await m.send({ to: 'x@example.com', subject: 'code', text: 'secret 123456' }).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('service_unavailable');
    expect((err as Error).message).not.toContain('123456');
  });
});
