import type { Channel, SendOutcome } from './delivery.port.ts';
import type { Priority, Urgency } from '../alert/index.ts';
import { fittedDefaultSteps } from '../schedule/index.ts';
import type { ChannelStep } from './directory.port.ts';

/**
 * The paging engine's pure core (PRODUCT.md 7.3): where an alert's escalation goes next, which
 * pages a level start makes, and what becomes of a page after a send or a crash. No I/O: the jobs
 * read, call these, and write (docs/adr/0420-paging-engine.md).
 */

export interface EscalationShape {
  /** Levels 1..N with their timeouts. */
  levels: { level: number; timeoutMinutes: number }[];
  /** How many times the levels run again from level 1 after the last (0–9). */
  repeat: number;
}

export interface Position {
  level: number;
  cycle: number;
}

/**
 * The level after `pos`: the next level, else level 1 of the next cycle while cycles remain, else
 * exhausted (the alert stays at its last level). A level past the end (levels were removed while
 * the alert escalated) counts as the last.
 */
export function nextPosition(shape: EscalationShape, pos: Position): Position | 'exhausted' {
  const last = Math.max(1, shape.levels.length);
  const level = Math.min(pos.level, last);
  if (level < last) return { level: level + 1, cycle: pos.cycle };
  if (pos.cycle < shape.repeat) return { level: 1, cycle: pos.cycle + 1 };
  return 'exhausted';
}

/** The level's timeout in ms; a level past the end takes the last one's. */
export function timeoutMs(shape: EscalationShape, level: number): number {
  const l = shape.levels[Math.min(level, shape.levels.length) - 1];
  return (l?.timeoutMinutes ?? 1) * 60_000;
}

export interface EscalationState extends Position {
  /** The current level has been paged in this epoch (its timeout is `nextAt`). */
  paged: boolean;
  /** Move on at `nextAt` whatever the timeout (PUT …/escalate). */
  forceNext: boolean;
  /** When the job acts (epoch ms). */
  nextAt: number;
}

/** A level that starts, and who is on call there then. */
export interface LevelStart extends Position {
  at: number;
  /** The level's people; empty: nobody was on call, and the escalation moved on at once. */
  people: string[];
  /** Why it started: the first page, a re-page (wake, priority raise), a timeout, or by hand. */
  reason: 'start' | 'repage' | 'timeout' | 'manual' | 'nobody';
}

export interface Advance {
  starts: LevelStart[];
  /** Where the escalation rests, and when it acts next (null: exhausted, nothing more to do). */
  final: Position & { nextAt: number | null; exhausted: boolean; levelStartedAt: number };
}

/**
 * Everything due by `now`, in order: starting (or re-paging) the current level, then each level
 * whose predecessor timed out, each at the instant it was due, so after downtime the levels that
 * would have run are all planned (and the dispatcher sends only the newest step per person and
 * channel, PRODUCT.md 7.3). A level with nobody on call moves on at once (reference/paging.md 7.2),
 * and after the last level of the last cycle the escalation is exhausted. `onCall` answers who is
 * on call at a level at an instant (the schedule's, read by the caller).
 */
export async function advance(
  shape: EscalationShape,
  state: EscalationState & { levelStartedAt?: number | null; firstPage?: boolean },
  now: number,
  onCall: (level: number, at: number) => Promise<string[]> | string[],
): Promise<Advance> {
  const starts: LevelStart[] = [];
  let pos: Position = { level: Math.min(Math.max(1, state.level), Math.max(1, shape.levels.length)), cycle: state.cycle };
  let at = state.nextAt;
  let startedAt = state.levelStartedAt ?? at;
  // One pass through every level of every cycle at most, then exhausted: the loop is bounded.
  const bound = (shape.repeat + 1) * Math.max(1, shape.levels.length) + 2;
  let moveOn = state.paged || state.forceNext;
  let reason: LevelStart['reason'] = state.forceNext ? 'manual' : state.paged ? 'timeout' : state.firstPage ? 'start' : 'repage';
  for (let i = 0; i <= bound && at <= now; i++) {
    if (moveOn) {
      const next = nextPosition(shape, pos);
      if (next === 'exhausted') {
        if (reason === 'manual') {
          // Escalating by hand past the end pages the last level again.
          reason = 'repage';
        } else {
          return { starts, final: { ...pos, nextAt: null, exhausted: true, levelStartedAt: startedAt } };
        }
      } else pos = next;
    }
    const people = await onCall(pos.level, at);
    starts.push({ ...pos, at, people, reason: people.length ? reason : 'nobody' });
    startedAt = at;
    if (!people.length) {
      moveOn = true;
      reason = 'timeout';
      continue;
    }
    moveOn = true;
    reason = 'timeout';
    at += timeoutMs(shape, pos.level);
  }
  return { starts, final: { ...pos, nextAt: at, exhausted: false, levelStartedAt: startedAt } };
}

