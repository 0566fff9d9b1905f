import type { Actor } from '../../lib/actor.ts';
import type { AlertOutcome, AlertResult, NormalizedSignal } from '../alert/index.ts';

/** Idempotency-Key window (PRODUCT.md 4). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * One accepted request ("envelope"): one receipt, one or more signals, applied atomically. A
 * vendor batch is one unit whose signals may go to several services.
 */
export interface IngestUnit {
  receiptId: string;
  orgId: string;
  credentialId: string;
  idempotencyKey: string | null;
  actor: Actor;
  integrationId: string | null;
  signals: { serviceId: string; signal: NormalizedSignal }[];
  /** Which response the sender gets (renderResponse); data, not a closure, so a unit can be spooled. */
  response: ResponseKind;
  /** Set when the unit is replayed from the local spool: its receipt may already be applied. */
  fromSpool?: boolean;
  /** When the request arrived (ISO); the time the change is recorded with. */
  receivedAt: string;
}

export interface UnitOutcome {
  status: number;
  body: unknown;
  /** True when an Idempotency-Key matched an earlier request and nothing changed. */
  replayed: boolean;
  /** True when the unit went to the local spool instead of the store. */
  buffered?: boolean;
  /** What the signal did, for a unit other than a vendor batch (whose body lists each; metrics). */
  outcome?: AlertOutcome;
}

/** The native ingest response (spec 2.2, PRODUCT.md 4). */
export function nativeResponse(receiptId: string, r: AlertResult) {
  return {
    ok: true as const,
    ...(r.alertId ? { alert_id: r.alertId } : {}),
    deduped: r.deduped,
    resolved: r.resolved,
    receipt_id: receiptId,
  };
}

export type ResponseKind = 'native' | 'vendor_batch' | 'events_v2' | 'events_v1';

/** The body a sender gets, from each signal's result in order. */
export function renderResponse(u: Pick<IngestUnit, 'receiptId' | 'response' | 'signals'>, results: AlertResult[]): unknown {
  switch (u.response) {
    case 'native':
      return nativeResponse(u.receiptId, results[0] ?? { deduped: false, resolved: false, changed: false });
    case 'events_v2':
      return { status: 'success', message: 'Event processed', dedup_key: u.signals[0]?.signal.eventKey ?? '' };
    case 'events_v1':
      return { status: 'success', message: 'Event processed', incident_key: u.signals[0]?.signal.eventKey ?? '' };
    case 'vendor_batch':
      return {
        ok: true,
        receipt_id: u.receiptId,
        items: results.map((r, i) => ({
          service_id: u.signals[i]!.serviceId,
          event_key: u.signals[i]!.signal.eventKey,
          action: u.signals[i]!.signal.action,
          ...(r.alertId ? { alert_id: r.alertId } : {}),
          deduped: r.deduped,
          resolved: r.resolved,
        })),
      };
  }
}

export const signalsOf = (u: IngestUnit) => u.signals.map((s) => s.signal);
export type { NormalizedSignal };
