import type { Generated, Insertable, Selectable } from 'kysely';

export interface OutboxEventTable {
  id: Generated<number>;
  org_id: string;
  type: string;
  alert_id: string | null;
  payload: string;
  created_at: string;
  available_at: string;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: string | null;
  processed_at: string | null;
  last_error: string | null;
}
export type OutboxEventRow = Selectable<OutboxEventTable>;
export type NewOutboxEventRow = Insertable<OutboxEventTable>;
