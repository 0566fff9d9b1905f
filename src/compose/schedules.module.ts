import { createCalendarService, createRoutingService, createScheduleService, scheduleRoutes } from '../modules/schedule/index.ts';
import { webhookRepository } from '../modules/webhook/index.ts';
import type { Core, Routes } from './core.ts';
import type { PagingModule } from './paging.module.ts';

/** Schedules, overrides, service routing and calendar feeds (issue 20); the paging engine reads them through its directory. */
export function createSchedulesModule(core: Core, deps: { paging: PagingModule }) {
  const { db, dialect, clock, config } = core;
  const { paging } = deps.paging;
  const schedules = createScheduleService({
    db, dialect, clock,
    // A chat step names an existing, enabled chat destination of the organization (PRODUCT.md 7.2, 8).
    chatDestinations: (q, orgId, ids) => webhookRepository.destinationsForSteps(q, orgId, ids, dialect),
    // Who a schedule's shifts reach (PRODUCT.md 10): the paging module's one rule (paging/reach.ts).
    reachability: paging.reachability,
  });
  const routing = createRoutingService({ db, dialect, clock });
  const calendar = createCalendarService({ db, clock, publicUrl: config.publicUrl });
  const routes = { schedules: scheduleRoutes({ schedules, routing, calendar }) } satisfies Routes;
  return { schedules, routing, calendar, routes };
}
export type SchedulesModule = ReturnType<typeof createSchedulesModule>;
