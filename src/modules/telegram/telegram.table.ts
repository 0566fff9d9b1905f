import type { Insertable, Selectable } from 'kysely';

/**
 * A person's Telegram chat (PRODUCT.md 12, docs/adr/0835): pending while it holds a one-time
 * link code (only its hash), linked once the person pressed Start in the bot (`chat_id`),
 * disabled with the reason its owner sees when Telegram refused a page for good (403: blocked).
 */
export interface TelegramLinkTable {
  id: string;
  user_id: string;
  chat_id: string | null;
  username: string | null;
  code_hash: string | null;
  code_expires_at: string | null;
  linked_at: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}
export type TelegramLinkRow = Selectable<TelegramLinkTable>;
export type NewTelegramLinkRow = Insertable<TelegramLinkTable>;

/** A webhook update that acted, by its update_id: Telegram's redelivery acts once. */
export interface TelegramUpdateTable {
  update_id: string;
  created_at: string;
}
