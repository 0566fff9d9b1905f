import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { NewTelegramLinkRow, TelegramLinkRow } from './telegram.table.ts';

export const linkOf = (db: Kysely<Database>, userId: string): Promise<TelegramLinkRow | undefined> =>
  db.selectFrom('telegram_links').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const linkByCode = (db: Kysely<Database>, codeHash: string): Promise<TelegramLinkRow | undefined> =>
  db.selectFrom('telegram_links').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();

/** The working link of a Telegram chat (a private chat's id is its user's id). */
export const linkByChat = (db: Kysely<Database>, chatId: string): Promise<TelegramLinkRow | undefined> =>
  db.selectFrom('telegram_links').selectAll().where('chat_id', '=', chatId).executeTakeFirst();

/** A fresh code for the person: their row is made or its code replaced (a linked chat stays linked until the code is used). */
export async function putCode(db: Kysely<Database>, row: NewTelegramLinkRow): Promise<void> {
  await db.insertInto('telegram_links').values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ code_hash: row.code_hash ?? null, code_expires_at: row.code_expires_at ?? null, updated_at: row.updated_at }))
    .execute();
}

/** Binds the chat to the row holding the code (the chat leaves any other person it was linked to). */
export async function bind(db: Kysely<Database>, p: { id: string; chatId: string; username: string | null; now: string }): Promise<void> {
  await db.updateTable('telegram_links').set({ chat_id: null, linked_at: null, username: null, disabled_at: null, disabled_reason: null, updated_at: p.now })
    .where('chat_id', '=', p.chatId).where('id', '!=', p.id).execute();
  await db.updateTable('telegram_links')
    .set({ chat_id: p.chatId, username: p.username, linked_at: p.now, disabled_at: null, disabled_reason: null, code_hash: null, code_expires_at: null, updated_at: p.now })
    .where('id', '=', p.id).execute();
}

export async function removeLink(db: Kysely<Database>, userId: string): Promise<boolean> {
  const r = await db.deleteFrom('telegram_links').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Claims an update by its id: false when another delivery of it already acted. */
export async function claimUpdate(db: Kysely<Database>, updateId: string, now: string): Promise<boolean> {
  const r = await db.insertInto('telegram_updates').values({ update_id: updateId, created_at: now }).onConflict((oc) => oc.column('update_id').doNothing()).returning('update_id').execute();
  return r.length === 1;
}

export async function unclaimUpdate(db: Kysely<Database>, updateId: string): Promise<void> {
  await db.deleteFrom('telegram_updates').where('update_id', '=', updateId).execute();
}

/** Updates claimed before `before`, a thousand a statement. */
export async function pruneUpdates(db: Kysely<Database>, before: string, batch = 1000): Promise<number> {
  let pruned = 0;
  for (;;) {
    const r = await db.deleteFrom('telegram_updates')
      .where('update_id', 'in', (eb) => eb.selectFrom('telegram_updates').select('update_id').where('created_at', '<', before).limit(batch))
      .executeTakeFirst();
    const n = Number(r.numDeletedRows);
    pruned += n;
    if (n < batch) return pruned;
  }
}
