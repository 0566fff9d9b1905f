import type { Selectable } from 'kysely';

export interface AuditLogTable {
  id: string;
  org_id: string | null;
  actor_type: string;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  changes: string;
  ip: string | null;
  request_id: string | null;
  created_at: string;
}
export type AuditLogRow = Selectable<AuditLogTable>;
