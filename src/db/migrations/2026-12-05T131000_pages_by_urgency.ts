import type { Kysely } from 'kysely';

// Issue 41 item 5 (docs/adr/0761): the dispatcher claims due pages high urgency first, then by age,
// so a critical page never waits behind a storm of low-urgency ones. The index serves that order
// (status, urgency, due_at): 'high' sorts before 'low'.
// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('notifications_status_urgency_due').on('notifications').columns(['status', 'urgency', 'due_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_status_urgency_due').execute();
}
