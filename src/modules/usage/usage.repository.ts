import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import { PG_SHARDS, usageHour } from './usage.ts';

const shardOf = (dialect: Dialect) => (dialect === 'postgres' ? sql<number>`pg_backend_pid() % ${sql.lit(PG_SHARDS)}` : sql<number>`0`);

/**
 * Adds `n` alerts created at `createdAt` to the organization's hour. Call it in the transaction
 * that inserts the alerts.
 */
export async function addAlertsCreated(db: Kysely<Database>, dialect: Dialect, orgId: string, createdAt: string, n = 1): Promise<void> {
  await db
    .insertInto('usage_hours')
    .values({ org_id: orgId, hour: usageHour(createdAt), shard: shardOf(dialect), alerts_created: n })
    .onConflict((oc) => oc.columns(['org_id', 'hour', 'shard']).doUpdateSet({ alerts_created: sql`usage_hours.alerts_created + excluded.alerts_created` }))
    .execute();
}

/**
 * A SQLite statement counting the alerts of `source` (a FROM clause over alerts, with its WHERE)
 * into their hours: one upsert an hour for an ingest batch's alerts.
 */
export const sqliteCountAlertsCreatedSql = (source: string) =>
  `insert into usage_hours (org_id, hour, shard, alerts_created)
     select org_id, substr(created_at, 1, 13), 0, count(*) from ${source} group by org_id, substr(created_at, 1, 13)
     on conflict (org_id, hour, shard) do update set alerts_created = usage_hours.alerts_created + excluded.alerts_created`;

/**
 * A PostgreSQL statement (for a data-modifying CTE) that counts the rows of `source`, a relation
 * with org_id and created_at, into their hours; shard by the connection's backend pid.
 */
export const pgCountAlertsCreatedSql = (source: string) =>
  `insert into usage_hours (org_id, hour, shard, alerts_created)
     select org_id, substr(created_at, 1, 13), pg_backend_pid() % ${PG_SHARDS}, count(*) from ${source} group by org_id, substr(created_at, 1, 13)
     on conflict (org_id, hour, shard) do update set alerts_created = usage_hours.alerts_created + excluded.alerts_created`;

/** Alerts created in the hours [fromHour, toHour) of an organization: one index range. */
export async function sumAlertsCreated(db: Kysely<Database>, orgId: string, fromHour: string, toHour: string): Promise<number> {
  const r = await db
    .selectFrom('usage_hours')
    .select((eb) => eb.fn.sum<number | string | null>('alerts_created').as('n'))
    .where('org_id', '=', orgId)
    .where('hour', '>=', fromHour)
    .where('hour', '<', toHour)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
