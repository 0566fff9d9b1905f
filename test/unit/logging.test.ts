import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, requestLine, requestLogger } from '../../src/http/logging.ts';

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
