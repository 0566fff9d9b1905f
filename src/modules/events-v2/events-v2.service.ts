import { AppError } from '../../lib/errors.ts';
import { normalizeSignal } from '../alert/index.ts';
import type { IngestReply, IngestService } from '../ingest/index.ts';
import type { IngestTarget } from '../integration/index.ts';
import { type ParsedEvent, invalidEvent, invalidRoutingKey, parseEventV1, parseEventV2 } from './events-v2.ts';

/**
 * PagerDuty-compatible ingest: the routing key in the body selects an `events_v2` source (spec
 * 2.5), and the event becomes one signal for that source's service.
 */
export function createEventsV2Service(deps: { ingest: Pick<IngestService, 'target' | 'submit'> }) {
  /** `seen` gets the source once the routing key names it (the request line logs its id). */
  async function apply(event: ParsedEvent, response: 'events_v2' | 'events_v1', seen?: { ingestTarget?: IngestTarget }): Promise<IngestReply> {
    let target;
    try {
      target = await deps.ingest.target(event.routingKey, ['events_v2']);
      if (seen) seen.ingestTarget = target;
    } catch (err) {
      // PagerDuty answers 400 "Invalid routing key" for a key that opens nothing; revoked and
      // rotated-out keys read the same (docs/adr/0220-events-api-errors.md).
      if (err instanceof AppError && err.code === 'unauthorized') throw invalidRoutingKey();
      throw err;
    }
    let signal;
    try {
      // normalizeSignal trims keys; the dedup key is kept as sent (case, spaces), only made
      // storable by the parser (no NUL, no lone surrogate: on PostgreSQL either was a 500).
      signal = { ...normalizeSignal(event.signal), eventKey: event.dedupKey };
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_request') {
        throw invalidEvent((err.details ?? []).map((d) => `'${d.field}' ${d.message}`));
      }
      throw err;
    }
    return deps.ingest.submit(target, [{ serviceId: target.serviceId!, signal }], response);
  }

  return {
    /** POST /v2/enqueue. */
    enqueue: (body: unknown, seen?: { ingestTarget?: IngestTarget }) => apply(parseEventV2(body), 'events_v2', seen),
    /** POST /generic/2010-04-15/create_event.json (legacy v1). */
    createEventV1: (body: unknown, seen?: { ingestTarget?: IngestTarget }) => apply(parseEventV1(body), 'events_v1', seen),
  };
}
export type EventsV2Service = ReturnType<typeof createEventsV2Service>;
