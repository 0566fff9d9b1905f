import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { AppError } from '../../lib/errors.ts';
import type { Signal } from '../alert/index.ts';
import type { IngestTarget } from '../integration/index.ts';
import { EMAIL_MAX_BYTES, SMTP_LIMITS, SMTP_MAX_CLIENTS, type SmtpLimits, SmtpReply, addressRange, messageToSignal, noSuchRecipient, rejected, slowDown, sourceLocalPart, tooBig, tooManyFromYou, tooManyFromYourNetwork, tryLater } from './email.ts';

/**
 * The SMTP ingest listener. Like GoAlert's smtpsrv it depends on two narrow functions, not on the
 * store: `authorize` resolves a recipient's local part to its email source, `submit` opens the
 * alert. No AUTH and no STARTTLS: the recipient address is the credential (spec 5), and the
 * listener is meant for loopback or a trusted relay (docs/adr/0221-smtp-ingest.md).
 */
export interface SmtpIngestDeps {
  domain: string;
  maxBytes?: number;
  authorize(localPart: string): Promise<IngestTarget>;
  /** Opens (or joins) the alert; answers the receipt id and the alert's id (none when buffered). */
  submit(target: IngestTarget, signal: Signal, idempotencyKey: string | undefined): Promise<{ receiptId: string; alertId?: string | undefined }>;
  logger: Logger;
  /** Connection limits per sender (tests shorten the times). */
  limits?: Partial<SmtpLimits>;
}

/** Maps a failure to the reply a sending MTA acts on: 5xx gives up, 4xx retries later. */
function replyFor(err: unknown, logger: Logger): SmtpReply {
  if (err instanceof SmtpReply) return err;
  if (err instanceof AppError) {
    if (err.code === 'unauthorized' || err.code === 'not_found') return noSuchRecipient();
    if (err.code === 'rate_limited') return slowDown(err.retryAfterSeconds ?? 60);
    if (err.code === 'invalid_request') return rejected(err.message);
    if (err.code === 'service_unavailable') {
      logger.warn({ err: { message: err.message } }, 'smtp: store unavailable, asked the sender to retry');
      return tryLater();
    }
  }
  // Anything unexpected is temporary: the sender keeps the message and retries, nothing is lost.
  logger.error({ err }, 'smtp: unexpected error, asked the sender to retry');
  return tryLater();
}

/**
 * At most `n` calls of `work` run at once; the rest wait their turn. Parsing a large message holds
 * the event loop and some 50 MB for a while (docs/adr/0221-smtp-ingest.md).
 */
function oneOf(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** Messages parsed at once. */
const PARSES_AT_ONCE = 4;

async function readAll(stream: SMTPServerDataStream, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size <= max) chunks.push(chunk as Buffer); // keep draining past the limit, keep nothing
  }
  return stream.sizeExceeded || size > max ? undefined : Buffer.concat(chunks);
}

/** The part of smtp-server's connection this listener uses to end a session it times out. */
interface OpenConnection {
  id: string;
  send(code: number, message: string): void;
  close(): void;
}

/**
 * Per-sender limits (issue 19.5, 33.6): sessions at once per address and per address range, and
 * timers that end a session making no progress with a message, whose DATA goes on too long, or
 * lasting too long. The sessions of one address are counted from onConnect (accepted) to onClose.
 * A message still arriving is cut off by the DATA and session limits (a drip inside DATA held a
 * slot for good); one received whole is answered first (its sender waits for that answer).
 */
