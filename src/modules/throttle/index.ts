// Counted actions that reach outside Klaxon: sign-up, SMS verification codes, invitation mail (docs/adr/0537).
export { createActionThrottle, type ActionThrottle } from './throttle.service.ts';
export { ACTION_THROTTLES, LONGEST_WINDOW_MS, firstWait, type ThrottleCheck, type ThrottleRule, delayAfter, waitFor } from './throttle.ts';
export type { ThrottleEventTable } from './throttle.table.ts';
