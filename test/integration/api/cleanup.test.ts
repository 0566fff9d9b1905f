import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '../../../src/db/database.ts';
import { HANDLED_EVENT_KEEP_MS, outboxPruneJob } from '../../../src/jobs/outbox-prune.job.ts';
import { RECEIPT_KEEP_MS, receiptPruneJob } from '../../../src/jobs/receipt-prune.job.ts';
import { outboxRepository, type NewOutboxEventRow } from '../../../src/modules/outbox/index.ts';
import { receiptRepository } from '../../../src/modules/ingest/index.ts';
import { escalationPruneJob, RESOLVED_ESCALATION_KEEP_MS } from '../../../src/jobs/escalation-prune.job.ts';
import { notificationRepository } from '../../../src/modules/paging/index.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../helpers/app.ts';

// Handled outbox events are kept an hour and receipts a week, then pruned in small statements, oldest
// first, so pruning never holds the SQLite thread (and with it ingest) for long. The outbox is read
// in id order and pruning stops at the first event newer than the cut: no index on processed_at.

const NOW = new Date('2026-03-20T12:00:00.000Z');
const CUT = new Date(NOW.getTime() - RECEIPT_KEEP_MS).toISOString();
const at = (minutesFromCut: number) => new Date(Date.parse(CUT) + minutesFromCut * 60_000).toISOString();

function event(createdMin: number, processedMin: number | null): NewOutboxEventRow {
  return {
    org_id: 'org_1',
    type: 'alert.triggered',
    alert_id: null,
    payload: JSON.stringify({ created: createdMin, processed: processedMin }),
    created_at: at(createdMin),
    available_at: at(createdMin),
    processed_at: processedMin === null ? null : at(processedMin),
  };
}

/** The database, recording how many rows each statement read or changed. */
function measured(db: Kysely<Database>): { db: Kysely<Database>; sizes: number[] } {
  const sizes: number[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async ({ result }) => {
      sizes.push(Math.max(result.rows.length, Number(result.numAffectedRows ?? 0)));
      return result;
    },
  };
  return { db: db.withPlugin(plugin), sizes };
}

