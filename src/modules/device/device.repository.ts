import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceRow, DeviceUpdate, NewDeviceRow } from './device.table.ts';

export async function insertDevice(db: Kysely<Database>, row: NewDeviceRow): Promise<void> {
  await db.insertInto('devices').values(row).execute();
}
export async function findDevice(db: Kysely<Database>, userId: string, id: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}
export async function findByTokenHash(db: Kysely<Database>, hash: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('push_token_hash', '=', hash).executeTakeFirst();
}
export async function listDevices(db: Kysely<Database>, userId: string, afterId: string | undefined, limit: number): Promise<DeviceRow[]> {
  return db
    .selectFrom('devices')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(afterId !== undefined, (q) => q.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute();
}
export async function updateDevice(db: Kysely<Database>, id: string, set: DeviceUpdate): Promise<void> {
  await db.updateTable('devices').set(set).where('id', '=', id).execute();
}
export async function deleteDevice(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('devices').where('id', '=', id).execute();
}
/** Which credential registered a device last: ending that credential removes the device (docs/adr/0710). */
export async function noteRegistration(db: Kysely<Database>, deviceId: string, credentialId: string): Promise<void> {
  await db
    .insertInto('device_registrations')
    .values({ device_id: deviceId, credential_id: credentialId })
    .onConflict((oc) => oc.column('device_id').doUpdateSet({ credential_id: credentialId }))
    .execute();
}
