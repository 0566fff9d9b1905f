import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ReceiptRow } from './receipt.table.ts';

export async function findByIdempotencyKey(db: Kysely<Database>, credentialId: string, key: string): Promise<ReceiptRow | undefined> {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}
export async function findReceipt(db: Kysely<Database>, id: string): Promise<ReceiptRow | undefined> {
  return db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
}
/** An idempotency key older than its window no longer binds: free it for a new request. */
export async function releaseIdempotencyKey(db: Kysely<Database>, receiptId: string): Promise<void> {
  await db.updateTable('receipts').set({ idempotency_key: null }).where('id', '=', receiptId).execute();
}
export async function insertReceipt(db: Kysely<Database>, row: ReceiptRow): Promise<void> {
  await db.insertInto('receipts').values(row).execute();
}
/** Deletes receipts created before `before`, `batch` rows a statement (oldest first, by `receipts_created`); returns how many went. */
export async function pruneReceipts(db: Kysely<Database>, before: string, batch = 1000): Promise<number> {
  let pruned = 0;
  for (;;) {
    const r = await db
      .deleteFrom('receipts')
      .where('id', 'in', (eb) => eb.selectFrom('receipts').select('id').where('created_at', '<', before).orderBy('created_at').limit(batch))
      .executeTakeFirst();
    const n = Number(r.numDeletedRows);
    pruned += n;
    if (n < batch) return pruned;
  }
}
