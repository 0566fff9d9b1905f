import type { AlertStatus, Urgency } from '../alert/index.ts';
import type { Channel } from './delivery.port.ts';
import { skippedForUrgency } from './escalation.ts';

/**
 * Whether a claimed page may go to its provider (PRODUCT.md 7.3; docs/adr/0750): the one
 * decision, pure. The dispatcher reads the alert, its escalation, the person and their
 * destinations once per batch, asks this for every page it claimed, and plans the phone side
 * (throttles, bundles, reply codes) for exactly the pages it says to send.
 */

export interface DecideAlert {
  status: AlertStatus;
  urgency: Urgency;
  /** Where the alert's escalation is now: its epoch, cycle and level, and when that level started. */
  escalation?: { epoch: number; cycle: number; level: number; levelStartedAt: string | null } | null;
  /** The maintenance window the alert's service is in now (PRODUCT.md 11), or none. */
  maintenance?: { windowId: string; name: string } | null;
}

export interface DecideNotification {
  kind: 'escalation' | 'responder';
  channel: Channel;
  epoch: number;
  cycle: number;
  level: number;
  createdAt: string;
  /** Until when this dispatcher's claim holds. */
  claimExpiresAt: string | null;
  /** The person paged, by name; null: they are gone. */
  person: string | null;
  /** A provider of the channel is configured on this server. */
  configured: boolean;
  /** How many of the person's destinations the channel has (devices, verified numbers; email and chat one). */
  destinations: number;
}

export type PageDecision =
  | { send: true }
  /** Not sent, with its fate: the page's status, its detail, and the timeline's verb. */
  | { send: false; status: 'cancelled' | 'skipped' | 'not_configured' | 'failed'; detail: string }
  /** The claim lapsed: another process's claim recovery owns the page now; this one leaves it. */
  | { send: false; status: 'claimed'; detail: string };

/**
 * `alert` undefined: the alert is gone. In order: a lapsed claim is left alone; a page of a gone
 * alert or person is cancelled; an escalation page goes only while the alert is open, a responder
 * page while it is not resolved (someone asked for that person: PRODUCT.md 7.3 "even on an
 * acknowledged alert"; their own ack, a resolve and a later snooze stopped it already); no page
 * of an alert whose service is in a maintenance window now leaves, whenever it was planned (the
 * escalation job restarts the alert at level 1 when the window ends: docs/adr/0823); an
 * escalation page of a level the alert has left (made before the current level started, at
 * another position) is cancelled; low urgency rings no phone; then the channel must be
 * configured and the person reachable on it.
 */
export function decidePage(alert: DecideAlert | undefined, n: DecideNotification, now: Date | number): PageDecision {
  const t = typeof now === 'number' ? now : now.getTime();
  if (n.claimExpiresAt !== null && Date.parse(n.claimExpiresAt) <= t) return { send: false, status: 'claimed', detail: 'the claim lapsed' };
  if (!alert) return { send: false, status: 'cancelled', detail: 'the alert is gone' };
  if (n.person === null) return { send: false, status: 'cancelled', detail: 'the person is gone' };
  if (alert.maintenance && alert.status !== 'resolved') return { send: false, status: 'cancelled', detail: `the service is in maintenance window "${alert.maintenance.name}"` };
  const wanted = n.kind === 'escalation' ? alert.status === 'open' : alert.status !== 'resolved';
  if (!wanted) return { send: false, status: 'cancelled', detail: `the alert is ${alert.status}` };
  const e = alert.escalation;
  if (n.kind === 'escalation' && e && e.levelStartedAt !== null && (n.epoch !== e.epoch || n.cycle !== e.cycle || n.level !== e.level) && n.createdAt < e.levelStartedAt) {
    return { send: false, status: 'cancelled', detail: `the escalation has left level ${n.level}` };
  }
  if (skippedForUrgency(n.channel, alert.urgency)) return { send: false, status: 'skipped', detail: 'low urgency' };
  if (!n.configured) return { send: false, status: 'not_configured', detail: `${n.channel} is not configured on this server` };
  if (n.destinations === 0) {
    const detail = n.channel === 'push' ? `${n.person} has no device registered` : n.channel === 'chat' ? 'the step names no chat destination' : n.channel === 'telegram' ? `${n.person} has no working Telegram link` : `${n.person} has no verified phone number`;
    return { send: false, status: 'failed', detail };
  }
  return { send: true };
}

/** The timeline's entry of a page not sent: its kind, and the words after "<channel> page to <name>". */
export function notSentEntry(d: Exclude<PageDecision, { send: true } | { status: 'claimed' }>): { kind: string; words: string } {
  switch (d.status) {
    case 'cancelled':
      return { kind: 'page_cancelled', words: `cancelled: ${d.detail}` };
    case 'skipped':
      return { kind: 'page_skipped', words: `skipped: ${d.detail}` };
    case 'not_configured':
      return { kind: 'page_not_configured', words: `not sent: ${d.detail}` };
    case 'failed':
      return { kind: 'page_failed', words: `failed: ${d.detail}` };
  }
}
