import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger, isoTimeField, lazyRequestLogger, maskUrl, requestLine, requestLogger } from '../../src/http/logging.ts';

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

describe('isoTimeField', () => {
  it("writes pino's isoTime field, reformatted when the millisecond changes", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const t of ['2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z', '2026-03-01T10:00:00.001Z', '2027-01-01T00:00:00.999Z']) {
        vi.setSystemTime(new Date(t));
        expect(isoTimeField()).toBe(pino.stdTimeFunctions.isoTime());
        expect(isoTimeField()).toBe(`,"time":"${t}"`);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('lazyRequestLogger', () => {
  it('makes no child until used, then logs exactly as the child Fastify would make, redaction included', () => {
    const { lines, logger } = capture();
    const child = vi.spyOn(logger, 'child');
    const lazy = lazyRequestLogger(logger as FastifyBaseLogger, { reqId: 'req_9' }, {});
    expect(lazy.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
    lazy.warn({ err: { message: 'boom' }, body: { token: 't0k3n' } }, 'unavailable');
    lazy.info('plain');
    lazy.debug('below the level');
    expect(child).toHaveBeenCalledTimes(1);
    child.mockRestore();
    const direct = logger.child({ reqId: 'req_9' });
    direct.warn({ err: { message: 'boom' }, body: { token: 't0k3n' } }, 'unavailable');
    direct.info('plain');
    const t = (l: string) => l.replace(/"time":"[^"]+"/, '"time":"T"');
    expect(lines).toHaveLength(4);
    expect(lines.slice(0, 2).map(t)).toEqual(lines.slice(2).map(t));
    expect(lines.join('\n')).not.toContain('t0k3n');
  });

  it('keeps a route log level', () => {
    const { lines, logger } = capture();
    const lazy = lazyRequestLogger(logger as FastifyBaseLogger, { reqId: 'r' }, { level: 'warn' });
    expect(lazy.level).toBe('warn');
    lazy.info('dropped');
    lazy.warn('kept');
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['kept']);
  });
});
