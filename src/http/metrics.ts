import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../lib/errors.ts';
import { type AlertOutcome, alertOutcome } from '../modules/alert/index.ts';

/**
 * The `endpoint` label of the ingest metrics: which kind of sender it was. A closed set (README,
 * Operations): never a token, id or free text.
 * - `native`: an ingest URL of a webhook source (the native signal);
 * - `alertmanager`, `grafana`, `datadog`, `custom`: an ingest URL of that vendor source;
 * - `ingest_url`: an ingest URL whose token matched no source (so its kind is unknown);
 * - `alerts_api`: POST /v1/alerts with an alert-ingest key;
 * - `events_v2`, `events_v1`: PagerDuty Events API v2 (/v2/enqueue) and the legacy v1 route;
 * - `email`: the SMTP listener.
 */
export const INGEST_ENDPOINTS = ['native', 'alertmanager', 'grafana', 'datadog', 'custom', 'ingest_url', 'alerts_api', 'events_v2', 'events_v1', 'email'] as const;
export type IngestEndpoint = (typeof INGEST_ENDPOINTS)[number];

/**
 * The `outcome` label of `klaxon_signals_total`. Per signal (a vendor batch of N alerts counts N):
 * created, deduped (joined an open alert, or acknowledged it), resolved, ignored (resolve or
 * acknowledge of no open alert: nothing changed), buffered (kept in the local spool, applied
 * later). Per request, when no signal of it was applied: replayed (a repeated Idempotency-Key),
 * invalid, unauthorized, rate_limited, too_large, unavailable, error.
 */
export const SIGNAL_OUTCOMES = ['created', 'deduped', 'resolved', 'ignored', 'buffered'] as const satisfies readonly SignalOutcome[];
export const REQUEST_OUTCOMES = ['replayed', 'invalid', 'unauthorized', 'rate_limited', 'too_large', 'unavailable', 'error'] as const;
export type SignalOutcome = AlertOutcome | 'buffered';
export type IngestOutcome = SignalOutcome | (typeof REQUEST_OUTCOMES)[number];

/** The outcome of a request refused with this HTTP status. */
export function refusalOf(status: number): IngestOutcome {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 413) return 'too_large';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'error';
  return 'invalid';
}

/** The outcome of a request refused with this error (paths without an HTTP status: email). */
export function refusalOfError(err: unknown): IngestOutcome {
  if (!(err instanceof AppError)) return 'error';
  switch (err.code) {
    case 'unauthorized':
    case 'forbidden':
      return 'unauthorized';
    case 'rate_limited':
      return 'rate_limited';
    case 'payload_too_large':
      return 'too_large';
    case 'service_unavailable':
      return 'unavailable';
    case 'internal':
      return 'error';
    default:
      return 'invalid';
  }
}

/** The part of an ingest reply the signal counter reads (IngestReply). */
export interface CountedReply {
  body: unknown;
  buffered: boolean;
  replayed: boolean;
  /** How many signals the request carried. */
  signals: number;
  /** The outcome of a one-signal request; a vendor batch's are in its body's items. */
  outcome?: AlertOutcome | undefined;
}

/**
 * Durable ingest's gauges (docs/adr/0100-ingest-spool.md): what waits in the local spool, and the
 * load signal. Registered by the ingest module, which owns both, into the process's registry.
 */
export function registerIngestGauges(registry: Registry, opts: { spoolSize: () => number; eventLoopDelayMs: () => number }): void {
  new Gauge({
    name: 'klaxon_spool_units',
    help: 'Ingest requests (units of one or more signals) kept in the local spool, waiting for the store',
    registers: [registry],
    collect() {
      this.set(opts.spoolSize());
    },
  });
  new Gauge({
    name: 'klaxon_event_loop_delay_seconds',
    help: 'Sustained event-loop delay (worst timer lateness, lower of the last two windows) that load shedding compares with its bound',
    registers: [registry],
    collect() {
      this.set(opts.eventLoopDelayMs() / 1000);
    },
  });
}

