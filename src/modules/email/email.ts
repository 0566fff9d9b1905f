import { hashSecret } from '../../lib/secrets.ts';
import { ulid } from '../../lib/ids.ts';
import { sanitizeLine, truncateCodePoints } from '../../lib/text.ts';
import { BODY_MAX, SOURCE_MAX, TITLE_MAX, type Signal } from '../alert/index.ts';

/**
 * Largest message accepted over SMTP: 10 MiB, as a vendor ingest URL and Postfix's default. Alert
 * mail often carries an HTML part and an inline image of a graph; a 552 is final, and the sending
 * MTA bounces the alert (docs/adr/0221-smtp-ingest.md).
 */
export const EMAIL_MAX_BYTES = 10 * 1024 * 1024;
/** SMTP sessions at once: each may hold up to EMAIL_MAX_BYTES; past it the MTA gets a 421 and retries. */
export const SMTP_MAX_CLIENTS = 100;
export const NO_SUBJECT = '(no subject)';

/**
 * What one sender may hold of the listener (issue 19.5: 100 idle connections kept alive by NOOP
 * locked every real sender out for over 70 s; issue 33.6: ten addresses dripping a byte each 30 s
 * inside DATA held every slot for over 10 minutes). `perAddress` sessions at once from one
 * address, `perRange` from one IPv4 /24 or IPv6 /64; a session that makes no progress with a
 * message (MAIL, RCPT, DATA: NOOP and RSET do not count) for `idleMs`, whose DATA has not ended
 * after `dataMs`, or that lasts `sessionMs`, is closed with a 421, which tells an MTA to retry
 * later (docs/adr/0512, 0701).
 */
export interface SmtpLimits {
  perAddress: number;
  perRange: number;
  idleMs: number;
  dataMs: number;
  sessionMs: number;
}
export const SMTP_LIMITS: SmtpLimits = { perAddress: 10, perRange: 20, idleMs: 60_000, dataMs: 2 * 60_000, sessionMs: 10 * 60_000 };
export const tooManyFromYourNetwork = () => new SmtpReply(421, '4.7.0 Too many connections from your network; close some and try again later');

/**
 * The address range a session is counted in: an IPv4 address's /24, an IPv6 address's /64 (one
 * site's allocation), so that many addresses of one network hold no more than one range's share.
 */
export function addressRange(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const bare = address.split('%')[0]!.toLowerCase();
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => (g.replace(/^0+(?=.)/, '') || '0')).join(':')}::/64`;
}
export const tooManyFromYou = () => new SmtpReply(421, '4.7.0 Too many connections from your address; close some and try again later');

/** An SMTP reply with its enhanced status code (RFC 3463), handed to smtp-server as an error. */
export class SmtpReply extends Error {
  readonly responseCode: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'SmtpReply';
    this.responseCode = code;
  }
}
export const noSuchRecipient = () => new SmtpReply(550, '5.1.1 No such source address here; copy the current address from the source in Klaxon');
export const tooBig = () => new SmtpReply(552, `5.3.4 Message exceeds the fixed maximum message size of ${EMAIL_MAX_BYTES} bytes`);
export const tryLater = () => new SmtpReply(451, '4.3.0 The alert store is busy; the message was not kept, try again later');
export const slowDown = (seconds: number) => new SmtpReply(451, `4.7.1 Rate limit for this source reached; try again in ${seconds} s`);
export const rejected = (why: string) => new SmtpReply(550, `5.6.0 Message refused: ${why}`);

/**
 * The local part of a recipient that can name a source, or undefined: the domain must be
 * KLAXON_EMAIL_DOMAIN (case-insensitive). Source tokens are lower-case hex, so case is folded.
 */
export function sourceLocalPart(address: string, domain: string): string | undefined {
  const at = address.lastIndexOf('@');
  if (at <= 0) return undefined;
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return undefined;
  return address.slice(0, at).toLowerCase();
}

/** What the listener read from one message. */
export interface MailFacts {
  subject?: string | undefined;
  text?: string | undefined;
  from?: string | undefined;
  messageId?: string | undefined;
  date?: Date | undefined;
}

/**
 * Spec 2.5: each message opens its own alert (a fresh event key), subject → title, text → body,
 * priority and urgency always high — nothing in the message can change them. A retry of the same
 * message (same Message-ID) to the same source is answered from its receipt and opens nothing
 * more, through the ingest idempotency key.
 */
export function messageToSignal(mail: MailFacts): { signal: Signal; idempotencyKey: string | undefined } {
  const subject = sanitizeLine(mail.subject ?? '');
  const from = mail.from ? truncateCodePoints(sanitizeLine(mail.from), SOURCE_MAX) : 'email';
  const signal: Signal = {
    action: 'trigger',
    title: truncateCodePoints(subject || NO_SUBJECT, TITLE_MAX),
    eventKey: `email-${ulid()}`,
    body: truncateCodePoints(mail.text ?? '', BODY_MAX),
    priority: 'high',
    urgency: 'high',
    source: from,
    details: {
      channel: 'email',
      ...(mail.from ? { from: mail.from } : {}),
      ...(mail.messageId ? { message_id: mail.messageId } : {}),
      ...(mail.date && !Number.isNaN(mail.date.getTime()) ? { date: mail.date.toISOString() } : {}),
    },
  };
  const idempotencyKey = mail.messageId ? `email:${hashSecret(mail.messageId)}` : undefined;
  return { signal, idempotencyKey };
}
