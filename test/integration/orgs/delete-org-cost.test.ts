import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { CompiledQuery, Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '../../../src/db/database.ts';
import { deleteOrg, purgeOrgRows } from '../../../src/modules/org/org.repository.ts';
import type { NewOutboxEventRow } from '../../../src/modules/outbox/index.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../helpers/app.ts';
import { pgNodes, pgPlan, sqlitePlan } from '../../helpers/plans.ts';

// Deleting an organization must not read the outbox or the receipts whole: they hold a week of every
// organization's signals, and on SQLite a statement holds the one thread (and with it ingest) while it
// runs. The transaction deletes only the pending events (through outbox_events_pending) and the
// organization; the rest of its events and its receipts go after commit, a batch a statement
// (docs/adr/0322-org-deletion-and-audit-log.md).

const T = '2026-03-01T10:00:00.000Z';

function event(orgId: string, n: number, processed: boolean): NewOutboxEventRow {
  return { org_id: orgId, type: 'alert.triggered', alert_id: null, payload: JSON.stringify({ n }), created_at: T, available_at: T, processed_at: processed ? T : null };
}
const receipt = (orgId: string, n: number) => ({
  id: `rcp_${String(n).padStart(3, '0')}`, org_id: orgId, credential_id: `crd_${orgId}`, idempotency_key: null, status_code: 202, response: '{}', created_at: T,
});

/** The database, recording each statement compiled, and how many rows each read or changed. */
function recorded(db: Kysely<Database>) {
  const queries: CompiledQuery[] = [];
  const sizes: number[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async ({ result }) => {
      sizes.push(Math.max(result.rows.length, Number(result.numAffectedRows ?? 0)));
      return result;
    },
  };
  return { db: db.withPlugin(plugin), queries, sizes };
}

describe.each(DIALECTS)('deleting an organization (%s)', (dialect) => {
  let ts: TestStore;
  beforeEach(async () => {
    ts = await createTestStore(dialect);
    const now = T;
    await ts.store.db.insertInto('organizations').values(['org_gone', 'org_kept'].map((id) => ({ id, name: id, time_zone: 'UTC', ingest_rate_per_minute: 1200, created_at: now, updated_at: now }))).execute();
  });
  afterEach(async () => {
    await ts.drop();
  });

  test('the transaction reads no table whole: pending events by outbox_events_pending, children by their indexes', async () => {
    const queries: CompiledQuery[] = [];
    await ts.store.db.transaction().execute(async (trx) => {
      const r = recorded(trx);
      await deleteOrg(r.db, 'org_gone');
      queries.push(...r.queries);
    });
    const problems: string[] = [];
    for (const q of queries) {
      if (dialect === 'sqlite') {
        for (const s of await sqlitePlan(ts.store.db, q)) {
          if (!s.detail.startsWith('SEARCH ') && s.detail !== 'SCAN outbox_events USING INDEX outbox_events_pending') problems.push(`${q.sql}: ${s.detail}`);
        }
      } else {
        for (const n of pgNodes(await pgPlan(ts.store.db, q))) {
          if (n['Node Type'] === 'Seq Scan') problems.push(`${q.sql}: Seq Scan on ${n['Relation Name']}`);
          if (n['Relation Name'] === 'outbox_events' && n['Node Type'].endsWith('Scan') && n['Index Name'] !== 'outbox_events_pending') problems.push(`${q.sql}: ${n['Node Type']} ${n['Index Name'] ?? ''}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(queries.map((q) => q.sql.split(' where ')[0])).toEqual(['delete from "outbox_events"', 'delete from "organizations"']);
  });

  test('after commit its other events and its receipts go, a batch a statement; the neighbour keeps everything', async () => {
    const db = ts.store.db;
    const events: NewOutboxEventRow[] = [];
    for (let i = 0; i < 30; i++) events.push(event(i % 3 === 0 ? 'org_gone' : 'org_kept', i, i % 5 !== 0));
    await db.insertInto('outbox_events').values(events).execute();
    await db.insertInto('receipts').values(Array.from({ length: 25 }, (_, i) => receipt(i % 2 ? 'org_gone' : 'org_kept', i))).execute();

    await db.transaction().execute((trx) => deleteOrg(trx, 'org_gone'));
    // The pending ones went with the organization.
    const left = await db.selectFrom('outbox_events').select(['org_id', 'processed_at']).where('org_id', '=', 'org_gone').execute();
    expect(left.length).toBe(8);
    expect(left.every((e) => e.processed_at !== null)).toBe(true);

    const r = recorded(db);
    expect(await purgeOrgRows(r.db, 'org_gone', { batch: 4 })).toBe(8 + 12);
    expect(Math.max(...r.sizes)).toBeLessThanOrEqual(4);
    const count = async (table: 'outbox_events' | 'receipts', orgId: string) =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);
    expect([await count('outbox_events', 'org_gone'), await count('receipts', 'org_gone')]).toEqual([0, 0]);
    expect([await count('outbox_events', 'org_kept'), await count('receipts', 'org_kept')]).toEqual([20, 13]);
    expect(await purgeOrgRows(db, 'org_gone', { batch: 4 })).toBe(0);
  });
});
