import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../../src/db/connect.ts';
import {
  type KlaxonProc,
  type SendResult,
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
 * Cluster test (issue: several processes on one PostgreSQL): three `klaxon serve` processes share
 * one database. Dedupe is exact across them, and an outbox event claimed by a process that is
 * killed is taken over after its lease and handled exactly once.
 */
for (const dialect of ['postgres'] as const) {
  describe(`${dialect}: three processes on one database`, () => {
    const dirs = [tempDir(), tempDir(), tempDir()];
    let database: Awaited<ReturnType<typeof freshDatabase>>;
    let procs: KlaxonProc[] = [];
    let store: Db;
    let tenant: Awaited<ReturnType<typeof bootstrapOrg>>;
    let svc: Awaited<ReturnType<typeof createServiceHttp>>;
    const LEASE_MS = 3000;

    beforeAll(async () => {
      database = await freshDatabase(dialect, dirs[0]!);
      tenant = await bootstrapOrg(klaxonEnv(database.url, dirs[0]!));
      procs = await Promise.all(dirs.map((d) => startKlaxon(klaxonEnv(database.url, d, { KLAXON_OUTBOX_LEASE_MS: String(LEASE_MS) }))));
      svc = await createServiceHttp(procs[0]!.url, tenant, 'cluster');
      store = connectDb({ dialect, databaseUrl: database.url });
    }, 120_000);
    afterAll(async () => {
      await Promise.all(procs.map((p) => p.kill('SIGKILL')));
      await store?.close();
      await database?.drop();
      for (const d of dirs) cleanup(d);
    });

    const backlog = async () =>
      Number((await store.db.selectFrom('outbox_events').select((eb) => eb.fn.countAll<number>().as('n')).where('processed_at', 'is', null).executeTakeFirst())?.n);

    /** Sends until accepted: a 503 (shed under load) is retried, as a sender would after Retry-After. */
    async function deliver(url: string, payload: object): Promise<SendResult> {
      for (let attempt = 0; attempt < 50; attempt++) {
        const r = await sendSignal(url, svc.ingestPath, payload);
        if (r.status === 202) return r;
        if (r.status !== 503) throw new Error(`unexpected ${r.status} ${JSON.stringify(r.body)}`);
        await new Promise((res) => setTimeout(res, 100));
      }
      throw new Error('never accepted');
    }

    it('300 concurrent identical triggers across 3 processes make 1 alert, duplicate_count 299, 1 page', { timeout: 120_000 }, async () => {
      const results = await Promise.all(
        Array.from({ length: 300 }, (_, i) => deliver(procs[i % 3]!.url, { title: 'Checkout down', event_key: 'checkout-down', priority: 'critical' })),
      );
      const alertIds = new Set(results.map((r) => r.body?.alert_id));
      expect(alertIds.size).toBe(1);
      expect(results.filter((r) => r.body?.deduped === false)).toHaveLength(1);
      await waitFor('the outbox to drain', async () => (await backlog()) === 0);
      const alerts = await store.db.selectFrom('alerts').selectAll().where('service_id', '=', svc.id).execute();
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.duplicate_count).toBe(299);
      const pages = await store.db.selectFrom('alert_log').select('id').where('alert_id', '=', alerts[0]!.id).where('kind', '=', 'page_requested').execute();
      expect(pages).toHaveLength(1);
      const events = await store.db.selectFrom('outbox_events').select(['type', 'processed_at']).where('alert_id', '=', alerts[0]!.id).execute();
      expect(events.filter((e) => e.type === 'alert.triggered')).toHaveLength(1);
    });

    it('a process killed while holding claims: its events are taken over and handled once', { timeout: 120_000 }, async () => {
      const maxId = Number((await store.db.selectFrom('outbox_events').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
      // Hold the workers inside their handler: a transaction holding alert_escalations against
      // writes makes the intake's insert of each new escalation wait, lease held. (Ingest does not
      // write that table: the triggers below are applied and their events written meanwhile.)
      const blocker = new pg.Client({ connectionString: database.url });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('lock table alert_escalations in share row exclusive mode');
      let rolledBack = false;
      try {
        const N = 10;
        await Promise.all(Array.from({ length: N }, (_, i) => deliver(procs[1]!.url, { title: `Held ${i}`, event_key: `held-${i}`, priority: 'critical' })));
        const held = () =>
          store.db.selectFrom('outbox_events').select(['id']).where('id', '>', maxId).where('processed_at', 'is', null).execute();
        // A worker claims and handles a round of local events in one transaction (docs/adr/0120),
        // so a held claim is a row lock of a session waiting on the blocker. Sessions are named
        // klaxon:<pid> (application_name), which tells which process holds them.
        let holders: string[] = [];
        let seen = '';
        await waitFor('every new event to be claimed by a blocked worker', async () => {
          const rows = await held();
          // Its own short transaction (not the blocker's, which would keep these row locks).
          const free = await sql<{ id: number }>`select id from outbox_events where id > ${maxId} and processed_at is null for update skip locked`.execute(store.db);
          const waiting = await blocker.query(
            `select distinct application_name from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and application_name like 'klaxon:%'`,
          );
          holders = waiting.rows.map((r: { application_name: string }) => r.application_name);
          seen = `pending ${rows.length}/${N}, unlocked ${free.rows.length}, blocked sessions ${holders.join(',')}`;
          return rows.length === N && free.rows.length === 0 && holders.length > 0;
        }).catch((err: Error) => {
          throw new Error(`${err.message} (last seen: ${seen})`);
        });
        const victimPid = Number(holders[0]!.split(':').pop());
        const victim = procs.find((p) => p.child.pid === victimPid);
        expect(victim, `session ${holders[0]} belongs to one of the three processes`).toBeDefined();
        expect((await victim!.kill('SIGKILL')).signal).toBe('SIGKILL');

        await blocker.query('rollback');
        rolledBack = true;
        // The dead process's round rolled back with it; survivors claim and handle its events.
        await waitFor('every held event to be handled', async () => (await held()).length === 0, 60_000, 200);
        const alerts = await store.db.selectFrom('alerts').select('id').where('service_id', '=', svc.id).where('event_key', 'like', 'held-%').execute();
        expect(alerts).toHaveLength(N);
        for (const a of alerts) {
          const pages = await store.db.selectFrom('alert_log').select('id').where('alert_id', '=', a.id).where('kind', '=', 'page_requested').execute();
          expect(pages, `pages of ${a.id}`).toHaveLength(1);
        }
      } finally {
        if (!rolledBack) await blocker.query('rollback').catch(() => undefined);
        await blocker.end();
      }
    });
  });
}
