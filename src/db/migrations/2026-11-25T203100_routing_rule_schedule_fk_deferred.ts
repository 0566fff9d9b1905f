import { type Kysely, sql } from 'kysely';

// Deleting an organization whose services route to its schedules failed on PostgreSQL ("a
// referenced resource does not exist"): the cascade reaches schedules and, through services, the
// routing rules that name them, and PostgreSQL checks a plain foreign key as each cascade ends, in
// an order of its own. The rule-to-schedule key is checked at commit instead. SQLite checks it
// once, at the end of the statement, with every cascade done: nothing to change there. Frozen.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`alter table service_routing_rules alter constraint service_routing_rules_schedule_fkey deferrable initially deferred`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`alter table service_routing_rules alter constraint service_routing_rules_schedule_fkey not deferrable`.execute(db);
}
