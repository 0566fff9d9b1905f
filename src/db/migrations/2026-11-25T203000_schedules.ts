import { type Kysely, sql } from 'kysely';

// Schedules and on-call (issue 20; PRODUCT.md 7.1–7.2): schedules with escalation levels, rotating
// layers and their participants, overrides, per-level channel steps, service routing rules, and
// personal calendar feeds. Portable across SQLite and PostgreSQL (text ids and ISO timestamps from
// the app, JSON as text). Composite foreign keys keep a layer, an override and a channel entry on a
// level that exists, and a routing rule on a schedule of the rule's own organization; a rule's
// schedule cannot be deleted under it (no action: checked at the end of the statement, so deleting
// the organization, which cascades to both, still works). Frozen.
//
// services.schedule_id predates schedules and named nothing that could be checked: ids that name no
// schedule of the service's organization are cleared, and the service then reports
// `paging: no_schedule` (issue 20 item 6). Only this up clears them; its down cannot know them again.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('schedules')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('repeat', 'integer', (c) => c.notNull().check(sql`repeat between 0 and 9`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schedules_org_name_unique').on('schedules').columns(['org_id', 'name']).unique().execute();
  // The parent key of the composite foreign keys that keep a reference inside one organization.
  await db.schema.createIndex('schedules_org_id_unique').on('schedules').columns(['org_id', 'id']).unique().execute();

  await db.schema
    .createTable('schedule_levels')
    .addColumn('schedule_id', 'text', (c) => c.notNull().references('schedules.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull().check(sql`level between 1 and 10`))
    .addColumn('timeout_minutes', 'integer', (c) => c.notNull().check(sql`timeout_minutes between 1 and 1440`))
    .addPrimaryKeyConstraint('schedule_levels_pkey', ['schedule_id', 'level'])
    .execute();

  await db.schema
    .createTable('schedule_layers')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    // Order of the layer within its level, as the document lists it.
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('precedence', 'integer', (c) => c.notNull())
    .addColumn('rotation_unit', 'text', (c) => c.notNull().check(sql`rotation_unit in ('hour','day','week','month')`))
    .addColumn('rotation_length', 'integer', (c) => c.notNull().check(sql`rotation_length >= 1`))
    // "YYYY-MM-DDTHH:MM", wall-clock time in the schedule's zone.
    .addColumn('handoff_local', 'text', (c) => c.notNull())
    // The participant index on call in the shift that starts at handoff_local: kept across edits so
    // the person on call stays on call (the GoAlert rotation_state idea, as one number).
    .addColumn('rotation_offset', 'integer', (c) => c.notNull().check(sql`rotation_offset >= 0`))
    .addColumn('restrictions', 'text', (c) => c.notNull())
    .addColumn('effective_from', 'text')
    .addColumn('effective_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addForeignKeyConstraint('schedule_layers_level_fkey', ['schedule_id', 'level'], 'schedule_levels', ['schedule_id', 'level'], (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('schedule_layers_level').on('schedule_layers').columns(['schedule_id', 'level', 'ordinal']).execute();

  await db.schema
    .createTable('layer_participants')
    .addColumn('layer_id', 'text', (c) => c.notNull().references('schedule_layers.id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('layer_participants_pkey', ['layer_id', 'ordinal'])
    .execute();
  await db.schema.createIndex('layer_participants_user').on('layer_participants').column('user_id').execute();

  await db.schema
    .createTable('schedule_overrides')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('layer_id', 'text', (c) => c.references('schedule_layers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('add','remove','replace')`))
    .addColumn('add_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('remove_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addForeignKeyConstraint('schedule_overrides_level_fkey', ['schedule_id', 'level'], 'schedule_levels', ['schedule_id', 'level'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('schedule_overrides_window', sql`end_at > start_at`)
    .addCheckConstraint(
      'schedule_overrides_users',
      sql`(kind = 'add' and add_user_id is not null and remove_user_id is null)
        or (kind = 'remove' and remove_user_id is not null and add_user_id is null)
        or (kind = 'replace' and add_user_id is not null and remove_user_id is not null and add_user_id <> remove_user_id)`,
    )
    .execute();
  // Overrides of a schedule that end after an instant: the window queries and the foreign key.
  await db.schema.createIndex('schedule_overrides_schedule_end').on('schedule_overrides').columns(['schedule_id', 'end_at']).execute();
  await db.schema.createIndex('schedule_overrides_layer').on('schedule_overrides').column('layer_id').execute();
  await db.schema.createIndex('schedule_overrides_add_user').on('schedule_overrides').column('add_user_id').execute();
  await db.schema.createIndex('schedule_overrides_remove_user').on('schedule_overrides').column('remove_user_id').execute();

  await db.schema
    .createTable('level_channels')
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull().check(sql`priority in ('critical','high','medium','low','info')`))
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('level_channels_pkey', ['schedule_id', 'level', 'priority'])
    .addForeignKeyConstraint('level_channels_level_fkey', ['schedule_id', 'level'], 'schedule_levels', ['schedule_id', 'level'], (c) => c.onDelete('cascade'))
    .execute();

  // A service's routing: present (even with no rules) once it was set; GET answers null otherwise.
  await db.schema
    .createTable('service_routing')
    .addColumn('service_id', 'text', (c) => c.primaryKey().notNull().references('services.id').onDelete('cascade'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('service_routing_rules')
    .addColumn('service_id', 'text', (c) => c.notNull().references('service_routing.service_id').onDelete('cascade'))
    .addColumn('ordinal', 'integer', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('priorities', 'text')
    .addColumn('urgencies', 'text')
    .addColumn('time_window', 'text')
    .addColumn('schedule_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_routing_rules_pkey', ['service_id', 'ordinal'])
    .addForeignKeyConstraint('service_routing_rules_schedule_fkey', ['org_id', 'schedule_id'], 'schedules', ['org_id', 'id'])
    .execute();
  await db.schema.createIndex('service_routing_rules_schedule').on('service_routing_rules').columns(['org_id', 'schedule_id']).execute();

  // Personal iCalendar feeds: the token is a secret, kept as its hash only.
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('calendar_feeds_token_unique').on('calendar_feeds').column('token_hash').unique().execute();
  await db.schema.createIndex('calendar_feeds_owner').on('calendar_feeds').columns(['org_id', 'user_id', 'id']).execute();
  await db.schema.createIndex('calendar_feeds_user').on('calendar_feeds').column('user_id').execute();

  await sql`update services set schedule_id = null
    where schedule_id is not null
      and not exists (select 1 from schedules s where s.id = services.schedule_id and s.org_id = services.org_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['calendar_feeds', 'service_routing_rules', 'service_routing', 'level_channels', 'schedule_overrides', 'layer_participants', 'schedule_layers', 'schedule_levels', 'schedules']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
