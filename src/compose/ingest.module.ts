import { registerIngestGauges } from '../http/metrics.ts';
import { join } from 'node:path';
import { createStoreGate } from '../db/store-gate.ts';
import { isDiskFailure, storeNotReadyError } from '../db/unavailable.ts';
import { createSnapshotFile } from '../jobs/credential-snapshot.file.ts';
import { createSnapshotRefresher } from '../jobs/credential-snapshot.job.ts';
import { createLoadMonitor } from '../lib/load-monitor.ts';
import { createSignal } from '../lib/signal.ts';
import { createEventsV2Service, eventsV2Routes } from '../modules/events-v2/index.ts';
import {
  createCommitter, createIngestService, createPgExecutor, createSpoolDrainer, createSqliteThreadExecutor, ingestRoutes, openSpool,
  type IngestSnapshotEntries, type SourceAdapter,
} from '../modules/ingest/index.ts';
import { createIntegrationService, createMappingSandbox, integrationRoutes, type IngestTarget, type IntegrationType } from '../modules/integration/index.ts';
import { createServiceService, serviceRoutes } from '../modules/service/index.ts';
import type { AlertsModule } from './alerts.module.ts';
import type { Core, Routes } from './core.ts';
import type { TimeModule } from './time.module.ts';
import type { PagingModule } from './paging.module.ts';
import type { PeopleModule } from './people.module.ts';
import type { SchedulesModule } from './schedules.module.ts';

/** The outage credential snapshot's file in the data folder (docs/adr/0511). */
export const SNAPSHOT_FILE = 'credential-snapshot.sealed';
interface SavedCredentials {
  integrations: [string, IngestTarget][];
  ingest: IngestSnapshotEntries;
}

/**
 * Signals in: sources and services, the committer and its store gate, the spool and its drainer,
 * load shedding, the Events API, the outage credential snapshot. Answers `core.wake.credentials`.
 */
