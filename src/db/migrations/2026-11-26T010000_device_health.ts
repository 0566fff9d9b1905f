import type { Kysely } from 'kysely';

// Destination health for devices (issue 22, docs/adr/0440-push-delivery.md): a push token the
// provider said is gone (APNs 410/BadDeviceToken, FCM UNREGISTERED, Web Push 404/410) stops being
// paged until the app registers it again, and its owner sees when and why. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('devices').addColumn('disabled_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('disabled_reason').execute();
  await db.schema.alterTable('devices').dropColumn('disabled_at').execute();
}
