import { alertRoutes, createAlertService, SettledEvents } from '../modules/alert/index.ts';
import { stopPagesOnOperation } from '../modules/paging/index.ts';
import type { Core, Routes } from './core.ts';

/**
 * Alerts and their operations. Built before paging: an operation stops pages in its own transaction
 * through the paging module's `stopPagesOnOperation`, which needs no service.
 */
export function createAlertsModule(core: Core) {
  // Which webhook-only event types are written processed; the webhook subscriptions keep it (docs/adr/0123, 0461).
  const settledEvents = new SettledEvents();
  const alerts = createAlertService({ db: core.db, dialect: core.dialect, clock: core.clock, notify: core.notify, settledEvents, onOperation: stopPagesOnOperation });
  const routes = { alerts: alertRoutes({ alerts }) } satisfies Routes;
  return { alerts, settledEvents, routes };
}
export type AlertsModule = ReturnType<typeof createAlertsModule>;
