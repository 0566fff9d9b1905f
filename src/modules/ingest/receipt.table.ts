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
