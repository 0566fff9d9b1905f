import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb } from '../../../src/db/connect.ts';
import { type KlaxonProc, cleanup, cliBootstrap, createServiceHttp, freePort, klaxonEnv, sendSignal, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';

/**
 * Outage test (issue: buffered edge): the test runs its own PostgreSQL (initdb/pg_ctl on its own
 * folder and port, as the postgres user; the machine's shared server is untouched), stops it
 * during load and starts it again. Signals during the outage answer 202 buffered: true; after
 * recovery every one is applied exactly once, in order per event key — also when Klaxon is
 * killed with SIGKILL while its spool holds the outage's signals.
 */
const PG_BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the postgres user (PostgreSQL refuses to run as root). */
const asPostgres = (prog: string, args: string[]) =>
  isRoot ? run('runuser', ['-u', 'postgres', '--', join(PG_BIN, prog), ...args]) : run(join(PG_BIN, prog), args);

// Runs wherever the PostgreSQL tests run (CI installs postgresql-15 with KLAXON_TEST_PG_URL).
for (const dialect of ['postgres'] as const) {
  describe(`${dialect}: the store goes away during load and comes back`, () => {
    const dir = tempDir('klaxon-outage-');
    const pgDir = join(dir, 'pg');
    const pgData = join(pgDir, 'data');
    let pgPort = 0;
    let pgStarted = false;
    let proc: KlaxonProc | undefined;

    const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', pgData, ...args]);
    const startPg = async () => {
      await pgCtl('-w', '-t', '60', '-l', join(pgDir, 'log'), '-o', `-p ${pgPort} -k ${pgDir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');
      pgStarted = true;
    };
    const stopPg = async () => {
      await pgCtl('-w', '-t', '60', '-m', 'fast', 'stop');
      pgStarted = false;
    };

    beforeAll(async () => {
      if (!existsSync(join(PG_BIN, 'initdb'))) throw new Error(`${PG_BIN}/initdb is missing: install postgresql-15 (see .ci/run)`);
      mkdirSync(pgDir);
      chmodSync(dir, 0o755);
      if (isRoot) {
        const { stdout } = await run('id', ['-u', 'postgres']);
        const { stdout: gid } = await run('id', ['-g', 'postgres']);
        chownSync(pgDir, Number(stdout.trim()), Number(gid.trim()));
      }
      await asPostgres('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
      pgPort = await freePort();
      await startPg();
      const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/postgres` });
      await admin.connect();
      await admin.query('create database klaxon');
      await admin.end();
    }, 120_000);
    afterAll(async () => {
      await proc?.kill('SIGKILL');
      if (pgStarted) await stopPg().catch(() => undefined);
      cleanup(dir);
    });

    it('answers 202 buffered during the outage and applies everything once, in order, after it', { timeout: 180_000 }, async () => {
      const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/klaxon`;
      const env = klaxonEnv(databaseUrl, join(dir, 'klaxon'));
      const tenant = await cliBootstrap(env);
      proc = await startKlaxon(env);
      const svc = await createServiceHttp(proc.url, tenant, 'outage');
      const url = proc.url; // the restarted process listens on the same port

      type Phase = 'before' | 'outage' | 'after';
      let phase: Phase = 'before';
      let klaxonDown = false;
      const acked: { receiptId: string; key: string; seq: number; phase: Phase; buffered: boolean; action: string }[] = [];
      let stop = false;
      const KEYS = 5;
      // One sequential sender per event key: the order it sends in is the order that must apply.
      // It alternates trigger and resolve, so any reordering changes the alerts that result.
      const sender = async (k: number) => {
        for (let seq = 0; !stop; seq++) {
          const action = seq % 2 === 0 ? 'trigger' : 'resolve';
          const payload = { action, event_key: `key-${k}`, ...(action === 'trigger' ? { title: `key-${k} #${seq}` } : {}) };
          for (;;) {
            const sentIn = phase;
            // The Idempotency-Key makes a retry after a lost answer (the process was killed) safe.
            const r = await sendSignal(url, svc.ingestPath, payload, { 'idempotency-key': `key-${k}-${seq}` });
            if (r.status === 202) {
              expect(r.body?.receipt_id).toBe(r.receiptId);
              const buffered = r.body?.buffered === true;
              if (buffered) expect(r.body).toEqual({ ok: true, receipt_id: r.receiptId, buffered: true });
              acked.push({ receiptId: r.receiptId!, key: `key-${k}`, seq, phase: sentIn, buffered, action });
              // Paced under the credential's rate limit (1200 a minute).
              await new Promise((res) => setTimeout(res, 300));
              break;
            }
            // Never accepted-and-lost: anything else is 503 (or 429) with Retry-After, which a sender
            // retries, or no answer while Klaxon itself is down (status 0).
            expect([0, 429, 503], JSON.stringify(r.body)).toContain(r.status);
            if (r.status === 0) expect(klaxonDown, 'connection refused only while Klaxon is down').toBe(true);
            await new Promise((res) => setTimeout(res, 200));
          }
        }
      };
      const senders = Array.from({ length: KEYS }, (_, k) => sender(k));
      const count = (p: Phase) => acked.filter((a) => a.phase === p).length;

      await waitFor('signals before the outage', async () => count('before') >= 20, 60_000, 10);
      await stopPg();
      phase = 'outage';
      await waitFor('signals during the outage', async () => acked.filter((a) => a.phase === 'outage' && a.buffered).length >= 25, 60_000, 10);
      // Kill -9 Klaxon while its spool holds the outage's signals, bring the store back, restart
      // Klaxon on the same data folder: the spool from the dead process is replayed first.
      klaxonDown = true;
      phase = 'after';
      expect((await proc.kill('SIGKILL')).signal).toBe('SIGKILL');
      await startPg();
      proc = await startKlaxon(env, { port: proc.port });
      klaxonDown = false;
      const restarted = proc;
      await waitFor('the restart to report the spooled signals', async () => /spooled signals from an earlier run will be replayed/.test(restarted.output.join('')), 10_000, 50);
      await waitFor('direct commits after recovery', async () => acked.filter((a) => a.phase === 'after' && !a.buffered).length >= 20, 90_000, 20);
      stop = true;
      await Promise.all(senders);

      // Sent while the store was down: buffered, every one.
      const outage = acked.filter((a) => a.phase === 'outage');
      expect(outage.length).toBeGreaterThanOrEqual(25);
      expect(outage.filter((a) => !a.buffered)).toEqual([]);

      const store = connectDb({ dialect, databaseUrl });
      try {
        const db = store.db;
        const ids = acked.map((a) => a.receiptId);
        await waitFor('the spool to drain', async () => (await db.selectFrom('receipts').select('id').where('id', 'in', ids).execute()).length === ids.length, 60_000, 200);
        const entries = await db.selectFrom('alert_log').select(['receipt_id', 'kind']).where('receipt_id', 'in', ids).execute();
        const perReceipt = new Map<string, number>();
        for (const e of entries) perReceipt.set(e.receipt_id!, (perReceipt.get(e.receipt_id!) ?? 0) + 1);
        // One entry per receipt; a retry whose first attempt was applied (its answer lost in the
        // kill) carries the first outcome and adds none. The alerts below show each applied once.
        for (const id of ids) expect(perReceipt.get(id) ?? 0, `timeline entries of ${id}`).toBeLessThanOrEqual(1);
        expect(acked.filter((a) => perReceipt.get(a.receiptId) === 1).length).toBeGreaterThanOrEqual(ids.length - KEYS);

        for (let k = 0; k < KEYS; k++) {
          const sent = acked.filter((a) => a.key === `key-${k}`).sort((a, b) => a.seq - b.seq);
          expect(sent.map((a) => a.seq)).toEqual(sent.map((_, i) => i));
          const alerts = await db.selectFrom('alerts').select(['title', 'status', 'duplicate_count', 'created_at']).where('service_id', '=', svc.id).where('event_key', '=', `key-${k}`).orderBy('created_at').execute();
          // In order, each trigger opens a fresh alert and the next resolve closes it.
          const triggers = sent.filter((a) => a.action === 'trigger');
          expect(alerts.map((a) => a.title)).toEqual(triggers.map((t) => `key-${k} #${t.seq}`));
          expect(alerts.every((a) => a.duplicate_count === 0)).toBe(true);
          const lastIsTrigger = sent[sent.length - 1]!.action === 'trigger';
          expect(alerts.map((a) => a.status)).toEqual(alerts.map((_, i) => (lastIsTrigger && i === alerts.length - 1 ? 'open' : 'resolved')));
        }
      } finally {
        await store.close();
      }
    });
  });
}
