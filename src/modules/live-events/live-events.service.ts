import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { advanceCursor, isLiveType, type LiveEvent, type TailCursor } from './live-events.ts';
import * as repo from './live-events.repository.ts';

type Listener = (events: LiveEvent[]) => void;
/** Told the user ids whose membership of the organization ended. */
type EndListener = (userIds: readonly string[]) => void;
interface Subscriber {
  events: Listener;
  ended?: EndListener | undefined;
}

/** Most events one poll reads; more wait for the next poll, which follows at once. */
const POLL_BATCH = 500;
/** Most events a reconnecting client is sent; past it the client is told to reload. */
export const BACKLOG_LIMIT = 1000;

/**
 * One tailer per process over the outbox (docs/adr/0601): while anyone listens it reads events
 * after its cursor every `pollMs` (other processes' commits) and at once on `nudge()` (a commit
 * here), and hands each organization its own alert events.
 */
export function createLiveEventFeed(deps: { db: Kysely<Database>; pollMs?: number; onError?: (err: unknown) => void }) {
  const pollMs = deps.pollMs ?? 500;
  const listeners = new Map<string, Set<Subscriber>>();
  let cursor: TailCursor | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const listening = () => listeners.size > 0 && !closed;

  async function pollOnce(): Promise<void> {
    cursor ??= { last: await repo.newestId(deps.db), gaps: new Map() };
    for (;;) {
      const rows = await repo.eventsSince(deps.db, cursor.last, [...cursor.gaps.keys()], POLL_BATCH);
      cursor = advanceCursor(cursor, rows.map((r) => Number(r.id)));
      const byOrg = new Map<string, LiveEvent[]>();
      const endedByOrg = new Map<string, string[]>();
      for (const r of rows) {
        const userId = r.ended ? userIdOf(r.ended) : undefined;
        if (userId) endedByOrg.set(r.org_id, [...(endedByOrg.get(r.org_id) ?? []), userId]);
        if (!isLiveType(r.type)) continue;
        const list = byOrg.get(r.org_id) ?? [];
        list.push({ id: Number(r.id), type: r.type, alert_id: r.alert_id, created_at: r.created_at });
        byOrg.set(r.org_id, list);
      }
      // Ends first: nothing of the batch reaches a stream whose member has gone.
      for (const [orgId, userIds] of endedByOrg) for (const s of [...(listeners.get(orgId) ?? [])]) s.ended?.(userIds);
      for (const [orgId, events] of byOrg) for (const s of listeners.get(orgId) ?? []) s.events(events);
      if (rows.length < POLL_BATCH) return;
    }
  }

  /** Reads now; a call during a read makes one more read after it (a commit it may have missed). */
  function poll(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pollOnce();
        } while (again && listening());
      } catch (err) {
        deps.onError?.(err);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function schedule() {
    if (timer || !listening()) return;
    timer = setTimeout(() => {
      timer = undefined;
      void poll().finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    /**
     * Follows one organization's alert events from now on, and the ends of its memberships (any
     * process's: docs/adr/0700); returns the unsubscribe.
     */
    async subscribe(orgId: string, fn: Listener, ended?: EndListener): Promise<() => void> {
      if (!listening()) {
        // Nobody listened: the cursor starts at what exists now, not at where it stopped.
        cursor = { last: await repo.newestId(deps.db), gaps: new Map() };
      }
      const set = listeners.get(orgId) ?? new Set<Subscriber>();
      const sub: Subscriber = { events: fn, ended };
      set.add(sub);
      listeners.set(orgId, set);
      schedule();
      return () => {
        set.delete(sub);
        if (!set.size) listeners.delete(orgId);
      };
    },
    /** The organization's alert events after `after` (a reconnecting client's Last-Event-ID). */
    async since(orgId: string, after: number, limit = BACKLOG_LIMIT): Promise<LiveEvent[]> {
      const rows = await repo.orgEventsSince(deps.db, orgId, after, limit);
      return rows.map((r) => ({ id: Number(r.id), type: r.type, alert_id: r.alert_id, created_at: r.created_at }));
    },
    newestId: () => repo.newestId(deps.db),
    /** A commit here: read now rather than at the next poll. */
    nudge() {
      if (listening()) void poll();
    },
    poll,
    listeners: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
export type LiveEventFeed = ReturnType<typeof createLiveEventFeed>;

function userIdOf(payload: string): string | undefined {
  try {
    const id = (JSON.parse(payload) as { user_id?: unknown }).user_id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
