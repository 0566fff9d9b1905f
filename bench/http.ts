// The bench's own requests (set-up calls, probes, readiness polls), as a careful sender makes them.
//
// Each request on a connection of its own. A pooled keep-alive connection goes stale while the
// bench blocks its event loop on `execFileSync('wrk')` for longer than the server's keep-alive
// timeout (Klaxon's 5 s, `Keep-Alive: timeout=5`): the server closes it, the client has not read
// the FIN yet, and the next request on it fails with "other side closed" although the server is
// well. Retrying a POST on that error could send it twice, so the connection is never reused.
//
// A 503 or 429 (Klaxon's load shedding: 503 on /v1/ingest, 429 on /v2/enqueue, each with
// Retry-After) is waited out and sent again, as a sender honouring Retry-After would, until
// `deadlineMs`; the last answer is then returned for the caller to report.
import { Agent, fetch, type RequestInit, type Response } from 'undici';

/** No keep-alive: one connection a request (undici: pipelining 0). */
const oneShot = new Agent({ pipelining: 0 });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After in seconds (RFC 9110 10.2.3: seconds or an HTTP date); 1 s when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header) {
    const s = Number(header);
    if (Number.isFinite(s) && s >= 0) return s * 1000;
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return 1000;
}

export interface SendOptions extends Omit<RequestInit, 'dispatcher'> {
  /** Stop retrying a shed answer after this long (default 60 s); the last answer is returned. */
  deadlineMs?: number;
  /** Told of each retry (the bench prints it, so a run that met shedding says so). */
  onRetry?: (status: number, waitMs: number) => void;
}

export async function send(url: string, opts: SendOptions = {}): Promise<Response> {
  const { deadlineMs = 60_000, onRetry, ...init } = opts;
  const until = Date.now() + deadlineMs;
  for (;;) {
    const res = await fetch(url, { ...init, dispatcher: oneShot });
    if (res.status !== 503 && res.status !== 429) return res;
    const wait = Math.min(retryAfterMs(res.headers.get('retry-after')), 10_000);
    if (Date.now() + wait > until) return res;
    await res.arrayBuffer(); // the answer is read before waiting, so its connection closes
    onRetry?.(res.status, wait);
    await sleep(wait);
  }
}
