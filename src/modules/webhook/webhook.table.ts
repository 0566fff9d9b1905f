import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DeliveryState, WebhookKind } from './webhook.ts';

export interface WebhookDestinationTable {
  id: string;
  org_id: string;
  name: string;
  kind: WebhookKind;
  url_sealed: string;
  url_hint: string;
  /** `slack_app`: the Slack channel its messages go to (the URL is then empty). Stored with kind 'slack' (migration 2026-12-05T140000). */
  channel_id: string | null;
  headers_sealed: string | null;
  /** JSON array of the custom header names. */
  header_names: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: string | null;
  /** JSON array of event kinds. */
  events: string;
  /** JSON array of service ids, or null for every service. */
  service_ids: string | null;
  /** JSON {version, body}, or null for the kind's default. */
  template: string | null;
  enabled: number;
  disabled_reason: string | null;
  consecutive_failures: number;
  circuit_opens: number;
  circuit_open_until: string | null;
  last_success_at: string | null;
  last_failure_at: string | null;
  created_at: string;
  updated_at: string;
}
export type WebhookDestinationRow = Selectable<WebhookDestinationTable>;
export type NewWebhookDestinationRow = Insertable<WebhookDestinationTable>;
export type WebhookDestinationUpdate = Updateable<WebhookDestinationTable>;

export interface WebhookDeliveryTable {
  id: string;
  org_id: string;
  destination_id: string;
  event_id: number | null;
  event_kind: string;
  alert_id: string | null;
  seq: number;
  /** JSON DeliverySnapshot. */
  snapshot: string;
  body: string | null;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  last_status: number | null;
  last_error: string | null;
  is_test: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
export type NewWebhookDeliveryRow = Insertable<WebhookDeliveryTable>;

export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  duration_ms: number;
  request_headers: string;
  response_status: number | null;
  response_head: string;
  outcome: string;
  error: string | null;
}
export type WebhookAttemptRow = Selectable<WebhookAttemptTable>;