/**
 * PRODUCT.md 7.2 defaults (defined once, by the schedule module): critical and high push 0 s, sms
 * 60 s, voice 120 s; medium and low push and email 0 s; info email 0 s. With the level's timeout,
 * the steps not shorter than it are left out (PRODUCT.md 10).
 */
export const defaultSteps = (priority: Priority, timeoutMinutes?: number): ChannelStep[] => fittedDefaultSteps(priority, timeoutMinutes).steps;

/** Urgency low never rings a phone (PRODUCT.md 7.2). */
export const skippedForUrgency = (channel: Channel, urgency: Urgency): boolean => urgency === 'low' && (channel === 'sms' || channel === 'voice');

export interface PageDraft {
  userId: string;
  stepIndex: number;
  channel: Channel;
  destinationId: string | null;
  dueAt: number;
  /** pending, or skipped (low urgency) with its reason. */
  status: 'pending' | 'skipped';
  detail: string | null;
  idempotencyKey: string;
}

/**
 * One page's idempotency key (reference/paging.md 7.3): alert, epoch, cycle, level, person,
 * channel, step. A responder request uses `resp:<request id>` in place of the level.
 */
export const idempotencyKey = (p: { alertId: string; epoch: number; cycle: number; level: number | string; userId: string; channel: Channel; stepIndex: number }): string =>
  `${p.alertId}|${p.epoch}|${p.cycle}|${p.level}|${p.userId}|${p.channel}|${p.stepIndex}`;

/** The pages a level start makes: every person × every step, each due at the level start plus its delay. */
export function draftPages(p: {
  alertId: string;
  epoch: number;
  cycle: number;
  level: number | string;
  at: number;
  people: readonly string[];
  steps: readonly ChannelStep[];
  urgency: Urgency;
}): PageDraft[] {
  const out: PageDraft[] = [];
  for (const userId of p.people) {
    p.steps.forEach((step, stepIndex) => {
      const skipped = skippedForUrgency(step.channel, p.urgency);
      out.push({
        userId,
        stepIndex,
        channel: step.channel,
        destinationId: step.destination_id ?? null,
        dueAt: p.at + step.delay_seconds * 1000,
        status: skipped ? 'skipped' : 'pending',
        detail: skipped ? 'low urgency' : null,
        idempotencyKey: idempotencyKey({ alertId: p.alertId, epoch: p.epoch, cycle: p.cycle, level: p.level, userId, channel: step.channel, stepIndex }),
      });
    });
  }
  return out;
}

/** How many times a page is tried when the provider says to retry (429, 5xx, network). */
export const MAX_SEND_ATTEMPTS = 3;

export type PageFate =
  | { status: 'sent' | 'delivered'; detail: string | null; providerMessageId: string | null }
  | { status: 'pending'; retryInMs: number; detail: string }
  | { status: 'failed'; detail: string };

/** What a provider's answer makes of a page (its attempts include this one). */
export function fateOfSend(outcome: SendOutcome, attempts: number): PageFate {
  switch (outcome.state) {
    case 'accepted':
    case 'sent':
      return { status: 'sent', detail: null, providerMessageId: outcome.providerMessageId ?? null };
    case 'delivered':
      return { status: 'delivered', detail: null, providerMessageId: outcome.providerMessageId ?? null };
    case 'retry':
      if (attempts >= MAX_SEND_ATTEMPTS) return { status: 'failed', detail: `${outcome.detail} (gave up after ${attempts} attempts)` };
      return { status: 'pending', retryInMs: Math.max(outcome.retryAfterMs ?? 0, 15_000 * attempts), detail: outcome.detail };
    case 'failed':
      return { status: 'failed', detail: outcome.detail };
    case 'config_error':
      return { status: 'failed', detail: `the channel is misconfigured: ${outcome.detail}` };
  }
}

/**
 * A page whose claim expired (its process died while sending): its outcome is unknown. SMS and
 * voice are never sent again (a second call at 3 a.m. is worse than a gap the chain covers); push
 * and email are sent again once, with the same collapse id and Message-ID (PRODUCT.md 7.3).
 */
export function fateOfExpiredClaim(channel: Channel, attempts: number): { status: 'pending' } | { status: 'failed'; detail: string } {
  if (channel === 'sms' || channel === 'voice') return { status: 'failed', detail: 'outcome unknown (the process stopped while sending); not sent again' };
  if (attempts >= 2) return { status: 'failed', detail: 'outcome unknown after a second attempt; not sent again' };
  return { status: 'pending' };
}
