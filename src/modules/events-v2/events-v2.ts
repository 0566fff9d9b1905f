import { JSON_DEPTH_MAX, nestsDeeperThan } from '../../lib/json-depth.ts';
import { randomHex } from '../../lib/secrets.ts';
import { codePointLength, storableText, truncateCodePoints } from '../../lib/text.ts';
import type { Priority, Signal } from '../alert/index.ts';

/**
 * PagerDuty Events API v2 (and legacy v1) compatibility: pure parsing and the exact wire shapes
 * (contracts.md 1). Validation here is ours, not ajv's, so every problem carries PagerDuty's own
 * reason string and nothing is coerced: senders written against PagerDuty read these bodies.
 */

export const EVENT_MAX_BYTES = 512 * 1024;
export const ROUTING_KEY_LENGTH = 32;
export const SUMMARY_MAX = 1024;
export const DEDUP_KEY_MAX = 255;
const SOURCE_MAX = 255;
const BODY_MAX = 64 * 1024;

/** contracts.md 1.3: the body of every 400 (and the shape of our other Events API errors). */
export interface EventsErrorBody {
  status: string;
  message: string;
  errors?: string[];
}

/** A wire-level failure that answers with PagerDuty's status and body, never PRODUCT.md 5's. */
export class EventsApiError extends Error {
  readonly statusCode: number;
  readonly body: EventsErrorBody;
  readonly retryAfterSeconds?: number;
  /** The routing key opened nothing: answered 400 as PagerDuty does, counted as unauthorized. */
  credentialRefused = false;
  constructor(statusCode: number, body: EventsErrorBody, retryAfterSeconds?: number) {
    super(`${body.message}${body.errors?.length ? `: ${body.errors.join(', ')}` : ''}`);
    this.name = 'EventsApiError';
    this.statusCode = statusCode;
    this.body = body;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const invalidEvent = (errors: string[]) =>
  new EventsApiError(400, { status: 'invalid event', message: 'Event object is invalid', errors });

/** contracts.md 1.3: the OpenAPI example for a body that is not JSON. */
export const unrecognizedObject = (reason = 'JSON parse error') =>
  new EventsApiError(400, { status: 'Unrecognized object', message: 'Event object format is unrecognized', errors: [reason] });

/** PagerDuty's answer for a well-formed key that opens nothing (docs/adr/0220-events-api-errors.md). */
export const INVALID_ROUTING_KEY = 'Invalid routing key';

/** A routing key that opens nothing (unknown, rotated out or revoked). */
export function invalidRoutingKey(): EventsApiError {
  const e = invalidEvent([INVALID_ROUTING_KEY]);
  e.credentialRefused = true;
  return e;
}

/** contracts.md: critical→critical, error→high, warning→medium, info→info. */
export const SEVERITY_PRIORITY: Record<string, Priority> = { critical: 'critical', error: 'high', warning: 'medium', info: 'info' };

export type EventAction = 'trigger' | 'acknowledge' | 'resolve';
const ACTIONS: readonly EventAction[] = ['trigger', 'acknowledge', 'resolve'];

/** An event that passed validation: its credential, the signal to apply and the key to answer with. */
export interface ParsedEvent {
  routingKey: string;
  dedupKey: string;
  signal: Signal;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/**
 * A dedup key as the stores keep it (no NUL, no lone surrogate; docs/adr/0003), before it is judged
 * blank: a key that is blank once storable is no key, for a trigger and a resolve alike.
 */
const storableKey = (v: unknown): unknown => (typeof v === 'string' ? storableText(v) : v);

/** A generated dedup key: 32 hex characters, as v1 examples show (contracts.md 1.2). */
export const generateDedupKey = (): string => randomHex(16);

/** Parses one JSON body from the wire: any content type, PagerDuty's errors for anything else. */
export function parseEventJson(raw: Buffer | string): unknown {
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  // Refused before parsing, as every JSON body is (docs/adr/0500-json-nesting-depth.md).
  if (nestsDeeperThan(text)) throw unrecognizedObject(`JSON nested more than ${JSON_DEPTH_MAX} levels deep`);
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw unrecognizedObject();
  }
}

/** Free-form fields kept on the alert's details (never used for routing or dedupe). */
function pickDetails(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (o[k] !== undefined && o[k] !== null) out[k] = o[k];
  return out;
}

function renderBody(details: unknown): string {
  if (details === undefined || details === null) return '';
  const text = typeof details === 'string' ? details : JSON.stringify(details, null, 2);
  return truncateCodePoints(text, BODY_MAX);
}

/** The Events API v2 event (contracts.md 1.1). Every problem is reported, as PagerDuty does. */
export function parseEventV2(body: unknown): ParsedEvent {
  if (!isObject(body)) throw unrecognizedObject('Event object must be a JSON object');
  const errors: string[] = [];

  const routingKey = body.routing_key;
  if (isBlank(routingKey)) errors.push("'routing_key' is missing or blank");
  else if (typeof routingKey !== 'string') errors.push("'routing_key' must be a string");
  else if (routingKey.length !== ROUTING_KEY_LENGTH) errors.push(`Length of 'routing_key' is incorrect (should be ${ROUTING_KEY_LENGTH} characters)`);

  const action = body.event_action;
  if (isBlank(action)) errors.push("'event_action' is missing or blank");
  else if (typeof action !== 'string' || !ACTIONS.includes(action as EventAction)) {
    errors.push("'event_action' is invalid (must be one of the following: 'trigger', 'acknowledge' or 'resolve')");
  }

  const rawKey = storableKey(body.dedup_key);
  const hasKey = !isBlank(rawKey);
  if (hasKey && typeof rawKey !== 'string') errors.push("'dedup_key' must be a string");
  else if (hasKey && codePointLength(rawKey as string) > DEDUP_KEY_MAX) errors.push(`'dedup_key' is too long (maximum is ${DEDUP_KEY_MAX} characters)`);
  if (!hasKey && (action === 'acknowledge' || action === 'resolve')) errors.push("'dedup_key' is missing or blank");

  const payload = body.payload;
  const isTrigger = action === 'trigger';
  if (payload !== undefined && payload !== null && !isObject(payload)) errors.push("'payload' must be an object");
  const p = isObject(payload) ? payload : {};
  if (isTrigger) {
    if (!isObject(payload)) {
      if (payload === undefined || payload === null) errors.push("'payload' is missing or blank");
    } else {
      if (isBlank(p.summary)) errors.push("'payload.summary' is missing or blank");
      else if (typeof p.summary !== 'string') errors.push("'payload.summary' must be a string");
      // PagerDuty's own wording, typo included (contracts.md 1.3); counted in code points, so an
      // Alertmanager summary truncated to 1024 runes always fits.
      else if (codePointLength(p.summary) > SUMMARY_MAX) errors.push(`'summary' is too long (maiximum is ${SUMMARY_MAX} characters)`);
      if (isBlank(p.source)) errors.push("'payload.source' is missing or blank");
      else if (typeof p.source !== 'string') errors.push("'payload.source' must be a string");
      if (isBlank(p.severity)) errors.push("'payload.severity' is missing or blank");
      else if (typeof p.severity !== 'string' || !(p.severity in SEVERITY_PRIORITY)) {
        errors.push("'payload.severity' is invalid (must be one of the following: 'critical', 'warning', 'error' or 'info')");
      }
      if (p.timestamp !== undefined && p.timestamp !== null && (typeof p.timestamp !== 'string' || parseLenientTimestamp(p.timestamp) === undefined)) {
        errors.push("'payload.timestamp' is invalid (must be an ISO 8601 timestamp)");
      }
    }
  }
  if (errors.length) throw invalidEvent(errors);

  // dedup_key is kept exactly as sent: case-sensitive, not trimmed (spec 2.5).
  const dedupKey = hasKey ? (rawKey as string) : generateDedupKey();
  // Only a trigger's payload counts: acknowledge and resolve may carry one (Alertmanager's resolve
  // does) but it changes nothing, so it cannot make the event invalid either.
  const summary = isTrigger && typeof p.summary === 'string' ? p.summary : undefined;
  const details = {
    ...pickDetails(p, ['severity', 'source', 'component', 'group', 'class', 'timestamp', 'custom_details']),
    ...pickDetails(body, ['client', 'client_url', 'links', 'images']),
  };
  const signal: Signal = {
    action: action as EventAction,
    title: summary,
    eventKey: dedupKey,
    body: renderBody(p.custom_details),
    priority: isTrigger ? SEVERITY_PRIORITY[p.severity as string] : undefined,
    source: typeof p.source === 'string' ? truncateCodePoints(p.source, SOURCE_MAX) : undefined,
    details,
  };
  return { routingKey: routingKey as string, dedupKey, signal };
}

/** ISO 8601, leniently: PagerDuty's own example writes the offset without a colon (+0000). */
export function parseLenientTimestamp(s: string): string | undefined {
  const fixed = s.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  if (!/^\d{4}-\d{2}-\d{2}/.test(fixed)) return undefined;
  const ms = Date.parse(fixed);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** The legacy v1 `create_event.json` event (contracts.md 1.4), with v1's own reason strings. */
export function parseEventV1(body: unknown): ParsedEvent {
  if (!isObject(body)) throw unrecognizedObject('Event object must be a JSON object');
  const errors: string[] = [];
  const serviceKey = body.service_key;
  if (isBlank(serviceKey)) errors.push('Service key is missing or blank');
  else if (typeof serviceKey !== 'string' || serviceKey.length !== ROUTING_KEY_LENGTH) {
    errors.push(`Service key is the wrong length (should be ${ROUTING_KEY_LENGTH} characters)`);
  }
  const type = body.event_type;
  if (typeof type !== 'string' || !ACTIONS.includes(type as EventAction)) errors.push('event_type is invalid (must be one of: trigger acknowledge resolve)');
  const rawKey = storableKey(body.incident_key);
  const hasKey = !isBlank(rawKey);
  if (hasKey && typeof rawKey !== 'string') errors.push('Incident key must be a string');
  else if (hasKey && codePointLength(rawKey as string) > DEDUP_KEY_MAX) errors.push(`Incident key is too long (maximum is ${DEDUP_KEY_MAX} characters)`);
  if (!hasKey && (type === 'acknowledge' || type === 'resolve')) errors.push('Incident key is missing or blank');
  const description = body.description;
  if (type === 'trigger') {
    if (isBlank(description)) errors.push('Description is missing or blank');
    else if (typeof description !== 'string') errors.push('Description must be a string');
    else if (codePointLength(description) > SUMMARY_MAX) errors.push(`Description is too long (maximum is ${SUMMARY_MAX} characters)`);
  }
  if (errors.length) throw invalidEvent(errors);
  const dedupKey = hasKey ? (rawKey as string) : generateDedupKey();
  const signal: Signal = {
    action: type as EventAction,
    title: typeof description === 'string' ? truncateCodePoints(description, SUMMARY_MAX) : undefined,
    eventKey: dedupKey,
    body: renderBody(body.details),
    source: typeof body.client === 'string' ? truncateCodePoints(body.client, SOURCE_MAX) : undefined,
    details: pickDetails(body, ['details', 'client', 'client_url', 'contexts']),
  };
  return { routingKey: serviceKey as string, dedupKey, signal };
}
