import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { AlertLogRow, AlertRow } from './alert.table.ts';
import { insertLogRows, logEntryQuery } from './alert.log.ts';

// Reads of one alert and its timeline. The writers are in writers/ (one contract), the list and
// its title search in search/.

export async function findById(
  db: Kysely<Database>,
  orgId: string,
  id: string,
  lock?: { dialect: Dialect },
): Promise<AlertRow | undefined> {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .$if(lock?.dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
}

/** The organization of an alert, only when the user is a member of it. */
export async function findAlertOrgForMember(db: Kysely<Database>, alertId: string, userId: string) {
  return db
    .selectFrom('alerts')
    .innerJoin('memberships', 'memberships.org_id', 'alerts.org_id')
    .innerJoin('organizations', 'organizations.id', 'alerts.org_id')
    .select(['alerts.id as alert_id', 'organizations.id as org_id', 'organizations.name as org_name'])
    .where('alerts.id', '=', alertId)
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
}

export async function listLog(db: Kysely<Database>, alertId: string, afterId: string | undefined, limit: number): Promise<AlertLogRow[]> {
  return logEntryQuery(db)
    .where('l.alert_id', '=', alertId)
    .$if(afterId !== undefined, (q) => q.where('l.id', '>', afterId!))
    .orderBy('l.id', 'asc')
    .limit(limit)
    .execute();
}

export async function insertLogOnce(db: Kysely<Database>, row: AlertLogRow): Promise<void> {
  await insertLogRows(db, [row], { once: true });
}
