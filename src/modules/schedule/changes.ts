/**
 * Bumped after every change to schedules, overrides or level channels made in this process, so
 * the on-call directory's snapshots reload at their next use (directory.ts). Changes made by other
 * processes are seen within the directory's time to live.
 */
let generation = 0;
export const schedulesChanged = (): void => {
  generation++;
};
export const changeGeneration = (): number => generation;
