import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewPageActionRow, PageActionRow } from './page-action.table.ts';

/** One token per page: a page sent again keeps the row it had (and so its expiry and its use). */
export async function ensureAction(db: Kysely<Database>, row: NewPageActionRow): Promise<void> {
  await db.insertInto('page_actions').values(row).onConflict((oc) => oc.column('notification_id').doNothing()).execute();
}

export async function findByHash(db: Kysely<Database>, hash: string): Promise<PageActionRow | undefined> {
  return db.selectFrom('page_actions').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** Marks the token used; false when another request used it first (the row is the fence). */
export async function markUsed(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const r = await db.updateTable('page_actions').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
