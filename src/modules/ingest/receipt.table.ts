import type { Selectable } from 'kysely';

export interface ReceiptTable {
  id: string;
  org_id: string;
  credential_id: string;
  idempotency_key: string | null;
  status_code: number;
  response: string;
  created_at: string;
}
export type ReceiptRow = Selectable<ReceiptTable>;

/** Every column of receipts, in the order the ingest batches write them (SQLite thread, PostgreSQL statement). */
export const RECEIPT_COLUMNS = ['id', 'org_id', 'credential_id', 'idempotency_key', 'status_code', 'response', 'created_at'] as const;
// Exactly the table's columns: one added to the table and not here fails the type check.
const receiptColumnsExact: [Exclude<keyof ReceiptTable, (typeof RECEIPT_COLUMNS)[number]>, Exclude<(typeof RECEIPT_COLUMNS)[number], keyof ReceiptTable>] extends [never, never] ? true : false = true;
void receiptColumnsExact;
