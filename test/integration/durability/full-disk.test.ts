import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, rmdirSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDb } from '../../../src/db/connect.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { type KlaxonProc, cleanup, bootstrapOrg, createServiceHttp, freshDatabase, klaxonEnv, sendSignal, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';

/**
 * Issue 19 item 9: with the database and the spool on a full volume, 23,010 of 23,018 signals got
 * 503 while /readyz answered 200. Readiness now reflects whether a signal sent now would be kept:
 * the spool is probed with a real write (and a nearly full disk counts as full), and SQLite's
 * database on the same disk counts as full with it (docs/adr/0511).
 *
 * The volume is a small tmpfs the test mounts (CI runs as root); where mounting is refused the
 * suite is skipped, saying so.
 */
function canMount(): boolean {
  const probe = mkdtempSync(join(tmpdir(), 'klaxon-mount-probe-'));
  try {
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]).status !== 0) return false;
    spawnSync('umount', [probe]);
    return true;
  } finally {
    rmdirSync(probe);
  }
}
const MOUNTS = canMount();
const title = MOUNTS ? '/readyz on a full disk' : '/readyz on a full disk (SKIPPED: cannot mount a tmpfs here; run as root)';

/** Fills the volume's free space; returns a function that frees it again. */
function fill(dir: string): () => void {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
  return () => rmSync(path);
}

for (const dialect of DIALECTS) {
  describe.skipIf(!MOUNTS)(`${dialect}: ${title}`, () => {
    const dir = tempDir('klaxon-full-disk-');
    const vol = join(dir, 'vol');
    let mounted = false;
    let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
    let proc: KlaxonProc | undefined;
    afterAll(async () => {
      await proc?.kill('SIGKILL');
      await database?.drop();
      if (mounted) spawnSync('umount', ['-l', vol]);
      cleanup(dir);
    });

    it('a full disk under the spool (and SQLite) is not ready when nothing could keep a signal, and ready again once space is freed', { timeout: 120_000 }, async () => {
      mkdirSync(vol);
      expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=32m,mode=0700', 'tmpfs', vol]).status).toBe(0);
      mounted = true;
      database = await freshDatabase(dialect, vol);
      const env = klaxonEnv(database.url, vol);
      const tenant = await bootstrapOrg(env);
      proc = await startKlaxon(env);
      const url = proc.url;
      const svc = await createServiceHttp(url, tenant, 'disk');
      const receipts: string[] = [];
      const first = await sendSignal(url, svc.ingestPath, { title: 'Before', event_key: 'before' });
      expect(first.status).toBe(202);
      receipts.push(first.receiptId!);
      const ready = async () => {
        const res = await fetch(`${url}/readyz`);
        return { status: res.status, body: (await res.json()) as Record<string, any> };
      };
      expect(await ready()).toMatchObject({ status: 200, body: { ingest: 'store', cannot: [] } });

      const free = fill(vol);
      if (dialect === 'sqlite') {
        // Database and spool share the full disk: nothing could keep a signal.
        await waitFor('/readyz to say the disk is full', async () => (await ready()).status === 503, 15_000, 100);
        const r = await ready();
        expect(r.body.error.code).toBe('service_unavailable');
        expect(r.body.error.message).toMatch(/^A signal sent now would not be kept: /);
        expect(r.body.error.message).toMatch(/the local spool cannot be written: ENOSPC/);
        expect(r.body.error.message).toMatch(/the database cannot be written: ENOSPC/);
      } else {
        // The database is elsewhere and takes signals: ready, and it says what it cannot do.
        await waitFor('/readyz to notice the full spool disk', async () => (await ready()).body.cannot?.length > 0, 15_000, 100);
        const r = await ready();
        expect(r).toMatchObject({ status: 200, body: { ingest: 'store', cannot: [expect.stringMatching(/local spool cannot be written: ENOSPC/)] } });
      }
      // What senders get meanwhile agrees: kept (202) or asked to retry (503 + Retry-After), never a 500.
      for (let i = 0; i < 5; i++) {
        const r = await sendSignal(url, svc.ingestPath, { title: `Full ${i}`, event_key: `full-${i}` });
        if (dialect === 'postgres') expect(r.status, JSON.stringify(r.body)).toBe(202);
        else expect([202, 503], JSON.stringify(r.body)).toContain(r.status);
        if (r.status === 202) receipts.push(r.receiptId!);
        else expect(r.retryAfter).toBeTruthy();
      }

      free();
      await waitFor('/readyz to recover', async () => {
        const r = await ready();
        return r.status === 200 && r.body.ingest === 'store' && r.body.cannot.length === 0;
      }, 30_000, 100);
      const after = await sendSignal(url, svc.ingestPath, { title: 'After', event_key: 'after' });
      expect(after.status).toBe(202);
      receipts.push(after.receiptId!);

      const store = connectDb({ dialect, sqlitePath: database.url.replace(/^sqlite:/, ''), databaseUrl: database.url });
      try {
        await waitFor('every kept signal applied', async () => (await store.db.selectFrom('alert_log').select('receipt_id').where('receipt_id', 'in', receipts).execute()).length === receipts.length, 30_000, 200);
      } finally {
        await store.close();
      }
      expect(proc.output.join('')).not.toMatch(/"level":60/); // nothing fatal
    });
  });
}
