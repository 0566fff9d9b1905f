import type { Insertable, Selectable, Updateable } from 'kysely';

export interface ServiceTable {
  id: string;
  org_id: string;
  name: string;
  description: string;
  schedule_id: string | null;
  dedupe_mode: 'event_key_only';
  created_at: string;
  updated_at: string;
  /** PRODUCT.md 11: an acknowledged alert not resolved within it is open again and paged again. */
  ack_timeout_minutes?: number | null;
  /** PRODUCT.md 11: an alert with no signal for that long resolves itself. */
  auto_resolve_minutes?: number | null;
}
export type ServiceRow = Selectable<ServiceTable>;
export type NewServiceRow = Insertable<ServiceTable>;
export type ServiceUpdate = Updateable<ServiceTable>;