/** One registry per process (tests build several apps, so never the global default). */
export function createMetrics(opts: { backlog: () => Promise<number> }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'klaxon_' });
  const signals = new Counter({
    name: 'klaxon_signals_total',
    help:
      `Ingest signals by endpoint (${INGEST_ENDPOINTS.join(', ')}) and outcome: per signal ${SIGNAL_OUTCOMES.join(', ')}; ` +
      `per refused or replayed request ${REQUEST_OUTCOMES.join(', ')}`,
    labelNames: ['endpoint', 'outcome'] as const,
    registers: [registry],
  });
  const ingestSeconds = new Histogram({
    name: 'klaxon_ingest_duration_seconds',
    help: 'Time from request received to response, for HTTP ingest endpoints (endpoint as in klaxon_signals_total)',
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

  // Background jobs (src/lib/background.ts, docs/adr/0760): every loop's runs, failures and time.
  const jobRuns = new Counter({ name: 'klaxon_job_runs_total', help: 'Runs of each background job (outbox rounds, paging engine, dispatcher, webhook delivery, spool drain, credential snapshot, prunes)', labelNames: ['job'] as const, registers: [registry] });
  const jobFailures = new Counter({ name: 'klaxon_job_failures_total', help: 'Runs of each background job that failed (logged, and run again after a backoff)', labelNames: ['job'] as const, registers: [registry] });
  const jobSeconds = new Histogram({
    name: 'klaxon_job_duration_seconds',
    help: 'Time one run of a background job took',
    labelNames: ['job'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  // Pages (src/modules/paging/dispatch.job.ts): each fate the dispatcher wrote, by channel and status
  // (sent, delivered, failed, not_configured, cancelled, skipped, superseded; a retry or a throttle: pending).
  const pages = new Counter({ name: 'klaxon_pages_total', help: 'Pages the dispatcher finished, by channel (push, sms, voice, email, chat) and status (sent, delivered, failed, not_configured, cancelled, skipped, superseded, pending: retried or delayed)', labelNames: ['channel', 'status'] as const, registers: [registry] });
  const jobChildren = new Map<string, { runs: Counter.Internal; failures: Counter.Internal; seconds: Histogram.Internal<'job'> }>();
  const jobs = {
    observe(job: string, seconds: number, failed: boolean): void {
      let c = jobChildren.get(job);
      if (!c) jobChildren.set(job, (c = { runs: jobRuns.labels(job), failures: jobFailures.labels(job), seconds: jobSeconds.labels(job) }));
      c.runs.inc();
      if (failed) c.failures.inc();
      c.seconds.observe(seconds);
    },
  };

  // Label children made once per label pair: the ingest path does a map lookup, no allocation.
  const counters = new Map<string, Map<string, Counter.Internal>>();
  const timers = new Map<string, Histogram.Internal<'endpoint'>>();
  const count = (endpoint: IngestEndpoint, outcome: IngestOutcome, n = 1): void => {
    let byOutcome = counters.get(endpoint);
    if (!byOutcome) counters.set(endpoint, (byOutcome = new Map()));
    let child = byOutcome.get(outcome);
    if (!child) byOutcome.set(outcome, (child = signals.labels(endpoint, outcome)));
    child.inc(n);
  };

  return {
    registry,
    /** The background runner's counts and times (src/lib/background.ts). */
    jobs,
    /** Counts a page's fate once written (the dispatcher's onFate). */
    countPage(channel: string, status: string): void {
      pages.labels(channel, status).inc();
    },
    signals,
    ingestSeconds,
    /** Counts a request's signals by outcome (`n` of them), or a refused request (n = 1). */
    count,
    /** Counts the signals of an accepted (2xx) ingest request. */
    countReply(endpoint: IngestEndpoint, r: CountedReply): void {
      if (r.replayed) return count(endpoint, 'replayed');
      if (r.buffered) return count(endpoint, 'buffered', r.signals);
      if (r.outcome) return count(endpoint, r.outcome);
      const items = (r.body as { items?: { alert_id?: string; deduped?: boolean; resolved?: boolean }[] } | undefined)?.items;
      if (!items) return;
      for (const i of items) count(endpoint, alertOutcome({ alertId: i.alert_id, deduped: i.deduped === true, resolved: i.resolved === true }));
    },
    /** Observes an HTTP ingest request's duration. */
    observe(endpoint: IngestEndpoint, seconds: number): void {
      let child = timers.get(endpoint);
      if (!child) timers.set(endpoint, (child = ingestSeconds.labels(endpoint)));
      child.observe(seconds);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
