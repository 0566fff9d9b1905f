import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MembershipRow, MembershipTable, NewOrganizationRow, OrganizationRow } from './org.table.ts';

export async function insertOrg(db: Kysely<Database>, row: NewOrganizationRow): Promise<void> {
  await db.insertInto('organizations').values(row).execute();
}
export async function findOrg(db: Kysely<Database>, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}
export async function insertMembership(db: Kysely<Database>, row: MembershipTable): Promise<void> {
  await db.insertInto('memberships').values(row).execute();
}
export async function findMembership(db: Kysely<Database>, orgId: string, userId: string): Promise<MembershipRow | undefined> {
  return db.selectFrom('memberships').selectAll().where('org_id', '=', orgId).where('user_id', '=', userId).executeTakeFirst();
}
export async function listMembershipsOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.org_id')
    .select(['memberships.org_id', 'memberships.role', 'organizations.name as org_name'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.org_id')
    .execute();
}
