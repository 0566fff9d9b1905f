import type { Selectable } from 'kysely';

/** The organization's Slack app (PRODUCT.md 12): its bot token and signing secret, sealed. */
export interface SlackConnectionTable {
  org_id: string;
  team_id: string;
  team_name: string;
  bot_user_id: string | null;
  bot_token_sealed: string;
  /** The token's prefix and last four characters, as shown. */
  bot_token_hint: string;
  signing_secret_sealed: string;
  created_at: string;
  updated_at: string;
}
export type SlackConnectionRow = Selectable<SlackConnectionTable>;

/**
 * The one message of an alert in a `slack_app` destination's channel. `posting`: chat.postMessage
 * may be in flight (or its answer was lost); `posted`: `ts` names the message every change edits.
 */
export interface SlackMessageTable {
  destination_id: string;
  alert_id: string;
  org_id: string;
  channel_id: string;
  ts: string | null;
  state: 'posting' | 'posted';
  created_at: string;
  updated_at: string;
}
export type SlackMessageRow = Selectable<SlackMessageTable>;
