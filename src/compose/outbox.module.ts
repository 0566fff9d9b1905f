import type { EventHandler } from '../jobs/handler.ts';
import { escalationPruneJob } from '../jobs/escalation-prune.job.ts';
import { createSqliteStoreRound } from '../jobs/outbox-round.sqlite.ts';
import { outboxPruneJob } from '../jobs/outbox-prune.job.ts';
import { receiptPruneJob } from '../jobs/receipt-prune.job.ts';
import { retentionJob } from '../jobs/retention.job.ts';
import { createOutboxRunner, periodicJob } from '../jobs/runner.ts';
import { webhookCleanupJob } from '../jobs/webhook-cleanup.job.ts';
import { SELF_HEARTBEAT_SCHEDULE, selfHeartbeatJob } from '../jobs/self-heartbeat.job.ts';
import { outboxRepository } from '../modules/outbox/index.ts';
import { ALERT_EVENT_TYPES } from '../modules/alert/index.ts';
import type { Authenticator } from '../http/auth.ts';
import { createLiveEventFeed, liveEventRoutes } from '../modules/live-events/index.ts';
import type { Core, Routes } from './core.ts';

/**
 * After commit: the outbox runner with every module's handlers and the periodic prunes, and the
 * dashboard's live feed (docs/adr/0601-live-events.md). Answers `core.wake.outbox` and `core.wake.live`.
 */
export function createOutboxModule(core: Core, deps: { handlers: EventHandler[]; authenticate: Authenticator }) {
  const { config, db, dialect, clock, store, handlers } = { ...core, ...deps };
  const periodic = [outboxPruneJob, receiptPruneJob, escalationPruneJob, retentionJob, webhookCleanupJob].map((job) => core.background.add(...periodicJob(job, db)));
  const outboxJob = core.outage.job('outbox', 'paging and other outbox work');
  const runner = createOutboxRunner({
    db, dialect, clock, handlers,
    background: core.background,
    leaseMs: config.outboxLeaseMs,
    // PostgreSQL: a round of a backlog takes up to 1,000 events; its local ones cost the same few
    // statements as 200 would (docs/adr/0871). The SQLite thread's round keeps the default.
    roundSize: dialect === 'postgres' ? 1000 : undefined,
    // On the SQLite thread a round must not hold a transaction open across its round trips; the
    // thread runs the rounds of the handlers it has a form of itself (docs/adr/0125).
    transactionalRounds: dialect !== 'sqlite',
    storeRound: store.sqliteThread ? createSqliteStoreRound(store.sqliteThread, handlers, ALERT_EVENT_TYPES) : undefined,
    // Logged, not thrown: a failed round is redone event by event, a failed event retried with backoff.
    onError: (err, event, what) =>
      outboxJob.failed(err, event ? `outbox event ${event.id} (${event.type}) failed; it will be retried` : (what ?? 'outbox round failed; its events are retried one by one')),
    onRound: (taken) => {
      outboxJob.ok();
      // The intake made escalations due: page now, not at the next poll.
      if (taken > 0) core.wake.paging.fire();
    },
  });
  core.wake.outbox.listen(() => runner.nudge());
  const liveEvents = createLiveEventFeed({ db, onError: (err) => core.onBackgroundError(err, 'live event feed poll failed') });
  core.wake.live.listen(() => liveEvents.nudge());
  // Klaxon watching itself (docs/adr/0865): pings KLAXON_SELF_HEARTBEAT_URL while the engine runs.
  const selfHeartbeat = config.selfHeartbeatUrl
    ? core.background.add(
        selfHeartbeatJob({ url: config.selfHeartbeatUrl, engine: () => core.background.loop('paging-engine'), checks: () => core.background.loop('paging-checks'), backlog: () => outboxRepository.countBacklog(db) }),
        SELF_HEARTBEAT_SCHEDULE,
      )
    : undefined;
  const routes = { liveEvents: liveEventRoutes({ live: liveEvents, bounds: config.liveStreams, authenticate: deps.authenticate }) } satisfies Routes;
  return {
    runner, liveEvents, routes,
    /** The self heartbeat's loop when KLAXON_SELF_HEARTBEAT_URL is set (role worker and all). */
    selfHeartbeat,
    /** The periodic prunes (role worker and all). */
    periodic: {
      start: () => periodic.forEach((p) => p.start()),
      /** Each once now, in order (tests, with a manual clock). */
      run: async () => {
        for (const p of periodic) await p.runOnce();
      },
    },
  };
}
export type OutboxModule = ReturnType<typeof createOutboxModule>;
