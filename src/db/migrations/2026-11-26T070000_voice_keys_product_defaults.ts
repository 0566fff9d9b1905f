import type { Kysely } from 'kysely';

// PRODUCT.md 7.3: on a voice call, key 1 acknowledges and 2 escalates. Organizations still on the
// first default (4 and 5, which nobody chose) move to it; one that chose its keys keeps them.
// Frozen: never import application code here.

const OLD = '{"voice":"female","language":"en-US","repeat_count":2,"greeting":"","ack_key":"4","escalate_key":"5"}';
const NEW = '{"voice":"female","language":"en-US","repeat_count":2,"greeting":"","ack_key":"1","escalate_key":"2"}';

export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('organizations').set({ voice_settings: NEW }).where('voice_settings', '=', OLD).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('organizations').set({ voice_settings: OLD }).where('voice_settings', '=', NEW).execute();
}
