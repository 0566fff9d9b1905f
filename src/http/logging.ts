import type { FastifyBaseLogger } from 'fastify';
import pino, { type ChildLoggerOptions, type Logger, type DestinationStream } from 'pino';
import { isoOfMs } from '../lib/clock.ts';
import { maskUrl } from './url-redaction.ts';

// The request line's URL, with every secret it may carry masked (src/http/url-redaction.ts).
export { maskUrl };

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.secret',
  '*.token',
  '*.api_key',
  '*.ingest_key',
  '*.routing_key',
  '*.ingest_url',
  '*.invitation_url',
  '*.email_address',
  '*.code',
  '*.codes',
  '*.totp_code',
  '*.recovery_code',
  '*.device_code',
  '*.access_token',
  '*.csrf_token',
  'req.headers["x-csrf-token"]',
  'headers["x-csrf-token"]',
  '*.push_token',
];

// pino's isoTime (`,"time":"<ISO 8601>"`) with the timestamp formatted once per millisecond:
// under load many lines share one, and the formatting was a visible part of each request's cost.
export const isoTimeField = (): string => `,"time":"${isoOfMs(Date.now())}"`;

/** JSON logs with redaction on; callers may pass a destination (tests capture output). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      base: { service: 'klaxon' },
      timestamp: isoTimeField,
      serializers: {
        err: pino.stdSerializers.err,
        // Only these request fields are ever logged: no headers, no body.
        req: (req: { id?: unknown; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: maskUrl(req.url ?? '') }),
      },
    },
    destination,
  );
}

/**
 * The logger of the one line per request (`requestLine`). Redaction with wildcard paths costs a
 * pass over every field of every line (about 20 µs a request here, docs/adr/0120); this line's
 * fields are fixed and none can hold a secret (the URL is masked), so it is written by a child of
 * the application logger (same destination, level, base fields and time format) without that
 * pass. Every other line keeps redaction.
 */
export const requestLogger = (logger: Logger): Logger => logger.child({}, { redact: [] });

/**
 * Writes the request line: `{reqId, method, url, status, ms, msg: "request"}`, the same bytes as
 * the request's own child logger would write, plus `code` (PRODUCT.md 5) on an error response and
 * `integrationId` on an ingest request whose source is known, so an operator can tell why a sender
 * was refused. `reqId` is the request id, which genReqId limits to [A-Za-z0-9._-]; `method` comes
 * from the HTTP parser; the URL goes through maskUrl; the code is one of a closed set and the
 * integration id is an id (int_…), never a credential.
 */
export function requestLine(log: Logger, reqId: string, method: string, url: string, status: number, elapsedMs: number, code?: string, integrationId?: string): void {
  const ms = Math.round(elapsedMs * 100) / 100;
  if (code === undefined && integrationId === undefined) log.info({ reqId, method, url: maskUrl(url), status, ms }, 'request');
  else log.info({ reqId, method, url: maskUrl(url), status, ms, code, integrationId }, 'request');
}

type LogFn = (...args: unknown[]) => void;
type Child = FastifyBaseLogger & Partial<Pick<Logger, 'isLevelEnabled' | 'bindings' | 'setBindings' | 'flush'>>;

/**
 * A request's logger (Fastify's `req.log`), made on first use. Making a pino child per request
 * costs a redaction pass over its bindings; most requests log nothing but their request line,
 * which does not go through it (`requestLine`). On first use it becomes exactly the child
 * Fastify would have made (`parent.child(bindings, options)`), so lines are unchanged.
 */
class LazyRequestLogger {
  private made: Child | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly childBindings: Record<string, unknown>,
    private readonly options: ChildLoggerOptions | undefined,
  ) {}
  private get log(): Child {
    return (this.made ??= this.parent.child(this.childBindings, this.options) as Child);
  }
  get level(): string {
    return this.made ? this.made.level : (this.options?.level ?? this.parent.level);
  }
  set level(level: string) {
    this.log.level = level;
  }
  // The level methods (fatal … silent) are added below, one per level: each forwards to the child.
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;
  child(bindings: Record<string, unknown>, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
  isLevelEnabled(level: string): boolean {
    return this.log.isLevelEnabled!(level);
  }
  bindings(): Record<string, unknown> {
    return this.log.bindings!();
  }
  setBindings(bindings: Record<string, unknown>): void {
    this.log.setBindings!(bindings);
  }
  flush(cb?: (err?: Error) => void): void {
    this.log.flush!(cb);
  }
}

for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
  Object.defineProperty(LazyRequestLogger.prototype, level, {
    value(this: LazyRequestLogger, ...args: unknown[]) {
      ((this as unknown as { log: Child }).log[level] as LogFn)(...args);
    },
  });
}

/** Fastify's childLoggerFactory: the request logger, made lazily (see LazyRequestLogger). */
export const lazyRequestLogger = (logger: FastifyBaseLogger, bindings: Record<string, unknown>, options: ChildLoggerOptions): FastifyBaseLogger =>
  // Fastify passes {} when the route sets no level or serializers; pino's child takes a quicker
  // path without options, and the result is the same.
  new LazyRequestLogger(logger, bindings, Object.keys(options).length ? options : undefined) as unknown as FastifyBaseLogger;
