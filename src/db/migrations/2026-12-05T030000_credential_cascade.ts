import { type Kysely, sql } from 'kysely';

// Issue 33 items 3 and 4 (docs/adr/0710-credentials-die-with-their-parent-and-with-a-takeover.md).
// - api_key_session_parents: a key minted with an agent token (a session of kind agent) dies with
//   it, as api_key_parents (2026-11-25T201200) does for a key minted with a key.
// - The database holds "a key dies with the credential it was minted through": a trigger on each
//   revocation (api_keys.revoked_at or sessions.revoked_at set) revokes every live key minted
//   through it, transitively, whichever code path revoked it.
// - device_registrations: the credential (ses_… or key_…) that last registered a device, so ending
//   credentials can remove the devices they registered. Older devices have none. A table of its
//   own, so this down keeps every older column.
// Frozen.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

/** Live keys minted through `parent`, and through those, and so on. */
const descendants = (parent: string) => `with recursive d(id) as (
      select key_id from api_key_parents where parent_key_id = ${parent}
      union select p.key_id from api_key_parents p join d on p.parent_key_id = d.id
    ) select id from d`;
const mintedBySession = (session: string) => `select key_id from api_key_session_parents where session_id = ${session}`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_key_session_parents')
    .addColumn('key_id', 'text', (c) => c.primaryKey().notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('api_key_session_parents_session').on('api_key_session_parents').column('session_id').execute();
  await db.schema
    .createTable('device_registrations')
    .addColumn('device_id', 'text', (c) => c.primaryKey().notNull().references('devices.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_registrations_credential').on('device_registrations').column('credential_id').execute();

  if (isPostgres(db)) {
    // PostgreSQL fires a trigger from the updates of its own trigger, so one level each is transitive.
    await sql.raw(`create function api_keys_revoke_minted() returns trigger language plpgsql as $$
      begin
        update api_keys set revoked_at = new.revoked_at where revoked_at is null and id in (${descendants('new.id')});
        return null;
      end $$`).execute(db);
    await sql.raw(`create trigger api_keys_revoke_minted after update of revoked_at on api_keys for each row
      when (old.revoked_at is null and new.revoked_at is not null) execute function api_keys_revoke_minted()`).execute(db);
    await sql.raw(`create function sessions_revoke_minted() returns trigger language plpgsql as $$
      begin
        update api_keys set revoked_at = new.revoked_at where revoked_at is null and id in (${mintedBySession('new.id')});
        return null;
      end $$`).execute(db);
    await sql.raw(`create trigger sessions_revoke_minted after update of revoked_at on sessions for each row
      when (old.revoked_at is null and new.revoked_at is not null) execute function sessions_revoke_minted()`).execute(db);
    return;
  }
  // SQLite does not fire a trigger from its own body (recursive_triggers is off): the recursive
  // query reaches every descendant. A session's trigger fires the keys' one (another trigger).
  await sql.raw(`create trigger api_keys_revoke_minted after update of revoked_at on api_keys
    when old.revoked_at is null and new.revoked_at is not null begin
      update api_keys set revoked_at = new.revoked_at where revoked_at is null and id in (${descendants('new.id')});
    end`).execute(db);
  await sql.raw(`create trigger sessions_revoke_minted after update of revoked_at on sessions
    when old.revoked_at is null and new.revoked_at is not null begin
      update api_keys set revoked_at = new.revoked_at where revoked_at is null and id in (${mintedBySession('new.id')});
    end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists sessions_revoke_minted${sql.raw(isPostgres(db) ? ' on sessions' : '')}`.execute(db);
  await sql`drop trigger if exists api_keys_revoke_minted${sql.raw(isPostgres(db) ? ' on api_keys' : '')}`.execute(db);
  if (isPostgres(db)) {
    await sql`drop function if exists sessions_revoke_minted()`.execute(db);
    await sql`drop function if exists api_keys_revoke_minted()`.execute(db);
  }
  await db.schema.dropTable('device_registrations').execute();
  await db.schema.dropTable('api_key_session_parents').execute();
}
