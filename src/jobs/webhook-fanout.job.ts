import { ALERT_EVENT_TYPES } from '../modules/alert/index.ts';
import type { OutboxEvent } from '../modules/outbox/index.ts';
import {
  CONTEXT_ROW_SQL, type ContextRow, DELIVERY_COLUMNS, FANOUT_DESTINATIONS_SQL, type FanoutDestination, deliveryRows, snapshotOf, wantedBy,
  webhookRepository,
} from '../modules/webhook/index.ts';
import type { EventHandler, SqliteEventHandler } from './handler.ts';

/**
 * Turns an alert event into one webhook delivery per destination that wants it
 * (docs/adr/0461-webhook-delivery.md). Only database writes, so it is a local handler: the event is
 * handled and marked in the outbox round's transaction, and the network is left to the delivery
 * worker. Idempotent: (destination, event) is unique.
 */
const handles = (type: string) => (ALERT_EVENT_TYPES as readonly string[]).includes(type);

export const WEBHOOK_FANOUT = 'webhook-fanout';

export const webhookFanoutHandler: EventHandler = {
  name: WEBHOOK_FANOUT,
  local: true,
  handles,
  async handle(event, { db, now }) {
    const wanted = wantedBy(event, await webhookRepository.fanoutDestinations(db, event.orgId));
    if (!wanted.length) return;
    const row = event.alertId ? await webhookRepository.contextRow(db, event.alertId) : undefined;
    await webhookRepository.insertDeliveries(db, deliveryRows(event, wanted, snapshotOf(event, row), now));
  },
  // A round's events at once: one read of destinations per organization, not per event (a storm of
  // triggers to an organization without destinations costs one query a round; docs/adr/0761).
  async handleMany(events, { db, now }) {
    const destinations = new Map<string, FanoutDestination[]>();
    for (const org of new Set(events.map((e) => e.orgId))) destinations.set(org, await webhookRepository.fanoutDestinations(db, org));
    const rows = [];
    for (const event of events) {
      const wanted = wantedBy(event, destinations.get(event.orgId) ?? []);
      if (!wanted.length) continue;
      const row = event.alertId ? await webhookRepository.contextRow(db, event.alertId) : undefined;
      rows.push(...deliveryRows(event, wanted, snapshotOf(event, row), now));
    }
    // In event order; 200 rows a statement keeps within PostgreSQL's parameter limit.
    for (let i = 0; i < rows.length; i += 200) await webhookRepository.insertDeliveries(db, rows.slice(i, i + 200));
  },
};

/** The same handler on the SQLite thread, inside the outbox round's transaction (docs/adr/0125). */
export const webhookFanoutSqlite: SqliteEventHandler = {
  name: WEBHOOK_FANOUT,
  handles,
  prepare(sqlite) {
    const destinations = sqlite.prepare(FANOUT_DESTINATIONS_SQL);
    const context = sqlite.prepare(CONTEXT_ROW_SQL);
    const insert = sqlite.prepare(
      `insert into webhook_deliveries (${DELIVERY_COLUMNS.join(', ')}) values (${DELIVERY_COLUMNS.map(() => '?').join(', ')}) on conflict (destination_id, event_id) do nothing`,
    );
    return (event: OutboxEvent, now: string) => {
      const wanted = wantedBy(event, destinations.all(event.orgId) as FanoutDestination[]);
      if (!wanted.length) return;
      const row = event.alertId ? (context.get(event.alertId) as ContextRow | undefined) : undefined;
      for (const d of deliveryRows(event, wanted, snapshotOf(event, row), now)) insert.run(DELIVERY_COLUMNS.map((c) => d[c] ?? null));
    };
  },
};
