import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config.ts';
import { verifySecretKey } from '../../../src/db/secret-key-check.ts';
import { createSecretBox } from '../../../src/lib/secrets.ts';
import { DIALECTS, createTestStore, type TestStore } from '../../helpers/app.ts';

const NOW = '2026-11-23T12:00:00.000Z';
const boxA = createSecretBox(Buffer.alloc(32, 1));
const boxB = createSecretBox(Buffer.alloc(32, 2));

for (const dialect of DIALECTS) {
  describe(`${dialect}: KLAXON_SECRET_KEY is the database's key, or the process does not start`, () => {
    let ts: TestStore | undefined;
    afterEach(async () => {
      await ts?.drop();
      ts = undefined;
    });

    it('the first process records its key; the same key matches, another is refused with what to do', async () => {
      ts = await createTestStore(dialect);
      const db = ts.store.db;
      expect(await verifySecretKey(db, boxA, NOW)).toBe('recorded');
      expect(await verifySecretKey(db, boxA, NOW)).toBe('matched');
      const refused = await verifySecretKey(db, boxB, NOW).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ConfigError);
      expect((refused as Error).message).toMatch(/KLAXON_SECRET_KEY is not the key .* Every process that shares a database needs the same KLAXON_SECRET_KEY/);
      expect(await db.selectFrom('secret_key_checks').selectAll().execute()).toHaveLength(1);
    });

    it('a database from before the check is checked against a secret it already holds', async () => {
      ts = await createTestStore(dialect);
      const db = ts.store.db;
      await db.insertInto('organizations').values({ id: 'org_1', name: 'Acme', created_at: NOW, updated_at: NOW } as never).execute();
      await db.insertInto('services').values({ id: 'svc_1', org_id: 'org_1', name: 'api', created_at: NOW, updated_at: NOW } as never).execute();
      await db.insertInto('integrations').values({ id: 'int_1', org_id: 'org_1', type: 'webhook', name: 'hook', service_id: 'svc_1', created_at: NOW, updated_at: NOW } as never).execute();
      await db
        .insertInto('integration_credentials')
        .values({ id: 'crd_1', integration_id: 'int_1', kind: 'url_token', secret_hash: 'h', secret_sealed: boxA.seal('token'), created_at: NOW } as never)
        .execute();
      await expect(verifySecretKey(db, boxB, NOW)).rejects.toBeInstanceOf(ConfigError);
      expect(await db.selectFrom('secret_key_checks').selectAll().execute()).toEqual([]);
      expect(await verifySecretKey(db, boxA, NOW)).toBe('recorded');
      await expect(verifySecretKey(db, boxB, NOW)).rejects.toBeInstanceOf(ConfigError);
    });
  });
}
