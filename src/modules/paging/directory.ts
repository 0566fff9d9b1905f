import type { OnCallDirectory } from './directory.port.ts';
import { defaultSteps } from './escalation.ts';

/**
 * The directory until schedules exist on this server (issue 20): no service has a schedule, so an
 * alert's timeline says nobody was paged and why. The container replaces it with the schedule
 * module's createOnCallDirectory(db) once that module is in.
 */
export const noSchedules: OnCallDirectory = {
  plan: async () => undefined,
  onCall: async () => [],
  steps: async (_org, _schedule, _level, priority) => defaultSteps(priority),
  chooseSchedule: async () => null,
};