describe.each(DIALECTS)('cleanup (%s)', (dialect) => {
  let ts: TestStore;
  beforeEach(async () => {
    ts = await createTestStore(dialect);
  });
  afterEach(async () => {
    await ts.drop();
  });

  const remainingEvents = async () =>
    (await ts.store.db.selectFrom('outbox_events').select('payload').orderBy('id').execute()).map((r) => JSON.parse(r.payload) as { created: number; processed: number | null });

  test('prunes exactly the events handled before the cut, across many small batches, and keeps pending ones', async () => {
    const rows: NewOutboxEventRow[] = [];
    // 23 old events handled at once, with two old ones still pending among them (a failing consumer).
    for (let i = 0; i < 23; i++) rows.push(event(-100 + i, i === 5 || i === 17 ? null : -100 + i));
    // Old events handled after the cut: kept until their own week has passed.
    rows.push(event(-10, 5), event(-9, 0));
    // New events, handled or not.
    rows.push(event(0, 0), event(1, null), event(2, 3));
    await ts.store.db.insertInto('outbox_events').values(rows).execute();

    const m = measured(ts.store.db);
    expect(await outboxRepository.pruneProcessed(m.db, CUT, 4)).toBe(21);
    // No statement read or deleted more than a batch.
    expect(Math.max(...m.sizes)).toBeLessThanOrEqual(4);
    expect(await remainingEvents()).toEqual([
      { created: -95, processed: null },
      { created: -83, processed: null },
      { created: -10, processed: 5 },
      { created: -9, processed: 0 },
      { created: 0, processed: 0 },
      { created: 1, processed: null },
      { created: 2, processed: 3 },
    ]);
    // Nothing more to prune; a second run deletes nothing.
    expect(await outboxRepository.pruneProcessed(ts.store.db, CUT, 4)).toBe(0);
  });

  test('a batch that ends exactly on the table end or the cut stops cleanly', async () => {
    await ts.store.db.insertInto('outbox_events').values([event(-3, -3), event(-2, -2), event(-1, -1), event(-1, -1)]).execute();
    expect(await outboxRepository.pruneProcessed(ts.store.db, CUT, 2)).toBe(4);
    expect(await remainingEvents()).toEqual([]);
    expect(await outboxRepository.pruneProcessed(ts.store.db, CUT, 2)).toBe(0);
  });

  test('receipts older than the cut go in batches; newer ones stay', async () => {
    const receipt = (id: string, createdMin: number) => ({
      id,
      org_id: 'org_1',
      credential_id: 'cred_1',
      idempotency_key: null,
      status_code: 202,
      response: '{}',
      created_at: at(createdMin),
    });
    await ts.store.db
      .insertInto('receipts')
      .values([...Array.from({ length: 7 }, (_, i) => receipt(`rcp_old_${i}`, -50 + i)), receipt('rcp_new_0', 0), receipt('rcp_new_1', 3)])
      .execute();
    const m = measured(ts.store.db);
    expect(await receiptRepository.pruneReceipts(m.db, CUT, 3)).toBe(7);
    expect(m.sizes).toEqual([3, 3, 1]);
    const left = await ts.store.db.selectFrom('receipts').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual(['rcp_new_0', 'rcp_new_1']);
  });

  test('an event from a process whose clock ran ahead does not stop pruning of the old events after it', async () => {
    const rows = [event(-30, -30), event(60 * 24 * 3, 60 * 24 * 3), ...Array.from({ length: 9 }, (_, i) => event(-20 + i, -20 + i)), event(5, 5)];
    await ts.store.db.insertInto('outbox_events').values(rows).execute();
    expect(await outboxRepository.pruneProcessed(ts.store.db, CUT, 4)).toBe(10);
    expect(await remainingEvents()).toEqual([{ created: 60 * 24 * 3, processed: 60 * 24 * 3 }, { created: 5, processed: 5 }]);
  });

  test('the periodic jobs prune handled events an hour after handling and receipts a week after their time', async () => {
    // Minutes from NOW: handled 61 and 59 minutes ago, one pending since long ago, one handled a week ago.
    const fromNow = (min: number) => (Date.parse(NOW.toISOString()) - Date.parse(CUT)) / 60_000 + min;
    await ts.store.db
      .insertInto('outbox_events')
      .values([event(fromNow(-24 * 60 * 8), fromNow(-24 * 60 * 8)), event(fromNow(-300), null), event(fromNow(-70), fromNow(-61)), event(fromNow(-60), fromNow(-59))])
      .execute();
    expect(HANDLED_EVENT_KEEP_MS).toBe(60 * 60_000);
    expect(await outboxPruneJob.run({ db: ts.store.db, now: NOW })).toBe(2);
    expect(await remainingEvents()).toEqual([{ created: fromNow(-300), processed: null }, { created: fromNow(-60), processed: fromNow(-59) }]);
    const receipt = (id: string, createdMin: number) => ({ id, org_id: 'org_1', credential_id: 'cred_1', idempotency_key: null, status_code: 202, response: '{}', created_at: at(createdMin) });
    await ts.store.db.insertInto('receipts').values([receipt('rcp_old', -1), receipt('rcp_new', 1)]).execute();
    expect(await receiptPruneJob.run({ db: ts.store.db, now: NOW })).toBe(1);
    expect((await ts.store.db.selectFrom('receipts').select('id').execute()).map((r) => r.id)).toEqual(['rcp_new']);
  });

  test("a resolved alert's escalation state goes an hour after the resolve, unless a step or an event of it is still pending", async () => {
    const db = ts.store.db;
    const t = (minFromNow: number) => new Date(NOW.getTime() + minFromNow * 60_000).toISOString();
    await db.insertInto('organizations').values({ id: 'org_1', name: 'Acme', created_at: t(-600), updated_at: t(-600) } as never).execute();
    await db.insertInto('services').values({ id: 'svc_1', org_id: 'org_1', name: 'api', created_at: t(-600), updated_at: t(-600) } as never).execute();
    // [id, status, resolved minutes ago (null: not resolved), next_at set, a pending outbox event]
    const cases: Array<[string, 'open' | 'resolved', number | null, boolean, boolean]> = [
      ['alr_done_1', 'resolved', 120, false, false],
      ['alr_done_2', 'resolved', 61, false, false],
      ['alr_recent', 'resolved', 59, false, false],
      ['alr_open', 'open', null, true, false],
      ['alr_stop_pending', 'resolved', 120, true, false],
      ['alr_event_pending', 'resolved', 120, false, true],
    ];
    for (const [id, status, resolvedAgo, nextAt, pending] of cases) {
      await db.insertInto('alerts').values({
        id, org_id: 'org_1', service_id: 'svc_1', title: id, title_words: id, body: '', event_key: id, priority: 3, urgency: 'high', status,
        duplicate_count: 0, source: '', details: '{}', level: 1, integration_id: null, created_at: t(-300), updated_at: t(-1), last_signal_at: t(-300),
        acknowledged_at: null, acknowledged_by: null, resolved_at: resolvedAgo === null ? null : t(-resolvedAgo), resolved_by: null, snoozed_until: null,
      }).execute();
      await db.insertInto('alert_escalations').values({
        alert_id: id, org_id: 'org_1', schedule_id: null, schedule_chosen: 1, epoch: 0, cycle: 0, level: 1, level_started_at: t(-300), paged: 1, force_next: 0,
        exhausted: 0, next_at: nextAt ? t(5) : null, last_event_id: 7, updated_at: t(-1),
      }).execute();
      if (pending) await db.insertInto('outbox_events').values({ ...event(0, null), alert_id: id, type: 'alert.resolved' }).execute();
    }
    expect(RESOLVED_ESCALATION_KEEP_MS).toBe(60 * 60_000);
    const m = measured(db);
    expect(await notificationRepository.pruneFinishedEscalations(m.db, t(-60), 1)).toBe(2);
    expect(m.sizes).toEqual([1, 1, 0]);
    const left = async () => (await db.selectFrom('alert_escalations').select('alert_id').orderBy('alert_id').execute()).map((r) => r.alert_id);
    expect(await left()).toEqual(['alr_event_pending', 'alr_open', 'alr_recent', 'alr_stop_pending']);
    // The periodic job, an hour later: the recent one has had its hour.
    expect(await escalationPruneJob.run({ db, now: new Date(NOW.getTime() + 60 * 60_000) })).toBe(1);
    expect(await left()).toEqual(['alr_event_pending', 'alr_open', 'alr_stop_pending']);
  });
});
