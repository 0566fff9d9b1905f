// The schedule module (issue 20). The engine reads it through OnCallDirectory only.
export type { ChannelStep, OnCallDirectory, SchedulePlan } from '../paging/index.ts';
export { createOnCallDirectory } from './directory.ts';
export { createScheduleService, type ScheduleService } from './schedule.service.ts';
export { createRoutingService, type RoutingService } from './routing.service.ts';
export { createCalendarService, type CalendarService } from './calendar.service.ts';
export { scheduleRoutes } from './schedule.routes.ts';
export { scheduleSchemas } from './schedule.schemas.ts';
export { chooseSchedule, DEFAULT_STEPS, fittedDefaultSteps, type RoutingRule } from './schedule.ts';
// Weekly wall-clock windows read in a zone (restrictions, a person's quiet hours: issue 35).
export { insideWindow, windowEndAfter } from './window.ts';
export { WEEKDAYS, type Restriction, type Weekday } from './oncall.ts';
// Wall-clock time in a zone (the one door to tz data), for other modules' recurring times (maintenance windows).
export { DAY, MINUTE, dayOf, ianaZone, parseClock, resolveWall, toWall, weekdayOf } from './tz.ts';
