import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../../src/db/connect.ts';
import { DIALECTS } from '../../helpers/app.ts';
import {
  type KlaxonProc,
  cleanup,
  bootstrapOrg,
  createServiceHttp,
  freshDatabase,
  klaxonEnv,
  sendSignal,
  startKlaxon,
  tempDir,
  waitFor,
} from '../../helpers/procs.ts';

/**
 * Crash test (issue: durable ingest): load runs against a real `klaxon serve` that is killed with
 * SIGKILL mid-run and restarted. Every receipt that got a 202 is applied exactly once.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: kill -9 mid-load loses no acknowledged signal and applies none twice`, () => {
    const dir = tempDir();
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let env: Record<string, string>;
    let proc: KlaxonProc | undefined;
    let store: Db | undefined;

    beforeAll(async () => {
      database = await freshDatabase(dialect, dir);
      env = klaxonEnv(database.url, dir);
    });
    afterAll(async () => {
      await proc?.kill('SIGKILL');
      await store?.close();
      await database?.drop();
      cleanup(dir);
    });

    it('every 202 receipt has its alert and timeline entry, once; one alert and one page per key', { timeout: 120_000 }, async () => {
      const tenant = await bootstrapOrg(env);
      proc = await startKlaxon(env);
      const port = proc.port;
      const svc = await createServiceHttp(proc.url, tenant, 'crash');
      const url = proc.url;
      const KEYS = 8;
      const acked: { receiptId: string; key: string }[] = [];
      let sent = 0;
      let stop = false;
      const worker = async () => {
        while (!stop) {
          const i = sent++;
          const key = `crash-${i % KEYS}`;
          const r = await sendSignal(url, svc.ingestPath, { title: `Crash ${key}`, event_key: key, priority: 'high' });
          if (r.status === 202) {
            expect(r.body?.receipt_id).toBe(r.receiptId);
            acked.push({ receiptId: r.receiptId!, key });
          } else if (r.status === 0) {
            await new Promise((res) => setTimeout(res, 20)); // the process is down: retry shortly
          } else if (r.status === 503) {
            // Shed under load (a shared CI machine): nothing was kept; a sender retries later.
            expect(r.body).toMatchObject({ ok: false, error: { code: 'service_unavailable' } });
            await new Promise((res) => setTimeout(res, 50));
          } else {
            throw new Error(`unexpected ${r.status} ${JSON.stringify(r.body)}`);
          }
        }
      };
      const workers = Array.from({ length: 16 }, worker);

      await waitFor('100 acknowledged signals', async () => acked.length >= 100, 60_000, 5);
      const killed = await proc.kill('SIGKILL');
      expect(killed.signal).toBe('SIGKILL');
      const ackedBeforeKill = acked.length;
      proc = await startKlaxon(env, { port });
      await waitFor('100 more acknowledged signals', async () => acked.length >= ackedBeforeKill + 100, 60_000, 5);
      stop = true;
      await Promise.all(workers);

      store = connectDb({ dialect, sqlitePath: database.url.slice('sqlite:'.length), databaseUrl: database.url });
      const db = store.db;
      // The worker handles every outbox event (page requests) before we count.
      await waitFor('the outbox to drain', async () => {
        const r = await db.selectFrom('outbox_events').select((eb) => eb.fn.countAll<number>().as('n')).where('processed_at', 'is', null).executeTakeFirst();
        return Number(r?.n) === 0;
      });

      const receiptIds = acked.map((a) => a.receiptId);
      expect(new Set(receiptIds).size).toBe(receiptIds.length);
      const receipts = await db.selectFrom('receipts').select('id').where('id', 'in', receiptIds).execute();
      expect(receipts).toHaveLength(receiptIds.length);
      const entries = await db.selectFrom('alert_log').select(['receipt_id', 'alert_id', 'kind']).where('receipt_id', 'is not', null).execute();
      const perReceipt = new Map<string, number>();
      for (const e of entries) perReceipt.set(e.receipt_id!, (perReceipt.get(e.receipt_id!) ?? 0) + 1);
      for (const id of receiptIds) expect(perReceipt.get(id), `timeline entry of ${id}`).toBe(1);
      for (const n of perReceipt.values()) expect(n).toBe(1);

      const alerts = await db.selectFrom('alerts').select(['id', 'event_key', 'duplicate_count', 'status']).where('service_id', '=', svc.id).execute();
      expect(alerts.map((a) => a.event_key).sort()).toEqual(Array.from({ length: KEYS }, (_, i) => `crash-${i}`).sort());
      const pages = await db.selectFrom('alert_log').select('alert_id').where('kind', '=', 'page_requested').execute();
      for (const a of alerts) {
        // Applied signals include ones whose sender never saw the 202 (the kill cut the reply).
        const applied = entries.filter((e) => e.alert_id === a.id).length;
        expect(a.duplicate_count + 1).toBe(applied);
        expect(applied).toBeGreaterThanOrEqual(acked.filter((x) => x.key === a.event_key).length);
        expect(pages.filter((p) => p.alert_id === a.id)).toHaveLength(1);
      }
    });
  });
}