function sessionLimits(limits: SmtpLimits, end: (sessionId: string, reply: string) => void) {
  const perAddress = new Map<string, number>();
  const perRange = new Map<string, number>();
  interface Open {
    address: string;
    range: string;
    idle?: NodeJS.Timeout | undefined;
    whole: NodeJS.Timeout;
    data?: NodeJS.Timeout | undefined;
    /** idle: between messages; receiving: inside DATA; deciding: received whole, being answered. */
    phase: 'idle' | 'receiving' | 'deciding';
    /** Why this listener ended the session, when it did. */
    cut?: string;
  }
  const open = new Map<string, Open>();
  const idleReply = '4.4.2 No message sent for too long; closing the connection';
  const dataReply = '4.4.2 Message took too long to send; closing the connection, send it again';
  const wholeReply = '4.4.2 Session too long; closing the connection, send again on a new one';
  const down = (m: Map<string, number>, k: string) => {
    const n = (m.get(k) ?? 1) - 1;
    if (n > 0) m.set(k, n);
    else m.delete(k);
  };

  function endWhenFree(sessionId: string, reply: string) {
    const s = open.get(sessionId);
    if (!s) return;
    // A message received whole is never cut off: it is in, and its sender waits for our answer.
    if (s.phase === 'deciding') {
      s.whole = setTimeout(() => endWhenFree(sessionId, reply), 1_000).unref();
      return;
    }
    s.cut = reply;
    end(sessionId, reply);
  }
  const idleTimer = (sessionId: string) => setTimeout(() => endWhenFree(sessionId, idleReply), limits.idleMs).unref();

  return {
    /** Admits a new session, or answers why not. */
    admit(sessionId: string, remoteAddress: string): SmtpReply | undefined {
      const address = remoteAddress.replace(/^::ffff:/i, '');
      const range = addressRange(address);
      if ((perAddress.get(address) ?? 0) >= limits.perAddress) return tooManyFromYou();
      if ((perRange.get(range) ?? 0) >= limits.perRange) return tooManyFromYourNetwork();
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      perRange.set(range, (perRange.get(range) ?? 0) + 1);
      open.set(sessionId, {
        address,
        range,
        phase: 'idle',
        idle: idleTimer(sessionId),
        whole: setTimeout(() => endWhenFree(sessionId, wholeReply), limits.sessionMs).unref(),
      });
      return undefined;
    },
    /** The session moved a message forward (MAIL, RCPT): its idle timer starts again. */
    progress(sessionId: string) {
      const s = open.get(sessionId);
      if (!s || s.phase !== 'idle') return;
      clearTimeout(s.idle);
      s.idle = idleTimer(sessionId);
    },
    /** DATA began: the message must arrive whole within dataMs. */
    receiving(sessionId: string) {
      const s = open.get(sessionId);
      if (!s) return;
      s.phase = 'receiving';
      clearTimeout(s.idle);
      s.idle = undefined;
      s.data = setTimeout(() => endWhenFree(sessionId, dataReply), limits.dataMs).unref();
    },
    /** The message arrived whole: it is answered before any limit ends the session. */
    received(sessionId: string) {
      const s = open.get(sessionId);
      if (!s) return;
      s.phase = 'deciding';
      clearTimeout(s.data);
    },
    /** The message was answered (or failed): back between messages. */
    answered(sessionId: string) {
      const s = open.get(sessionId);
      if (!s) return;
      s.phase = 'idle';
      clearTimeout(s.data);
      clearTimeout(s.idle);
      s.idle = idleTimer(sessionId);
    },
    /** Why this listener closed the session, if it did. */
    cutReason: (sessionId: string) => open.get(sessionId)?.cut,
    closed(sessionId: string) {
      const s = open.get(sessionId);
      if (!s) return;
      open.delete(sessionId);
      clearTimeout(s.idle);
      clearTimeout(s.whole);
      clearTimeout(s.data);
      down(perAddress, s.address);
      down(perRange, s.range);
    },
  };
}

/** Socket errors that are the client's doing (it went away); smtp-server's own list. */
const CLIENT_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** smtp-server's code for a DATA stream whose connection closed before the message ended. */
const CLOSED_INSIDE_DATA = 'ECONNECTION';
const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

