import type { TelegramLinkRow } from './telegram.table.ts';

/**
 * Telegram as a person's channel (PRODUCT.md 12, docs/adr/0835): the pure parts. A link is made by
 * a one-time code the person carries into the bot through a `t.me/<bot>?start=<code>` link; the
 * bot's webhook receives `/start <code>` from their chat and binds it.
 */

/** How long a link code holds. */
export const LINK_CODE_TTL_MS = 15 * 60_000;

export type LinkState = 'unlinked' | 'pending' | 'linked' | 'disabled';

export interface TelegramLinkView {
  configured: boolean;
  state: LinkState;
  username: string | null;
  linked_at: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** While pending: until when the link from POST /api/me/telegram works. */
  code_expires_at: string | null;
}

export function viewOf(row: TelegramLinkRow | undefined, configured: boolean, now: number): TelegramLinkView {
  const pendingCode = !!row?.code_hash && !!row.code_expires_at && Date.parse(row.code_expires_at) > now;
  const state: LinkState = !row ? 'unlinked' : row.chat_id ? (row.disabled_at ? 'disabled' : 'linked') : pendingCode ? 'pending' : 'unlinked';
  return {
    configured, state,
    username: row?.chat_id ? row.username : null,
    linked_at: row?.chat_id ? row.linked_at : null,
    disabled_at: row?.chat_id ? row.disabled_at : null,
    disabled_reason: row?.chat_id ? row.disabled_reason : null,
    code_expires_at: pendingCode ? row!.code_expires_at : null,
  };
}

/** `/start <code>` (or `/start@bot <code>`) from a chat: the code, if the text carries one. */
export function startCodeOf(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{16,64})\s*$/.exec(text.trim());
  return m?.[1];
}

/** The parts of a Telegram Update Klaxon reads (https://core.telegram.org/bots/api#update). */
export interface TelegramUpdate {
  update_id: number;
  message?: { message_id: number; chat: { id: number; type: string }; from?: { id: number; username?: string; first_name?: string }; text?: string };
  callback_query?: {
    id: string;
    from: { id: number; username?: string; first_name?: string };
    message?: { message_id: number; chat: { id: number; type: string } };
    data?: string;
  };
}
