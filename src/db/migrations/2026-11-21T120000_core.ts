import { type Kysely, sql } from 'kysely';

// Core schema: identity, services, sources, alerts with their timeline, the transactional outbox,
// ingest receipts and the audit log. Portable across SQLite and PostgreSQL: ids and timestamps
// (ISO 8601 UTC text) come from the application, JSON is stored as text and parsed in mappers,
// booleans are 0/1 integers. Frozen: never import application code here.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('ingest_rate_per_minute', 'integer', (c) => c.notNull().defaultTo(1200).check(sql`ingest_rate_per_minute > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Emails are stored lower-cased; one account per address.
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();

  await db.schema
    .createTable('memberships')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner','admin','responder','observer')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pkey', ['org_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // A full-product key acts as this member; an alert-ingest key records who made it.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('full_product','alert_ingest')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('secret_hint', 'text', (c) => c.notNull())
    .addColumn('service_ids', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addCheckConstraint('api_keys_full_product_has_user', sql`kind <> 'full_product' or user_id is not null`)
    .execute();
  await db.schema.createIndex('api_keys_secret_hash').on('api_keys').column('secret_hash').unique().execute();
  await db.schema.createIndex('api_keys_org').on('api_keys').columns(['org_id', 'id']).execute();

  await db.schema
    .createTable('services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('schedule_id', 'text')
    .addColumn('dedupe_mode', 'text', (c) => c.notNull().defaultTo('event_key_only').check(sql`dedupe_mode in ('event_key_only')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('services_org_name_unique').on('services').columns(['org_id', 'name']).unique().execute();

  await db.schema
    .createTable('integrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('webhook','events_v2','email','datadog','grafana','alertmanager','custom')`),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('service_id', 'text', (c) => c.references('services.id').onDelete('cascade'))
    .addColumn('fallback_service_id', 'text', (c) => c.references('services.id').onDelete('restrict'))
    .addColumn('routing_rules', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('mapping', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Direct sources are bound to one service; vendor connections route, with a fallback.
    .addCheckConstraint(
      'integrations_binding',
      sql`(type in ('webhook','events_v2','email') and service_id is not null and fallback_service_id is null)
       or (type in ('datadog','grafana','alertmanager','custom') and service_id is null and fallback_service_id is not null)`,
    )
    .execute();
  await db.schema.createIndex('integrations_org').on('integrations').columns(['org_id', 'id']).execute();

  await db.schema
    .createTable('integration_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integrations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('url_token','routing_key','email')`))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Set when rotated (now + 60 s) or replaced (now + 24 h); the credential dies then.
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('integration_credentials_secret_hash')
    .on('integration_credentials')
    .column('secret_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('integration_credentials_integration')
    .on('integration_credentials')
    .column('integration_id')
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (c) => c.notNull().references('services.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event_key', 'text', (c) => c.notNull())
    // 1 = critical … 5 = info, so "ORDER BY priority" is "most important first".
    .addColumn('priority', 'integer', (c) => c.notNull().check(sql`priority between 1 and 5`))
    .addColumn('urgency', 'text', (c) => c.notNull().check(sql`urgency in ('high','low')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('open','acknowledged','snoozed','resolved')`),
    )
    .addColumn('duplicate_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('integration_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_signal_at', 'text', (c) => c.notNull())
    .addColumn('acknowledged_at', 'text')
    .addColumn('acknowledged_by', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('snoozed_until', 'text')
    .execute();
  // The dedupe invariant: at most one not-resolved alert per (service, event key). Every status
  // but resolved joins repeats (PRODUCT.md 3). Partial unique indexes work on both dialects.
  await db.schema
    .createIndex('alerts_open_dedupe')
    .on('alerts')
    .columns(['service_id', 'event_key'])
    .unique()
    .where(sql.ref('status'), '<>', 'resolved')
    .execute();
  await db.schema.createIndex('alerts_org_sort').on('alerts').columns(['org_id', 'priority', 'id']).execute();
  await db.schema.createIndex('alerts_org_status').on('alerts').columns(['org_id', 'status']).execute();

  await db.schema
    .createTable('alert_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    // The outbox event a background consumer handled to write this entry; unique with kind so
    // a redelivered event never writes its entry twice.
    .addColumn('event_id', 'bigint')
    .addColumn('receipt_id', 'text')
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_log_alert').on('alert_log').columns(['alert_id', 'id']).execute();
  await db.schema
    .createIndex('alert_log_event_kind')
    .on('alert_log')
    .columns(['event_id', 'kind'])
    .unique()
    .where(sql.ref('event_id'), 'is not', null)
    .execute();

  let outbox = db.schema.createTable('outbox_events');
  outbox = pg
    ? outbox.addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    : outbox.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await outbox
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('available_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('processed_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_events_pending')
    .on('outbox_events')
    .columns(['available_at', 'id'])
    .where(sql.ref('processed_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('credential_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('receipts_idempotency')
    .on('receipts')
    .columns(['credential_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  await db.schema.createIndex('receipts_created').on('receipts').column('created_at').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_org').on('audit_log').columns(['org_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'audit_log', 'receipts', 'outbox_events', 'alert_log', 'alerts', 'integration_credentials',
    'integrations', 'services', 'api_keys', 'memberships', 'users', 'organizations',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
