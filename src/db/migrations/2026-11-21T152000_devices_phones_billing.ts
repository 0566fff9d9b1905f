import { type Kysely, sql } from 'kysely';

// Devices (push targets of a person), phone numbers with SMS verification, and billing: the plan
// of each organization with its period, and per-period usage counters. Portable across SQLite
// and PostgreSQL (text ids and ISO timestamps from the app, booleans as 0/1). Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // A device is the person's, in every organization they belong to (spec 4.2 scope P).
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull().check(sql`platform in ('ios','android','web')`))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('critical_alerts_permitted', 'integer', (c) => c.notNull().defaultTo(0))
    // The push token is a secret: sealed with KLAXON_SECRET_KEY, found by its hash, shown as a hint.
    .addColumn('push_token_sealed', 'text', (c) => c.notNull())
    .addColumn('push_token_hash', 'text', (c) => c.notNull())
    .addColumn('push_token_hint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_push_token_unique').on('devices').column('push_token_hash').unique().execute();
  await db.schema.createIndex('devices_user').on('devices').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('phone_numbers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('e164', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('verified_at', 'text')
    // The pending verification code: an HMAC of it, its expiry and the wrong tries so far.
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', 'text')
    .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_numbers_owner_e164_unique').on('phone_numbers').columns(['org_id', 'user_id', 'e164']).unique().execute();
  await db.schema.createIndex('phone_numbers_owner').on('phone_numbers').columns(['org_id', 'user_id', 'id']).execute();

  // Every verification SMS sent, by destination number: the per-number send limit counts these.
  await db.schema
    .createTable('verification_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('e164', 'text', (c) => c.notNull())
    .addColumn('phone_number_id', 'text')
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verification_sends_e164').on('verification_sends').columns(['e164', 'sent_at']).execute();

  await db.schema
    .createTable('org_billing')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('free','team','business')`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('stripe_customer_id', 'text')
    .addColumn('stripe_subscription_id', 'text')
    // `created` (Unix seconds) of the last Stripe event applied: older events never undo newer ones.
    .addColumn('stripe_event_created', 'bigint')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('org_billing_stripe_customer').on('org_billing').column('stripe_customer_id').execute();

  await db.schema
    .createTable('usage_counters')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('sms_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voice_minutes_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_counters_pkey', ['org_id', 'period_start'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['usage_counters', 'org_billing', 'verification_sends', 'phone_numbers', 'devices']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