export function createIngestModule(core: Core, deps: {
  alerts: AlertsModule;
  people: PeopleModule;
  schedules: SchedulesModule;
  paging: PagingModule;
  /** Service reads say which maintenance window holds them. */
  time: TimeModule;
  /** Event-loop delay in ms for load shedding (tests inject it); measured by default. */
  eventLoopDelay?: (() => number) | undefined;
}) {
  const { config, db, dialect, clock, box, store, onBackgroundError } = core;
  const { alerts, settledEvents } = deps.alerts;
  const { apiKeys } = deps.people;
  // Custom mappings run in sandbox processes (docs/adr/0501-custom-mapping-sandbox.md).
  const mappings = createMappingSandbox({ onKill: (info) => core.backgroundLog.warn(info, 'a custom mapping exceeded its bounds; its sandbox process was replaced') });
  // A revocation rewrites the snapshot's file from memory (docs/adr/0202, 0511): fired here, answered below.
  const snapshotChanged = createSignal();
  const integrations = createIntegrationService({ db, clock, box, publicUrl: config.publicUrl, emailDomain: config.emailDomain, mappings, onSnapshotChanged: snapshotChanged.fire });
  const services = createServiceService({ db, clock, integrations, schedules: deps.schedules.schedules, pagingOf: deps.paging.paging.pagingStatus, maintenanceOf: deps.time.maintenance.maintenanceOf });

  // SQLite takes the batch on its thread's one connection with prepared statements
  // (docs/adr/0121-sqlite-thread.md); PostgreSQL commits several batches at once, with raw prepared
  // statements on a pooled client (docs/adr/0005-group-commit.md, 0120).
  const executor = store.sqliteThread ? createSqliteThreadExecutor(store.sqliteThread, settledEvents) : createPgExecutor(store.pool!, settledEvents);
  // SQLite: a batch goes whenever the thread is free (docs/adr/0124), so it applies the next batch
  // while earlier ones wait for the WAL flush (docs/adr/0122); 8 in flight at most. PostgreSQL: 2
  // batches at once, not 4: each is two round trips, so two keep the server busy, and fewer
  // batches of a hot key wait on its row lock (docs/adr/0120-ingest-throughput.md).
  const committer = createCommitter({ executor, concurrency: dialect === 'sqlite' ? 8 : 2, onCommitted: core.notify });
  // Nothing is written to a store this process has not migrated and checked yet: until then
  // ingest spools and the drainer waits (docs/adr/0511).
  const storeGate = createStoreGate();
  // The last ingest write's disk failure (full, I/O error) until a write succeeds: /readyz reads it.
  const storeWrites = { failure: undefined as string | undefined, atMs: 0 };
  const gatedCommitter: Pick<typeof committer, 'submit'> = {
    submit: (unit) => {
      if (!storeGate.isOpen()) return Promise.reject(storeNotReadyError());
      return committer.submit(unit).then(
        (outcome) => {
          storeWrites.failure = undefined;
          return outcome;
        },
        (err: unknown) => {
          if (isDiskFailure(err)) {
            storeWrites.failure = (err as { code: string }).code;
            storeWrites.atMs = performance.now();
          }
          throw err;
        },
      );
    },
  };

  // Durable ingest (docs/adr/0100-ingest-spool.md): the edge spool, its drainer, load shedding.
  const spool = openSpool({ path: join(config.dataDir, 'spool.db'), maxUnits: config.spoolMaxUnits, clock, onError: onBackgroundError });
  const drainer = createSpoolDrainer({ spool, committer: gatedCommitter, onError: onBackgroundError, background: core.background });
  const load = createLoadMonitor({ maxDelayMs: config.shedEventLoopDelayMs, maxQueueDepth: config.shedQueueDepth, queueDepth: () => committer.depth, delayMs: deps.eventLoopDelay });
  registerIngestGauges(core.metrics.registry, { spoolSize: () => spool.size, eventLoopDelayMs: () => load.delayMs() });

  // Vendor connections: each parser turns a payload into routed items.
  const adapters: Partial<Record<IntegrationType, SourceAdapter>> = {};
  for (const type of ['alertmanager', 'grafana', 'datadog', 'custom'] as const) adapters[type] = (body, target) => integrations.parse(type, body, target);
  const ingest = createIngestService({ db, clock, committer: gatedCommitter, integrations, apiKeys, alerts, adapters, spool, overloaded: load.overloaded });
  const eventsV2 = createEventsV2Service({ ingest });
  core.wake.credentials.listen(() => {
    integrations.invalidateCache();
    ingest.invalidateCaches();
  });

  // Every live ingest credential, reloaded each minute, for lookups the store cannot answer during
  // an outage (docs/adr/0103-outage-credential-snapshot.md); kept in the data folder too, sealed,
  // so a restart during an outage can spool (docs/adr/0511).
  const snapshotFile = createSnapshotFile<SavedCredentials>({ path: join(config.dataDir, SNAPSHOT_FILE), box });
  let snapshotTakenAt: string | undefined;
  const exportSnapshot = (): SavedCredentials => ({ integrations: integrations.exportSnapshot(), ingest: ingest.exportSnapshot() });
  const snapshots = createSnapshotRefresher({
    refresh: () => Promise.all([integrations.refreshSnapshot(), ingest.refreshSnapshot()]),
    report: core.outage.job('credential snapshot', 'refreshing the outage credential snapshot (the last one loaded stays in use)'),
    log: core.backgroundLog,
    background: core.background,
    save: () => snapshotFile.save(exportSnapshot(), (snapshotTakenAt = clock.now().toISOString())),
    restore: () => {
      const saved = snapshotFile.load();
      if (!saved) return undefined;
      integrations.restoreSnapshot(saved.data.integrations);
      ingest.restoreSnapshot(saved.data.ingest);
      return (snapshotTakenAt = saved.takenAt);
    },
  });
  snapshotChanged.listen(() => {
    // Only a snapshot that was loaded: an empty one must not replace a good file.
    if (!snapshots.loaded || !snapshotTakenAt) return;
    try {
      // Still the snapshot of that refresh, less what was revoked since.
      snapshotFile.save(exportSnapshot(), snapshotTakenAt);
    } catch (err) {
      onBackgroundError(err, 'could not rewrite the outage credential snapshot after a revocation; the next refresh will');
    }
  });

  const routes = { ingest: ingestRoutes({ ingest }), services: serviceRoutes({ services }), integrations: integrationRoutes({ integrations }), eventsV2: eventsV2Routes({ events: eventsV2 }) } satisfies Routes;
  /** After the workers stop: what the committer holds is written, the spool replayed if the store is back. */
  async function close() {
    await committer.idle();
    // Best effort: what stays in the spool is replayed on the next start.
    if (spool.size) await drainer.drainAll().catch((err) => onBackgroundError(err, 'spool drain at shutdown failed'));
    await committer.idle();
    spool.close();
    load.stop();
    await mappings.close();
  }
  return { integrations, services, mappings, committer, storeGate, storeWrites, spool, drainer, load, adapters, ingest, eventsV2, snapshots, routes, close };
}
export type IngestModule = ReturnType<typeof createIngestModule>;
