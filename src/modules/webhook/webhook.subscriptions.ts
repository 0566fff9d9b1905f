import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { wantedKey } from '../alert/index.ts';
import * as repo from './webhook.repository.ts';

/** How often each process reloads who wants which events (another process's changes show within this). */
export const SUBSCRIPTIONS_REFRESH_MS = 10_000;

/**
 * Keeps the process's settled event types (docs/adr/0123) in step with webhook subscriptions
 * (docs/adr/0461-webhook-delivery.md): a type that only webhooks consume is written processed,
 * except for the organizations with an enabled destination that subscribes to it. Until the first
 * load nothing is settled here: every such event is written pending and the fan-out finds out.
 */
export function createWebhookSubscriptions(deps: {
  db: Kysely<Database>;
  /** The process's live settled types (SettledEvents), shared with every writer of alert events. */
  settled: Set<string>;
  /** Event types no other handler consumes. */
  types: readonly string[];
  everyMs?: number;
  onError?: (err: unknown) => void;
}) {
  const { settled, types } = deps;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;

  async function load(): Promise<void> {
    const rows = await repo.enabledSubscriptions(deps.db);
    const wanted = new Set<string>();
    for (const r of rows) for (const type of JSON.parse(r.events) as string[]) if (types.includes(type)) wanted.add(wantedKey(r.org_id, type));
    // One synchronous step: a batch takes the set before or after, never half of it.
    for (const k of [...settled]) if (k.includes(' ') && !wanted.has(k)) settled.delete(k);
    for (const k of wanted) settled.add(k);
    for (const type of types) settled.add(type);
  }

  /** Reloads now; concurrent calls share one load. Throws what the load threw. */
  function refresh(): Promise<void> {
    current ??= load().finally(() => {
      current = undefined;
    });
    return current;
  }

  return {
    refresh,
    /** Reloads now, reporting instead of throwing (start-up: a store that is down keeps the safe default). */
    async refreshQuietly(): Promise<void> {
      await refresh().catch((err) => deps.onError?.(err));
    },
    start() {
      if (timer) return;
      const tick = () => {
        void refresh()
          .catch((err) => deps.onError?.(err))
          .finally(() => {
            if (timer) {
              timer = setTimeout(tick, deps.everyMs ?? SUBSCRIPTIONS_REFRESH_MS);
              timer.unref();
            }
          });
      };
      timer = setTimeout(tick, deps.everyMs ?? SUBSCRIPTIONS_REFRESH_MS);
      timer.unref();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await current?.catch(() => undefined);
    },
  };
}
export type WebhookSubscriptions = ReturnType<typeof createWebhookSubscriptions>;