export function createSmtpIngest(deps: SmtpIngestDeps) {
  const max = deps.maxBytes ?? EMAIL_MAX_BYTES;
  const log = deps.logger;
  const parsing = oneOf(PARSES_AT_ONCE);
  const limits = sessionLimits({ ...SMTP_LIMITS, ...deps.limits }, (sessionId, reply) => {
    // smtp-server keeps its open connections in `connections`; ending one there sends our 421.
    for (const c of (server as unknown as { connections: Set<OpenConnection> }).connections) {
      if (c.id !== sessionId) continue;
      c.send(421, reply);
      c.close();
    }
  });

  async function targetsOf(session: SMTPServerSession): Promise<IngestTarget[]> {
    const byIntegration = new Map<string, IngestTarget>();
    for (const rcpt of session.envelope.rcptTo) {
      const local = sourceLocalPart(rcpt.address, deps.domain);
      if (!local) continue;
      try {
        const target = await deps.authorize(local);
        byIntegration.set(target.integrationId, target);
      } catch (err) {
        // revoked between RCPT and DATA: that recipient is dropped, the others still get it
        if (!(err instanceof AppError && err.code === 'unauthorized')) throw err;
      }
    }
    return [...byIntegration.values()];
  }

  const server = new SMTPServer({
    name: deps.domain,
    banner: 'Klaxon alert ingest',
    size: max,
    maxClients: SMTP_MAX_CLIENTS,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    closeTimeout: 5_000,

    onConnect(session, callback) {
      callback(limits.admit(session.id, session.remoteAddress) ?? null);
    },

    onClose(session) {
      limits.closed(session.id);
    },

    onMailFrom(_address, session, callback) {
      limits.progress(session.id);
      callback();
    },

    onRcptTo(address, session, callback) {
      limits.progress(session.id);
      const local = sourceLocalPart(address.address, deps.domain);
      if (!local) return callback(noSuchRecipient());
      deps.authorize(local).then(
        () => callback(),
        (err: unknown) => callback(replyFor(err, log)),
      );
    },

    onData(stream, session, callback) {
      limits.receiving(session.id);
      (async () => {
        let raw: Buffer | undefined;
        try {
          raw = await readAll(stream, max);
        } catch (err) {
          if (codeOf(err) !== CLOSED_INSIDE_DATA) throw err;
          // The client went away (or was closed by a limit) before the message ended: nothing was
          // kept, and an MTA sends it again. The client's doing, not ours: warn (issue 33.8).
          const cut = limits.cutReason(session.id);
          log.warn({ remoteAddress: session.remoteAddress, ...(cut ? { closedBecause: cut } : {}) }, 'smtp: the connection closed inside DATA; the message was not kept');
          throw tryLater();
        }
        limits.received(session.id);
        if (!raw) throw tooBig();
        const targets = await targetsOf(session);
        if (!targets.length) throw noSuchRecipient();
        const mail = await parsing(() => simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true }));
        const { signal, idempotencyKey } = messageToSignal({
          subject: mail.subject,
          text: mail.text,
          from: mail.from?.value[0]?.address ?? mail.from?.text,
          messageId: mail.messageId,
          date: mail.date,
        });
        // One alert per source addressed; a partial failure is retried whole, and the sources
        // that already took it answer from their receipt (same Message-ID → idempotency key).
        for (const target of targets) {
          const { receiptId, alertId } = await deps.submit(target, signal, idempotencyKey);
          log.info({ integrationId: target.integrationId, receiptId, alertId, bytes: raw.length }, 'smtp: message accepted');
        }
      })()
        .finally(() => limits.answered(session.id))
        .then(
          () => callback(null, 'Alert accepted'),
          (err: unknown) => callback(replyFor(err, log)),
        );
    },
  });
  // A failure to listen is the caller's to report (serve stops with one line naming SMTP_PORT).
  let listening = false;
  server.on('error', (err) => {
    if (!listening) return;
    // A client that resets its connection (inside a transaction smtp-server reports it) is the
    // client's doing: warn. Anything else is ours: error.
    if (CLIENT_SOCKET_ERRORS.has(String(codeOf(err)))) log.warn({ code: codeOf(err) }, 'smtp: a client connection failed (the client went away)');
    else log.error({ err }, 'smtp: server error');
  });

  return {
    /** Starts listening; resolves with the bound port (0 picks a free one). */
    listen(port: number, host: string): Promise<number> {
      return new Promise((resolve, reject) => {
        const onError = (err: Error) => reject(err);
        server.once('error', onError);
        const net = server.listen(port, host, () => {
          server.off('error', onError);
          listening = true;
          resolve((net.address() as AddressInfo).port);
        });
      });
    },
    /** Stops accepting and waits (up to closeTimeout) for sessions in progress. */
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
export type SmtpIngest = ReturnType<typeof createSmtpIngest>;
