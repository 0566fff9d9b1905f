import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per process (tests build several apps, so never the global default). */
export function createMetrics(opts: { backlog: () => Promise<number>; spoolSize?: () => number; eventLoopDelayMs?: () => number }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'klaxon_' });
  const signals = new Counter({
    name: 'klaxon_signals_total',
    help: 'Ingest requests by outcome (created, deduped, resolved, ignored, replayed, buffered, rejected, rate_limited, unauthorized, unavailable)',
    labelNames: ['endpoint', 'outcome'] as const,
    registers: [registry],
  });
  const ingestSeconds = new Histogram({
    name: 'klaxon_ingest_duration_seconds',
    help: 'Time from request received to response, for ingest endpoints',
    labelNames: ['endpoint'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new Gauge({
    name: 'klaxon_outbox_backlog',
    help: 'Alert events written but not yet handled by the worker',
    registers: [registry],
    async collect() {
      try {
        this.set(await opts.backlog());
      } catch {
        // store unreachable: leave the last value; /readyz reports it
      }
    },
  });
  // Durable ingest (docs/adr/0100-ingest-spool.md): what waits in the local spool, and the load signal.
  new Gauge({
    name: 'klaxon_spool_units',
    help: 'Signals kept in the local spool, waiting for the store',
    registers: [registry],
    collect() {
      this.set(opts.spoolSize?.() ?? 0);
    },
  });
  new Gauge({
    name: 'klaxon_event_loop_delay_ms',
    help: 'Sustained event-loop delay (worst timer lateness, lower of the last two windows) that load shedding compares with its bound',
    registers: [registry],
    collect() {
      this.set(opts.eventLoopDelayMs?.() ?? 0);
    },
  });
  return { registry, signals, ingestSeconds };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** The outcome label of a finished ingest request. */
export function ingestOutcome(status: number, body: unknown): string {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  if (status >= 400) return 'rejected';
  const b = (body ?? {}) as { buffered?: boolean; deduped?: boolean; resolved?: boolean; alert_id?: string };
  if (b.buffered) return 'buffered';
  if (b.resolved) return 'resolved';
  if (b.deduped) return 'deduped';
  if (b.alert_id) return 'created';
  return 'accepted';
}
