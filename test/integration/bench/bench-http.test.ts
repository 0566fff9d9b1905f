// bench/http.ts, the bench's own requests: never on a pooled keep-alive connection (one the server
// closed while the bench was blocked on wrk failed with "other side closed"), and load shedding
// waited out as Retry-After says. Real loopback servers.
import { once } from 'node:events';
import { type AddressInfo, type Server, createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { retryAfterMs, send } from '../../../bench/http.ts';

/**
 * A raw HTTP/1.1 server that keeps connections alive (Keep-Alive: timeout=60) and answers from
 * `answers` in turn (the last one repeats); it counts connections and requests.
 */
async function server(answers: Array<{ status: number; headers?: Record<string, string> }>) {
  const seen = { connections: 0, requests: 0 };
  const s: Server = createServer((socket) => {
    seen.connections++;
    let buf = '';
    socket.on('data', (chunk) => {
      buf += chunk.toString('latin1');
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(buf.slice(0, end))?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        buf = buf.slice(end + 4 + length);
        const a = answers[Math.min(seen.requests, answers.length - 1)]!;
        seen.requests++;
        const head = Object.entries({ 'content-length': '2', 'keep-alive': 'timeout=60', ...a.headers }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
        socket.write(`HTTP/1.1 ${a.status} X\r\n${head}\r\nok`);
      }
    });
  });
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  servers.push(s);
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/x`, seen };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.close();
    s.unref();
  }
});

describe('bench/http send', () => {
  it('sends each request on a connection of its own, so a connection the server closed is never reused', async () => {
    // A pooled connection goes stale when the server's keep-alive timeout passes while the bench
    // is blocked on wrk; the next request on it failed with "other side closed". The server here
    // keeps every connection open: a client that pooled them would send all three on one.
    const srv = await server([{ status: 200 }]);
    for (let i = 0; i < 3; i++) {
      const r = await send(srv.url, { method: 'POST', body: '{}' });
      expect(r.status).toBe(200);
      await r.text();
    }
    expect(srv.seen).toEqual({ connections: 3, requests: 3 });
  });

  it('waits out load shedding (503 and 429 with Retry-After) and sends again', async () => {
    const srv = await server([
      { status: 503, headers: { 'retry-after': '0' } },
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 202 },
    ]);
    const retries: number[] = [];
    const r = await send(srv.url, { method: 'POST', body: '{"title":"probe"}', onRetry: (status) => retries.push(status) });
    expect(r.status).toBe(202);
    expect(retries).toEqual([503, 429]);
    expect(srv.seen.requests).toBe(3);
  });

  it('returns the shed answer when Retry-After would pass the deadline, for the caller to report', async () => {
    const srv = await server([{ status: 503, headers: { 'retry-after': '2' } }]);
    const r = await send(srv.url, { method: 'POST', body: '{}', deadlineMs: 1000 });
    expect(r.status).toBe(503);
    expect(srv.seen.requests).toBe(1);
  });

  it('answers other statuses as they are', async () => {
    const srv = await server([{ status: 500 }]);
    expect((await send(srv.url)).status).toBe(500);
    expect(srv.seen.requests).toBe(1);
  });
});

describe('bench/http retryAfterMs', () => {
  const now = Date.parse('2026-12-05T19:00:00Z');
  it.each([
    ['2', 2000],
    ['0', 0],
    ['Sat, 05 Dec 2026 19:00:03 GMT', 3000],
    ['Sat, 05 Dec 2026 18:59:00 GMT', 0],
    [null, 1000],
    ['soon', 1000],
  ])('%s -> %i ms', (header, ms) => {
    expect(retryAfterMs(header, now)).toBe(ms);
  });
});
