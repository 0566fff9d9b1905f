import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers next: a status with headers and body, or no answer at all (a hang). */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

/**
 * A webhook receiver on 127.0.0.1 (random port) that keeps every request with its raw body and
 * answers from a queue of replies (then `fallback`, 200 by default), as a real receiver would:
 * 5xx, 410, 429 with Retry-After, or nothing at all.
 */
export async function startReceiver(fallback: Reply = { status: 200, body: 'ok' }) {
  const requests: ReceivedRequest[] = [];
  const replies: Reply[] = [];
  const waiters: (() => void)[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const w of waiters.splice(0)) w();
      const reply = replies.shift() ?? fallback;
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, reply.headers ?? {});
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    requests,
    /** Queues replies for the next requests. */
    reply(...r: Reply[]) {
      replies.push(...r);
    },
    /** Resolves once `n` requests have arrived in all. */
    async received(n: number): Promise<ReceivedRequest[]> {
      while (requests.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return requests;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
