import type { Kysely } from 'kysely';
import { ConfigError } from '../config.ts';
import type { SecretBox } from '../lib/secrets.ts';
import type { Database } from './database.ts';
import { isStoreUnavailable } from './unavailable.ts';

const CHECK = 'KLAXON_SECRET_KEY';
const PLAIN = 'klaxon secret key check';

const mismatch = () =>
  new ConfigError(
    "KLAXON_SECRET_KEY is not the key this database's secrets were sealed with. Every process that shares a database needs the same KLAXON_SECRET_KEY: " +
      'copy it from the first process (its KLAXON_SECRET_KEY, or the secret.key file in its KLAXON_DATA_DIR).',
  );

const opens = (box: SecretBox, sealed: string) => {
  try {
    return box.open(sealed) !== undefined;
  } catch {
    return false;
  }
};

/**
 * Refuses to start with a key other than the one the database's secrets are sealed with: that
 * process would answer 500 to every reveal and sign-in with a second factor (found by a new-user
 * audit, 2026-11-23). The first process to start records a value sealed with its key; a database
 * from before that record is checked against a secret it already holds. A store that does not
 * answer skips the check: the process may still start to spool signals (docs/adr/0100).
 */
export async function verifySecretKey(db: Kysely<Database>, box: SecretBox, now: string): Promise<'recorded' | 'matched' | 'skipped'> {
  try {
    const recorded = await db.selectFrom('secret_key_checks').select('sealed').where('name', '=', CHECK).executeTakeFirst();
    if (recorded) {
      if (!opens(box, recorded.sealed)) throw mismatch();
      return 'matched';
    }
    const held = await db.selectFrom('integration_credentials').select('secret_sealed').orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (held && !opens(box, held.secret_sealed)) throw mismatch();
    await db.insertInto('secret_key_checks').values({ name: CHECK, sealed: box.seal(PLAIN), created_at: now }).onConflict((oc) => oc.doNothing()).execute();
    // Another process may have recorded its own key first.
    const winner = await db.selectFrom('secret_key_checks').select('sealed').where('name', '=', CHECK).executeTakeFirstOrThrow();
    if (!opens(box, winner.sealed)) throw mismatch();
    return 'recorded';
  } catch (err) {
    if (isStoreUnavailable(err)) return 'skipped';
    throw err;
  }
}
