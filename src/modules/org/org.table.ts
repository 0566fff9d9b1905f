import type { Insertable, Selectable, Updateable } from 'kysely';

export interface OrganizationTable {
  id: string;
  name: string;
  time_zone: string;
  ingest_rate_per_minute: number;
  created_at: string;
  updated_at: string;
}
export type OrganizationRow = Selectable<OrganizationTable>;
export type NewOrganizationRow = Insertable<OrganizationTable>;
export type OrganizationUpdate = Updateable<OrganizationTable>;

export interface MembershipTable {
  org_id: string;
  user_id: string;
  role: 'owner' | 'admin' | 'responder' | 'observer';
  created_at: string;
}
export type MembershipRow = Selectable<MembershipTable>;
