import { AppError, type FieldProblem } from '../../lib/errors.ts';
import { createHash } from 'node:crypto';
import { codePointLength, sanitizeLine, storableText, truncateCodePoints } from '../../lib/text.ts';

export const PRIORITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const URGENCIES = ['high', 'low'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const ALERT_STATUSES = ['open', 'acknowledged', 'snoozed', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const SIGNAL_ACTIONS = ['trigger', 'resolve', 'acknowledge'] as const;
export type SignalAction = (typeof SIGNAL_ACTIONS)[number];

export const TITLE_MAX = 1024;
export const EVENT_KEY_MAX = 255;
export const BODY_MAX = 64 * 1024;
export const SOURCE_MAX = 255;

/** Stored rank: 1 critical … 5 info, so ascending order is "most important first". */
export const priorityRank = (p: Priority): number => PRIORITIES.indexOf(p) + 1;
export const priorityFromRank = (rank: number): Priority => PRIORITIES[rank - 1] ?? 'high';

/** Spec 2.1 rule 1: info is low urgency, everything else high. */
export const defaultUrgency = (p: Priority): Urgency => (p === 'info' ? 'low' : 'high');

/** A signal as every source normalizes it (native, Events v2, vendors, email, custom). */
export interface Signal {
  action: SignalAction;
  title?: string | undefined;
  eventKey?: string | undefined;
  body?: string | undefined;
  priority?: Priority | undefined;
  urgency?: Urgency | undefined;
  source?: string | undefined;
  details?: Record<string, unknown> | undefined;
}

/** A signal after the rules of spec 2.1: key resolved, lengths checked, defaults applied. */
export interface NormalizedSignal {
  action: SignalAction;
  title: string;
  eventKey: string;
  body: string;
  priority: Priority;
  urgency: Urgency;
  /** True when the sender gave urgency explicitly (a repeat may then raise it). */
  urgencyGiven: boolean;
  source: string;
  details: Record<string, unknown>;
}

/**
 * A text as an event key: itself, or for a text longer than an event key may be, a stable digest
 * of it (so identical long texts still dedupe). A trigger without a key gets its title this way;
 * a vendor's key too long for Klaxon's limit does too (docs/adr/0200-vendor-sources.md).
 */
export function fittedKey(text: string): string {
  if (codePointLength(text) <= EVENT_KEY_MAX) return text;
  return `${truncateCodePoints(text, 200)}…#${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/**
 * Pure validation shared by every ingest channel (HTTP schemas don't guard SMTP or vendor
 * payloads). Throws invalid_request listing each bad field.
 */
export function normalizeSignal(s: Signal): NormalizedSignal {
  const problems: FieldProblem[] = [];
  const title = s.title === undefined ? '' : sanitizeLine(storableText(s.title));
  let eventKey = s.eventKey === undefined ? '' : storableText(s.eventKey).trim();
  if (s.action === 'trigger' && !title) {
    problems.push({ field: 'title', message: 'is required for a trigger; give a short summary of the problem' });
  }
  if (title.length > TITLE_MAX && codePointLength(title) > TITLE_MAX) {
    problems.push({ field: 'title', message: `must be at most ${TITLE_MAX} characters (Unicode code points)` });
  }
  if (s.action !== 'trigger' && !eventKey) {
    problems.push({ field: 'event_key', message: `is required for ${s.action}; send the event_key of the trigger` });
  }
  if (!eventKey) eventKey = fittedKey(title); // spec 2.1: a trigger without an event key falls back to its title
  if (eventKey.length > EVENT_KEY_MAX && codePointLength(eventKey) > EVENT_KEY_MAX) {
    problems.push({ field: 'event_key', message: `must be at most ${EVENT_KEY_MAX} characters (Unicode code points)` });
  }
  const body = storableText(s.body ?? '');
  if (body.length > BODY_MAX && codePointLength(body) > BODY_MAX) {
    problems.push({ field: 'body', message: `must be at most ${BODY_MAX} characters` });
  }
  const source = storableText(s.source ?? '');
  if (source.length > SOURCE_MAX && codePointLength(source) > SOURCE_MAX) {
    problems.push({ field: 'source', message: `must be at most ${SOURCE_MAX} characters` });
  }
  if (problems.length) {
    throw new AppError('invalid_request', problems.map((p) => `${p.field} ${p.message}`).join('; '), { details: problems });
  }
  const priority = s.priority ?? 'high';
  return {
    action: s.action,
    title,
    eventKey,
    body,
    priority,
    urgency: s.urgency ?? defaultUrgency(priority),
    urgencyGiven: s.urgency !== undefined,
    source,
    details: s.details ?? {},
  };
}

/** The alert state that planning needs (a subset of the row). */
export interface AlertState {
  id: string;
  status: AlertStatus;
  priority: number;
  urgency: Urgency;
  duplicateCount: number;
}
