import { createHeartbeatJob, createHeartbeatService, heartbeatPingRoutes, heartbeatRoutes } from '../modules/heartbeat/index.ts';
import { createMaintenanceService, maintenanceRoutes } from '../modules/maintenance/index.ts';
import type { AlertsModule } from './alerts.module.ts';
import type { Core, Routes } from './core.ts';

/**
 * Time-driven alerting (issue 36, PRODUCT.md 11): maintenance windows and heartbeats. Built before
 * paging: the escalation job asks `maintenance.decide` before it pages, and the heartbeat check runs
 * as a job of the paging engine (`heartbeatJob`). A window that ends or changes wakes the engine.
 */
export function createTimeModule(core: Core, deps: { alerts: AlertsModule }) {
  const { config, db, dialect, clock } = core;
  const { settledEvents } = deps.alerts;
  const maintenance = createMaintenanceService({ db, clock, nudge: core.wake.paging.fire });
  const heartbeats = createHeartbeatService({ db, dialect, clock, publicUrl: config.publicUrl, settledEvents, notify: core.notify });
  // Missed deadlines open their alert once; a deadline that passed while the process was down waits one grace period from here.
  const heartbeatJob = createHeartbeatJob({ db, dialect, settledEvents, startedAt: clock.now(), onFired: core.notify, inMaintenance: maintenance.servicesInMaintenance });
  const routes = {
    heartbeats: heartbeatRoutes({ heartbeats }),
    heartbeatPing: heartbeatPingRoutes({ heartbeats }),
    maintenance: maintenanceRoutes({ maintenance }),
  } satisfies Routes;
  return { maintenance, heartbeats, heartbeatJob, routes };
}
export type TimeModule = ReturnType<typeof createTimeModule>;
