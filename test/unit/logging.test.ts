import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger, isoTimeField, lazyRequestLogger, maskUrl, requestLine, requestLogger } from '../../src/http/logging.ts';

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

describe('maskUrl (issue 19.8)', () => {
  // Real shapes of every secret a URL can carry (src/lib/secrets.ts, the kx?_ prefixes), drawn
  // without fast-check's bias toward simple values: a real token is never "AAAA…".
  const bytes = (n: number) => fc.noBias(fc.uint8Array({ minLength: n, maxLength: n })).map((b) => Buffer.from(b));
  const secret = fc.oneof(
    bytes(24).map((b) => b.toString('base64url')), // ingest URL token, calendar feed token
    bytes(16).map((b) => b.toString('hex')), // Events API routing key
    fc.tuple(fc.constantFrom('kxp_', 'kxi_', 'kxa_', 'kxm_', 'kxs_', 'kxv_', 'kxd_', 'whsec_'), bytes(24)).map(([p, b]) => p + b.toString('base64url')),
  );
  /** Some characters percent-encoded, as a sender or an attacker may write them. */
  const encoded = (s: string, which: boolean[]) => [...s].map((c, i) => (which[i % which.length] ? `%${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c)).join('');
  const place = fc.constantFrom(
    (s: string) => `/v1/ingest/${s}`,
    (s: string) => `/v1/%69ngest/${s}`,
    (s: string) => `/v1/%69%6E%67%65%73%74/${s}`,
    (s: string) => `/v1/ingst/${s}`,
    (s: string) => `/V1/INGEST/${s}`,
    (s: string) => `/v1/ingest//${s}`,
    (s: string) => `/v1/ingest/${s}/extra`,
    (s: string) => `/v1/ingest/${s}?x=1`,
    (s: string) => `/v1/calendar/${s}.ics`,
    (s: string) => `/v2/enqueue/${s}`,
    (s: string) => `/no/such/${s}`,
    (s: string) => `/${s}`,
    (s: string) => `/api/alerts?q=${s}`,
    (s: string) => `/api/alerts?status=${s}`,
    (s: string) => `/api/alerts?limit=5&cursor=${s}`,
    (s: string) => `/api/services?${s}`,
    (s: string) => `/api/services?${s}=1`,
    (s: string) => `/healthz?token=${s}&a=b`,
    (s: string) => `/api/invitations/accept?token=${s}#frag`,
  );

  it('never shows a secret, wherever it is put and however it is encoded', () => {
    fc.assert(
      fc.property(secret, place, fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }), fc.boolean(), (s, at, which, encode) => {
        const url = at(encode ? encoded(s, which) : s);
        const out = maskUrl(url);
        // Neither the secret nor a third of it (a truncated secret is still most of one).
        const body = s.replace(/^(?:kx[a-z]|whsec)_/, '');
        for (let i = 0; i + 10 <= body.length; i++) expect(out, `${url} → ${out}`).not.toContain(body.slice(i, i + 10));
        expect(out).toContain('[REDACTED]');
      }),
      { seed: 20261125, numRuns: 3000 },
    );
  });

  it('keeps what operators read: routes, resource ids, filters and page sizes', () => {
    for (const url of [
      '/v1/alerts',
      '/v2/enqueue',
      '/api/alerts/alr_01m8a5d76hmsdgyvbya24g5159/ack',
      '/api/alerts?limit=50&status=open,acknowledged&service_id=svc_01m8a5d754vts4g0n07x9rzb4q',
      '/api/schedules/sch_01m8a5d754vts4g0n07x9rzb4q/oncall?at=2026-11-25T20:00:00Z',
      '/generic/2010-04-15/create_event.json',
      '/.well-known/apple-app-site-association',
      '/api/schedules/sch_01m8a5d754vts4g0n07x9rzb4q/level-channels/1/critical',
    ]) {
      expect(maskUrl(url)).toBe(url);
    }
    expect(maskUrl('/v1/ingest/gHDN1G-8QxYz0123456789abcdefABCD')).toBe('/v1/ingest/[REDACTED]');
    expect(maskUrl('/v1/%69ngest/abc')).toBe('/v1/ingest/[REDACTED]');
    expect(maskUrl('/api/alerts?q=disk%20full&limit=5')).toBe('/api/alerts?q=[REDACTED]&limit=5');
    // A malformed percent-encoding is read byte by byte, never thrown.
    expect(maskUrl('/v1/%69ngest/%E0%A4%A/x')).toBe('/v1/ingest/[REDACTED]/x');
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
