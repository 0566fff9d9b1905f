import { type Kysely, sql } from 'kysely';

// The paging engine (issue 21, docs/adr/0420-paging-engine.md): one escalation state per alert and
// one row per page (alert × epoch × cycle × level × person × channel × step), each a timer read
// against the application's clock. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alert_escalations')
    .addColumn('alert_id', 'text', (c) => c.primaryKey().notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('schedule_id', 'text')
    // 0: routing has not chosen yet (or must choose again after a priority raise).
    .addColumn('schedule_chosen', 'integer', (c) => c.notNull().defaultTo(0).check(sql`schedule_chosen in (0, 1)`))
    .addColumn('epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(0).check(sql`cycle >= 0`))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1).check(sql`level >= 1`))
    .addColumn('level_started_at', 'text')
    // 0: the current level has not been paged in this epoch; 1: it has and next_at is its timeout.
    .addColumn('paged', 'integer', (c) => c.notNull().defaultTo(0).check(sql`paged in (0, 1)`))
    // 1: move to the next level at next_at (PUT …/escalate).
    .addColumn('force_next', 'integer', (c) => c.notNull().defaultTo(0).check(sql`force_next in (0, 1)`))
    .addColumn('exhausted', 'integer', (c) => c.notNull().defaultTo(0).check(sql`exhausted in (0, 1)`))
    // When the escalation job acts next; null: nothing to do until an event says so.
    .addColumn('next_at', 'text')
    // The newest outbox event applied: a redelivered event changes nothing.
    .addColumn('last_event_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_escalations_next_at').on('alert_escalations').column('next_at').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('escalation', 'responder')`))
    .addColumn('epoch', 'integer', (c) => c.notNull())
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('step_index', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('push', 'sms', 'voice', 'email', 'chat')`))
    .addColumn('destination_id', 'text')
    .addColumn('urgency', 'text', (c) => c.notNull().check(sql`urgency in ('high', 'low')`))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'claimed', 'sent', 'delivered', 'failed', 'cancelled', 'skipped', 'superseded', 'not_configured')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claim_token', 'text')
    .addColumn('claim_expires_at', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('detail', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_idempotency_key').on('notifications').column('idempotency_key').unique().execute();
  await db.schema.createIndex('notifications_status_due').on('notifications').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('notifications_alert_status').on('notifications').columns(['alert_id', 'status']).execute();
  await db.schema.createIndex('notifications_user').on('notifications').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('alert_escalations').execute();
}
