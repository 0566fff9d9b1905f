import { type Kysely, sql } from 'kysely';

// Outbound webhooks (PRODUCT.md 8): destinations, one delivery per (destination, outbox event) with
// its due time, and every attempt for the delivery log. The URL, custom headers and signing secrets
// are sealed with KLAXON_SECRET_KEY. Portable across SQLite and PostgreSQL. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_destinations')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('slack','teams','discord','custom','native')`))
    .addColumn('url_sealed', 'text', (c) => c.notNull())
    .addColumn('url_hint', 'text', (c) => c.notNull())
    // A sealed JSON object of custom headers, and their names (shown, the values never are).
    .addColumn('headers_sealed', 'text')
    .addColumn('header_names', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    // After a rotation the previous secret signs too, until previous_secret_until.
    .addColumn('previous_secret_sealed', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('service_ids', 'text')
    .addColumn('template', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1).check(sql`enabled in (0, 1)`))
    .addColumn('disabled_reason', 'text')
    // Health and the circuit breaker: failures in a row, how often it opened in a row, until when.
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('circuit_opens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('circuit_open_until', 'text')
    .addColumn('last_success_at', 'text')
    .addColumn('last_failure_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_destinations_org').on('webhook_destinations').columns(['org_id', 'id']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    // msg_…: the Standard Webhooks `webhook-id`, the same on every attempt.
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('destination_id', 'text', (c) => c.notNull().references('webhook_destinations.id').onDelete('cascade'))
    // The outbox event it delivers (none for a test delivery); unique per destination, so a
    // redelivered outbox event never makes a second delivery.
    .addColumn('event_id', 'bigint')
    .addColumn('event_kind', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'text')
    // Order within (destination, alert): a delivery waits for every earlier one of its alert.
    .addColumn('seq', 'bigint', (c) => c.notNull())
    // What the template is rendered from, as it was when the event happened (JSON).
    .addColumn('snapshot', 'text', (c) => c.notNull())
    // The body sent, fixed at the first attempt: every attempt sends the same bytes.
    .addColumn('body', 'text')
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending','delivered','failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_test in (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').columns(['destination_id', 'event_id']).unique().execute();
  await db.schema.createIndex('webhook_deliveries_list').on('webhook_deliveries').columns(['destination_id', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_chain').on('webhook_deliveries').columns(['destination_id', 'alert_id', 'seq']).execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  await db.schema.createIndex('webhook_deliveries_created').on('webhook_deliveries').columns(['created_at']).execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    // Request headers with every secret value replaced (JSON).
    .addColumn('request_headers', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_head', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_destinations').execute();
}
