import type { Insertable, Selectable } from 'kysely';

export interface ApiKeyTable {
  id: string;
  org_id: string;
  user_id: string | null;
  kind: 'full_product' | 'alert_ingest';
  name: string;
  secret_hash: string;
  secret_hint: string;
  /** JSON array of service ids an alert-ingest key may address; null means any. */
  service_ids: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
export type ApiKeyRow = Selectable<ApiKeyTable>;
export type NewApiKeyRow = Insertable<ApiKeyTable>;

/**
 * A key minted through another key dies with it (docs/adr/0536); a trigger revokes the live
 * descendants of a revoked key (docs/adr/0710).
 */
export interface ApiKeyParentTable {
  key_id: string;
  parent_key_id: string;
}

/** A key minted with an agent token (a session of kind agent) dies with it (docs/adr/0710). */
export interface ApiKeySessionParentTable {
  key_id: string;
  session_id: string;
}
