import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface OrganizationTable {
  id: string;
  name: string;
  time_zone: string;
  ingest_rate_per_minute: number;
  /** JSON object priority → urgency (docs/adr/0320-org-settings.md). */
  default_urgency_rules: Generated<string>;
  retention_days: Generated<number>;
  /** JSON VoiceSettings. */
  voice_settings: Generated<string>;
  /** JSON overrides of the SMS and voice throttles (docs/adr/0447-throttles-and-bundling.md). */
  paging_throttles: Generated<string>;
  /** JSON array of ISO 3166-1 alpha-2 regions verification SMS and test pages may go to; null: the default (docs/adr/0705). */
  phone_countries: Generated<string | null>;
  /** 1: each person's notification rules apply where set; 0: the levels decide for everyone (PRODUCT.md 10, docs/adr/0800). */
  person_rules: Generated<number>;
  /** 1: members other than owners may not sign in with a password (PRODUCT.md 13). */
  sso_required: Generated<number>;
  /** JSON {group: role}, applied at each single sign-on (PRODUCT.md 13). */
  sso_role_map: Generated<string>;
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
