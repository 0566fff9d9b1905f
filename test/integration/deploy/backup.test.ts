import { afterAll, describe, expect, it } from 'vitest';
import { connectDb } from '../../../src/db/connect.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { deployDocCommands, klaxonOnPath, runDocLine, runDocLineAsync } from '../../helpers/deploy-doc.ts';
import {
  type KlaxonProc,
  apiJson,
  cleanup,
  cliBootstrap,
  createServiceHttp,
  freshDatabase,
  klaxonEnv,
  sendSignal,
  startKlaxon,
  tempDir,
  waitFor,
} from '../../helpers/procs.ts';

/**
 * PRODUCT.md 15, docs/adr/0862: a backup taken during an ingest flood against a real `klaxon serve`
 * restores to a store holding every signal answered 202 before the backup began, exactly once, and
 * the server starts on it. The commands are docs/deploy.md's "Backup and restore", as written.
 */
const [backupCmd, restoreCmd, pgDumpCmd, pgRestoreCmd] = deployDocCommands('Backup and restore');

for (const dialect of DIALECTS) {
  describe(`${dialect}: a backup during an ingest flood restores every signal acknowledged before it, once`, () => {
    const dir = tempDir('klaxon-backup-');
    const procs: KlaxonProc[] = [];
    const drops: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const p of procs) await p.kill('SIGKILL');
      for (const drop of drops) await drop();
      cleanup(dir);
    });

    it('backup while serving, restore with the server stopped, start on the restored store', { timeout: 600_000 }, async () => {
      expect([backupCmd, restoreCmd, pgDumpCmd, pgRestoreCmd]).toEqual([
        'klaxon admin backup --to klaxon-backup.db',
        'klaxon admin restore --from klaxon-backup.db',
        'pg_dump --format=custom --file=klaxon.dump "$DATABASE_URL"',
        'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" klaxon.dump',
      ]);
      const database = await freshDatabase(dialect, dir);
      drops.push(database.drop);
      const env = klaxonEnv(database.url, dir);
      const shell = { ...env, PATH: `${klaxonOnPath(dir)}:${env.PATH}` };
      const tenant = await cliBootstrap(env);
      let proc = await startKlaxon(env, { startWithinMs: 240_000 });
      procs.push(proc);
      const svc = await createServiceHttp(proc.url, tenant, 'flood');
      const url = proc.url;

      // The flood: 16 senders, one new alert a signal, until the backup has finished.
      const acked: string[] = [];
      const unexpected: string[] = [];
      let sent = 0;
      let stop = false;
      const sender = async () => {
        while (!stop) {
          const i = sent++;
          const r = await sendSignal(url, svc.ingestPath, { title: `Flood ${i}`, event_key: `flood-${i}`, priority: 'low' });
          if (r.status === 202) acked.push(r.receiptId!);
          // Shed on a busy machine (503) or over the credential's rate (429, on a fast one): nothing kept, the sender retries.
          else if (r.status === 503 || r.status === 429) await new Promise((res) => setTimeout(res, r.status === 429 ? 250 : 50));
          // No answer (a connection reset on a loaded machine): not acknowledged, a sender retries.
          else if (r.status === 0) await new Promise((res) => setTimeout(res, 50));
          else {
            // Not thrown here (it would reject outside the test): the test fails on it below.
            unexpected.push(`${r.status} ${JSON.stringify(r.body)}`);
            await new Promise((res) => setTimeout(res, 50));
          }
        }
      };
      const senders = Array.from({ length: 16 }, sender);
      try {
        await waitFor('200 acknowledged signals', async () => acked.length >= 200 || unexpected.length > 0, 120_000, 5);
      } finally {
        if (unexpected.length) stop = true;
      }
      expect(unexpected, proc.output.join('')).toEqual([]);

      const before = [...acked];
      let backedUpAt = 0;
      if (dialect === 'sqlite') {
        const backup = await runDocLineAsync(backupCmd!, dir, shell);
        expect(backup.stderr).toBe('');
        expect(backup.status).toBe(0);
        expect(backup.stdout).toMatch(/^backed up .* to .*klaxon-backup\.db/);
      } else {
        // PostgreSQL: the command says to use pg_dump, exit 1; pg_dump takes one consistent snapshot.
        const refused = runDocLine(backupCmd!, dir, shell);
        expect(refused.status).toBe(1);
        expect(refused.stderr).toMatch(/PostgreSQL.*pg_dump/);
        const dump = await runDocLineAsync(pgDumpCmd!, dir, shell);
        expect(dump.stderr).toBe('');
        expect(dump.status).toBe(0);
      }
      backedUpAt = acked.length;
      // Keep the flood on a little past the backup's end, so it ran during all of it.
      try {
        await waitFor('50 more acknowledged signals', async () => acked.length >= backedUpAt + 50 || unexpected.length > 0, 120_000, 5);
      } finally {
        stop = true;
      }
      await Promise.all(senders);
      expect(acked.length).toBeGreaterThan(before.length);
      expect(unexpected, proc.output.join('')).toEqual([]);

      let restoredUrl = database.url;
      if (dialect === 'sqlite') {
        // Refused while the server holds the store.
        const refused = runDocLine(restoreCmd!, dir, shell);
        expect(refused.status).toBe(1);
        expect(refused.stderr).toMatch(/in use by a running Klaxon process/);
        expect((await proc.kill('SIGTERM')).code).toBe(0);
        const restored = runDocLine(restoreCmd!, dir, shell);
        expect(restored.stderr).toBe('');
        expect(restored.status).toBe(0);
        expect(restored.stdout).toMatch(/kept as .*klaxon\.db\.replaced-/);
      } else {
        expect((await proc.kill('SIGTERM')).code).toBe(0);
        // Into an empty database, as on a new server.
        const empty = await freshDatabase('postgres', dir, process.env.KLAXON_TEST_PG_URL, { migrated: false });
        drops.push(empty.drop);
        restoredUrl = empty.url;
        const restored = runDocLine(pgRestoreCmd!, dir, { ...shell, DATABASE_URL: empty.url });
        expect(restored.stderr).toBe('');
        expect(restored.status).toBe(0);
      }

      proc = await startKlaxon(klaxonEnv(restoredUrl, dir), { startWithinMs: 240_000 });
      procs.push(proc);
      await waitFor('the restored server to be ready', async () => (await fetch(`${proc.url}/readyz`)).status === 200, 60_000);
      const store = connectDb({ dialect, sqlitePath: restoredUrl.slice('sqlite:'.length), databaseUrl: restoredUrl });
      try {
        const receipts = await store.db.selectFrom('receipts').select('id').where('id', 'in', before).execute();
        expect(receipts).toHaveLength(before.length);
        const entries = await store.db.selectFrom('alert_log').select('receipt_id').where('receipt_id', 'in', before).execute();
        const perReceipt = new Map<string, number>();
        for (const e of entries) perReceipt.set(e.receipt_id!, (perReceipt.get(e.receipt_id!) ?? 0) + 1);
        for (const id of before) expect(perReceipt.get(id), `timeline entry of ${id}`).toBe(1);
        // Each signal is its own alert: as many alerts as receipts kept, none twice.
        const kept = await store.db.selectFrom('receipts').select('id').where('org_id', '=', tenant.org_id).execute();
        const alerts = await store.db.selectFrom('alerts').select(['event_key', 'duplicate_count']).where('service_id', '=', svc.id).execute();
        expect(alerts.length).toBe(kept.length);
        for (const a of alerts) expect(a.duplicate_count).toBe(0);
      } finally {
        await store.close();
      }
      // Read back through the API: the restored server answers as the old one did.
      const listed = (await apiJson(proc.url, tenant, 'GET', `/api/alerts?service_id=${svc.id}&limit=1`)) as unknown[];
      expect(listed).toHaveLength(1);
      // The restored server takes new signals.
      const fresh = await sendSignal(proc.url, svc.ingestPath, { title: 'After restore', event_key: 'after-restore' });
      expect(fresh.status).toBe(202);
    });
  });
}

