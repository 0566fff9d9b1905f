/**
 * A counted action's rule (the sign-in throttle's first, docs/adr/0534): within a window some are
 * free, then each next one waits a delay after the latest that doubles up to a maximum. Pure.
 */
export interface ThrottleRule {
  /** Failures counted within this window. */
  windowMs: number;
  /** Failures allowed without any delay. */
  free: number;
  /** The delay after the (free + 1)th failure; it doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** The delay the next attempt must keep after `failures` failures (0 while they are free). */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  if (failures < rule.free) return 0;
  const doublings = Math.min(failures - rule.free, 40);
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** doublings);
}

/**
 * Milliseconds the attempt at `nowMs` must still wait, given `failures` failures in the rule's
 * window, the latest at `lastMs`; 0 when it may go ahead.
 */
export function waitFor(failures: number, lastMs: number | null, nowMs: number, rule: ThrottleRule): number {
  if (lastMs === null) return 0;
  return Math.max(0, lastMs + delayAfter(failures, rule) - nowMs);
}

/**
 * Throttles of actions that reach outside Klaxon (issue 19 item 7, docs/adr/0537): sign-up from
 * one address, SMS verification codes, invitation mail. The rules are the sign-in throttle's
 * (docs/adr/0534, src/modules/session/sign-in-throttle.ts): within a window some are free, then
 * each next one waits a delay after the latest that doubles up to a maximum. Nobody is locked out;
 * an abuser is slowed to a trickle.
 */
export interface ThrottleCheck {
  /** The counter: rule name and what is counted against (e.g. the address). */
  action: string;
  subject: string;
  rule: ThrottleRule;
  /** The 429's message: what was too much, and what to do. */
  message: string;
}

const H = 3_600_000;
const DAY = 24 * H;

export const ACTION_THROTTLES = {
  /** Sign-ups that create an organization, per source address: 5 a day free, then 1 min doubling to 1 h. */
  signUpAddress: { windowMs: DAY, free: 5, firstDelayMs: 60_000, maxDelayMs: H },
  /** SMS verification codes per number a day (besides the phone module's 1 a minute, 5 an hour): 10, then 1 h doubling. */
  smsNumberDay: { windowMs: DAY, free: 10, firstDelayMs: H, maxDelayMs: DAY },
  /** Per person a day, over all their numbers: 10, then 1 h doubling. */
  smsPersonDay: { windowMs: DAY, free: 10, firstDelayMs: H, maxDelayMs: DAY },
  /** Per organization a day, over all its people: 50, then 5 min doubling to 1 h. */
  smsOrgDay: { windowMs: DAY, free: 50, firstDelayMs: 5 * 60_000, maxDelayMs: H },
  /** Invitation mails per inviter: 20 an hour, 100 a day free. */
  inviterHour: { windowMs: H, free: 20, firstDelayMs: 60_000, maxDelayMs: H },
  inviterDay: { windowMs: DAY, free: 100, firstDelayMs: 10 * 60_000, maxDelayMs: DAY },
  /** Invitation mails per organization: 30 an hour, 150 a day free. */
  orgHour: { windowMs: H, free: 30, firstDelayMs: 60_000, maxDelayMs: H },
  orgDay: { windowMs: DAY, free: 150, firstDelayMs: 10 * 60_000, maxDelayMs: DAY },
  /** RFC 8628 device codes per source address (docs/adr/0712): 20 an hour free, then 10 s doubling to 15 min. */
  deviceCodeAddress: { windowMs: H, free: 20, firstDelayMs: 10_000, maxDelayMs: 15 * 60_000 },
  /**
   * SMS and voice test pages (issue 33 item 2, docs/adr/0705), besides the paging throttles: per
   * person 5 a day, then 1 h doubling to a day; per organization 25 a day, then 10 min doubling to 1 h.
   */
  testPagePersonDay: { windowMs: DAY, free: 5, firstDelayMs: H, maxDelayMs: DAY },
  testPageOrgDay: { windowMs: DAY, free: 25, firstDelayMs: 10 * 60_000, maxDelayMs: H },
  /**
   * Wrong SMS reply codes from one number (issue 33 item 8, docs/adr/0706): 5 an hour, then 1 min
   * doubling to 1 h between tries; only the free ones are answered.
   */
  smsReplyWrongHour: { windowMs: H, free: 5, firstDelayMs: 60_000, maxDelayMs: H },
} satisfies Record<string, ThrottleRule>;

/** The longest window: rows older than it count for nothing and are pruned. */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(ACTION_THROTTLES).map((r) => r.windowMs));

/**
 * The first check that must still wait, and how long (ms), given each check's count and latest
 * time within its window; undefined when every check lets the action go.
 */
export function firstWait(checks: ThrottleCheck[], counts: { n: number; latest: string | null }[], nowMs: number): { check: ThrottleCheck; waitMs: number } | undefined {
  for (let i = 0; i < checks.length; i++) {
    const c = counts[i]!;
    const wait = waitFor(c.n, c.latest === null ? null : Date.parse(c.latest), nowMs, checks[i]!.rule);
    if (wait > 0) return { check: checks[i]!, waitMs: wait };
  }
  return undefined;
}
