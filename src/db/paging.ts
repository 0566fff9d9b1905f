import type { Kysely, Selectable } from 'kysely';
import type { Database } from './database.ts';

/** Tables whose rows belong to one organization and page by their time-ordered id. */
type OrgScopedTable = { [T in keyof Database]: Database[T] extends { id: string; org_id: string } ? T : never }[keyof Database];

/** One keyset page (ordered by id, after `afterId`) of an organization's rows of `table`. */
export function listOrgPage<T extends OrgScopedTable>(
  db: Kysely<Database>,
  table: T,
  orgId: string,
  afterId: string | undefined,
  limit: number,
): Promise<Selectable<Database[T]>[]> {
  // The generic table name defeats Kysely's column inference; the constraint above guarantees the columns.
  const q = db as unknown as Kysely<{ rows: { id: string; org_id: string } }>;
  return q
    .selectFrom(table as unknown as 'rows')
    .selectAll()
    .where('org_id', '=', orgId)
    .$if(afterId !== undefined, (b) => b.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute() as Promise<Selectable<Database[T]>[]>;
}
