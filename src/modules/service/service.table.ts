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
}
export type ServiceRow = Selectable<ServiceTable>;
export type NewServiceRow = Insertable<ServiceTable>;
export type ServiceUpdate = Updateable<ServiceTable>;
