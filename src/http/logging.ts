import pino, { type Logger, type DestinationStream } from 'pino';

/** Ingest URLs carry their credential: never log the token (spec 5 rule 2). */
export const maskUrl = (url: string): string =>
  url
    .replace(/\/v1\/ingest\/[^/?#]*/g, '/v1/ingest/[REDACTED]')
    .replace(/([?&](?:token|code|secret|key|password|access_token|refresh_token)=)[^&#]*/gi, '$1[REDACTED]');

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
  '*.email_address',
  '*.push_token',
];

/** JSON logs with redaction on; callers may pass a destination (tests capture output). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      base: { service: 'klaxon' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: {
        err: pino.stdSerializers.err,
        // Only these request fields are ever logged: no headers, no body.
        req: (req: { id?: unknown; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: maskUrl(req.url ?? '') }),
      },
    },
    destination,
  );
}
