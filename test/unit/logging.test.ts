import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger, maskUrl, requestLine, requestLogger } from '../../src/http/logging.ts';

// maskUrl as it was before its patterns got their guards: the guarded one must agree on any URL.
const maskUrlReference = (url: string): string =>
  url
    .replace(/\/v1\/ingest\/[^/?#]*/g, '/v1/ingest/[REDACTED]')
    .replace(/([?&](?:token|code|secret|key|password|access_token|refresh_token)=)[^&#]*/gi, '$1[REDACTED]')
    .replace(/(kx[piv]_)[A-Za-z0-9_-]+/g, '$1[REDACTED]');

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  return { lines, logger: createLogger('info', sink) };
}

describe('request line without the redaction pass', () => {
  it('writes the same bytes as the request child logger did, with a masked URL', () => {
    const { lines, logger } = capture();
    logger.child({ reqId: 'req_1' }).info({ method: 'POST', url: '/v1/ingest/[REDACTED]', status: 202, ms: 1.23 }, 'request');
    requestLine(requestLogger(logger), 'req_1', 'POST', '/v1/ingest/tok_secret', 202, 1.2345);
    expect(lines).toHaveLength(2);
    const [before, after] = lines.map((l) => l.replace(/"time":"[^"]+"/, '"time":"T"'));
    expect(after).toBe(before);
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 30, service: 'klaxon', reqId: 'req_1', method: 'POST', url: '/v1/ingest/[REDACTED]', status: 202, ms: 1.23, msg: 'request' });
  });

  it('masks every secret a URL can carry', () => {
    const { lines, logger } = capture();
    const log = requestLogger(logger);
    requestLine(log, 'r', 'GET', '/api/invitations/kxv_abcDEF123?token=t0ps3cret&x=1', 200, 0);
    requestLine(log, 'r', 'GET', '/v1/ingest/abc/nope?access_token=zzz', 404, 0);
    const out = lines.join('\n');
    for (const secret of ['abcDEF123', 't0ps3cret', 'zzz', '/ingest/abc']) expect(out).not.toContain(secret);
  });

  it('leaves redaction on for every other line, the parent logger included', () => {
    const { lines, logger } = capture();
    requestLogger(logger);
    logger.info({ user: { password: 'p4ss', token: 't0k' }, headers: { authorization: 'Bearer kxp_x' } }, 'other');
    logger.child({ reqId: 'r' }).warn({ body: { secret: 's3cr3t' } }, 'child');
    const out = lines.join('\n');
    for (const secret of ['p4ss', 't0k', 'kxp_x', 's3cr3t']) expect(out).not.toContain(secret);
    expect(out.match(/\[REDACTED\]/g)).toHaveLength(4);
  });
});

describe('maskUrl', () => {
  it('masks exactly as the unguarded patterns do', () => {
    const part = fc.constantFrom('/v1/ingest/', 'tok3n', '?', '&', '=', 'token=', 'Code=', 'key=', 'kxp_', 'kxi_', 'kxv_', 'kx', '/', '#', 'a', '_-', '%20');
    fc.assert(fc.property(fc.array(part, { maxLength: 12 }), fc.string({ maxLength: 8 }), (parts, tail) => {
      const url = parts.join('') + tail;
      expect(maskUrl(url)).toBe(maskUrlReference(url));
    }), { numRuns: 2000 });
    for (const url of ['/v1/ingest/abc?x=1&token=t#f', '/api/keys/kxp_abc', '/healthz', '/v1/alerts?Password=p&key=k']) {
      expect(maskUrl(url)).toBe(maskUrlReference(url));
    }
  });
});
