import { AppError } from '../../lib/errors.ts';

/** How many live event streams may be open at once (docs/adr/0700-connection-and-stream-bounds.md). */
export interface StreamBounds {
  perSession: number;
  perOrg: number;
  perProcess: number;
}

/** What a refused client is told to wait before it tries again: a dashboard reconnects then. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

/**
 * Counts this process's open streams by credential, by organization and in all. `admit` takes a
 * place or throws the 429 naming the bound that was reached; the returned release gives it back
 * (once, however often it is called).
 */
export function createStreamBounds(bounds: StreamBounds) {
  const bySession = new Map<string, number>();
  const byOrg = new Map<string, number>();
  let total = 0;
  const refuse = (what: string, n: number) =>
    new AppError(
      'rate_limited',
      `Too many live event streams open ${what} (at most ${n}); close one (another tab or window) or retry after the indicated delay.`,
      { retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS },
    );
  const up = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const down = (m: Map<string, number>, k: string) => {
    const n = (m.get(k) ?? 1) - 1;
    if (n > 0) m.set(k, n);
    else m.delete(k);
  };
  return {
    admit(sessionKey: string, orgId: string): () => void {
      if ((bySession.get(sessionKey) ?? 0) >= bounds.perSession) throw refuse('per session', bounds.perSession);
      if ((byOrg.get(orgId) ?? 0) >= bounds.perOrg) throw refuse('for this organization', bounds.perOrg);
      if (total >= bounds.perProcess) throw refuse('on this server', bounds.perProcess);
      up(bySession, sessionKey);
      up(byOrg, orgId);
      total++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        down(bySession, sessionKey);
        down(byOrg, orgId);
        total--;
      };
    },
    open: () => total,
  };
}
export type StreamBoundsCounter = ReturnType<typeof createStreamBounds>;
