import type { Insertable, Selectable } from 'kysely';

/** The acknowledge token of one push or email page (docs/adr/0441): stored hashed, used once. */
export interface PageActionTable {
  id: string;
  token_hash: string;
  org_id: string;
  alert_id: string;
  notification_id: string;
  user_id: string;
  channel: 'push' | 'email';
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export type PageActionRow = Selectable<PageActionTable>;
export type NewPageActionRow = Insertable<PageActionTable>;
