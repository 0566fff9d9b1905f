import { isStoreUnavailable } from '../db/unavailable.ts';

/**
 * Started while the store was unavailable (docs/adr/0511), `klaxon serve` listens and spools; this
 * job retries the store's preparation (migrations, the secret key check) until it succeeds, then
 * calls `onReady` once. An error that is not the store's unavailability (a failed migration,
 * another KLAXON_SECRET_KEY) is fatal: `onFatal` stops the process, as it would have at start.
 */
export function createStoreStartup(opts: {
  prepare: () => Promise<void>;
  onReady: () => void | Promise<void>;
  onFatal: (err: unknown) => void;
  minDelayMs?: number;
  maxDelayMs?: number;
}) {
  const minDelayMs = opts.minDelayMs ?? 500;
  const maxDelayMs = opts.maxDelayMs ?? 5_000;
  let delay = minDelayMs;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let stopped = false;

  async function attempt() {
    try {
      await opts.prepare();
    } catch (err) {
      if (stopped) return;
      if (!isStoreUnavailable(err)) return opts.onFatal(err);
      delay = Math.min(maxDelayMs, delay * 2);
      timer = setTimeout(tick, delay);
      return;
    }
    if (!stopped) await opts.onReady();
  }

  function tick() {
    current = attempt().finally(() => (current = undefined));
  }

  return {
    start() {
      timer = setTimeout(tick, minDelayMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current?.catch(() => undefined);
    },
  };
}
