import type { Insertable, Selectable, Updateable } from 'kysely';

export type IntegrationType = 'webhook' | 'events_v2' | 'email' | 'datadog' | 'grafana' | 'alertmanager' | 'custom';

export interface IntegrationTable {
  id: string;
  org_id: string;
  type: IntegrationType;
  name: string;
  service_id: string | null;
  fallback_service_id: string | null;
  /** JSON array of {attribute, value, service_id}. */
  routing_rules: string;
  /** JSON mapping of a custom source; null otherwise. */
  mapping: string | null;
  enabled: number;
  created_at: string;
  updated_at: string;
}
export type IntegrationRow = Selectable<IntegrationTable>;
export type NewIntegrationRow = Insertable<IntegrationTable>;
export type IntegrationUpdate = Updateable<IntegrationTable>;

export type CredentialKind = 'url_token' | 'routing_key' | 'email';

export interface IntegrationCredentialTable {
  id: string;
  integration_id: string;
  kind: CredentialKind;
  secret_hash: string;
  secret_sealed: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}
export type IntegrationCredentialRow = Selectable<IntegrationCredentialTable>;
