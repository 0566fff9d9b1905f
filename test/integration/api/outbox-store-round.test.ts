import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapTenant, buildTestApp, createService, createTestStore, type Tenant, type TestApp, type TestStore } from '../../helpers/app.ts';
import { type NewOutboxEventRow, outboxRepository } from '../../../src/modules/outbox/index.ts';
import { ALERT_EVENT_TYPES, logEntries } from '../../../src/modules/alert/index.ts';
import { pagingIntakeHandler as pageRequestHandler } from '../../../src/modules/paging/intake.job.ts';
import { createSqliteStoreRound } from '../../../src/jobs/outbox-round.sqlite.ts';
import { createOutboxRunner } from '../../../src/jobs/runner.ts';
import type { EventHandler } from '../../../src/jobs/handler.ts';

// On SQLite the outbox round of handlers that have a form on the SQLite thread runs there, in one
// transaction (docs/adr/0125-outbox-round-on-the-sqlite-thread.md). It must write exactly what
// the round on the main thread writes, and leave to that round whatever it cannot do.

describe('outbox round on the SQLite thread: which event types it takes', () => {
  const thread = { call: async () => 0 as never };
  const local = (name: string, types: string[]): EventHandler => ({ name, local: true, handles: (t) => types.includes(t), handle: async () => {} });

  it('takes the types whose handlers are all local and all have a form on the thread', () => {
    const round = createSqliteStoreRound(thread, [pageRequestHandler], ALERT_EVENT_TYPES);
    expect(round?.types).toEqual(['alert.triggered', 'alert.priority_raised', 'alert.acknowledged', 'alert.escalated', 'alert.snoozed', 'alert.woken', 'alert.resolved']);
    expect(round?.handlers).toEqual(['paging-intake']);
  });

  it('leaves a type to the main thread when another handler of it has no form there, or is not local', () => {
    const withExtra = createSqliteStoreRound(thread, [pageRequestHandler, local('watcher', ['alert.triggered'])], ALERT_EVENT_TYPES);
    expect(withExtra?.types).toEqual(['alert.priority_raised', 'alert.acknowledged', 'alert.escalated', 'alert.snoozed', 'alert.woken', 'alert.resolved']);
    const remote: EventHandler = { name: 'webhook', handles: (t) => t.startsWith('alert.'), handle: async () => {} };
    expect(createSqliteStoreRound(thread, [pageRequestHandler, remote], ALERT_EVENT_TYPES)).toBeUndefined();
    expect(createSqliteStoreRound(thread, [], ALERT_EVENT_TYPES)).toBeUndefined();
  });
});

describe("sqlite: the main thread's round beside the thread's", () => {
  let ts: TestStore;
  beforeAll(async () => {
    ts = await createTestStore('sqlite');
  });
  afterAll(async () => ts?.drop());

  const T = '2026-03-01T10:00:00.000Z';
  const event = (type: string, n: number): NewOutboxEventRow => ({
    org_id: 'org_1', type, alert_id: null, payload: JSON.stringify({ n }), created_at: T, available_at: T, processed_at: null,
  });

  it("reads no further than a batch of due events: a backlog of the thread's types is not walked each round", async () => {
    const db = ts.store.db;
    // A backlog of the thread round's types, and an event of another type behind it.
    await db.insertInto('outbox_events').values([...Array.from({ length: 30 }, (_, i) => event('alert.triggered', i)), event('invitation.created', 30)]).execute();
    const due = () => outboxRepository.selectDue(db, 'sqlite', { now: T, limit: 10, exceptTypes: ['alert.triggered', 'alert.priority_raised'] });
    // The first 10 due events are all the thread's: this round takes nothing, and read 10 rows, not 31.
    expect(await due()).toEqual([]);
    // Once the thread has handled the events due before it, the other event is the main thread's.
    await db.updateTable('outbox_events').set({ processed_at: T }).where('type', '=', 'alert.triggered').execute();
    expect((await due()).map((e) => e.type)).toEqual(['invitation.created']);
  });
});

describe('sqlite: the outbox round on the SQLite thread', () => {
  let t: TestApp;
  let tenant: Tenant;
  let svc: Awaited<ReturnType<typeof createService>>;

  beforeAll(async () => {
    t = await buildTestApp({ dialect: 'sqlite' });
    tenant = await bootstrapTenant(t);
    svc = await createService(t, tenant, 'store-round');
  });
  afterAll(async () => t?.close());

  const pages = (alertId: string) =>
    logEntries(t.container.db).select(['message', 'event_id', 'actor_type', 'meta']).where('alert_id', '=', alertId).where('kind', '=', 'page_requested').execute();
  /** One round run by the SQLite thread itself: how many events it took (throws if it failed). */
  const threadRound = () =>
    createSqliteStoreRound(t.container.store.sqliteThread!, [pageRequestHandler], ALERT_EVENT_TYPES)!.run({
      now: t.clock.now().toISOString(),
      limit: 200,
      types: ['alert.triggered', 'alert.priority_raised'],
      handlers: ['paging-intake'],
    });
  /** The store round of the SQLite thread, as the container makes it. */
  const storeRoundOf = () => createSqliteStoreRound(t.container.store.sqliteThread!, [pageRequestHandler], ALERT_EVENT_TYPES)!;
  /** A runner as the container's on SQLite, with the store round given. */
  const runnerWith = (storeRound: ReturnType<typeof storeRoundOf>, onError?: (err: unknown) => void) =>
    createOutboxRunner({ db: t.container.db, dialect: 'sqlite', clock: t.clock, handlers: [pageRequestHandler], transactionalRounds: false, storeRound, ...(onError ? { onError } : {}) });
  const trigger = async (key: string, priority?: string) =>
    (await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: key, event_key: key, ...(priority ? { priority } : {}) } })).json().alert_id as string;

  it('writes one page entry per triggered or raised alert, as the main thread would, and marks the events processed', async () => {
    await t.container.runner.drain();
    const id = await trigger('thread-a');
    await trigger('thread-a', 'critical');
    expect(await outboxRepository.countBacklog(t.container.db)).toBe(2);
    // The thread's round alone (no main-thread round after it to cover for a failure).
    expect(await threadRound()).toBe(2);
    expect(await outboxRepository.countBacklog(t.container.db)).toBe(0);
    const events = await t.container.db.selectFrom('outbox_events').select(['id', 'type']).where('alert_id', '=', id).where('type', 'in', ['alert.triggered', 'alert.priority_raised']).orderBy('id').execute();
    expect(await pages(id)).toEqual([
      { message: 'page requested: urgency high', event_id: events[0]!.id, actor_type: 'system', meta: JSON.stringify({ urgency: 'high', event_type: 'alert.triggered' }) },
      { message: 'page requested: urgency high', event_id: events[1]!.id, actor_type: 'system', meta: JSON.stringify({ urgency: 'high', event_type: 'alert.priority_raised' }) },
    ]);
  });

  it('an event handled again (its processed mark lost) does not page twice', async () => {
    const id = await trigger('thread-b');
    await t.container.runner.drain();
    await t.container.db.updateTable('outbox_events').set({ processed_at: null }).where('alert_id', '=', id).where('type', '=', 'alert.triggered').execute();
    expect(await threadRound()).toBe(1); // taken and marked again, without an error
    expect(await pages(id)).toHaveLength(1);
    expect(await outboxRepository.countBacklog(t.container.db)).toBe(0);
  });

  it("events of the thread round's types that commit after it wait for its next round, not the main thread's", async () => {
    await t.container.runner.drain();
    const real = storeRoundOf();
    let late: string | undefined;
    const storeRuns: number[] = [];
    const runner = runnerWith({
      ...real,
      // The thread's round, then an ingest commit before the main thread's round runs.
      run: async (round) => {
        const taken = await real.run(round);
        storeRuns.push(taken);
        late ??= await trigger('thread-late');
        return taken;
      },
    });
    await trigger('thread-first');
    expect(await runner.tick()).toBe(1);
    expect(await outboxRepository.countBacklog(t.container.db)).toBe(1);
    expect(await pages(late!)).toHaveLength(0);
    expect(await runner.tick()).toBe(1);
    expect(storeRuns).toEqual([1, 1]);
    expect(await pages(late!)).toHaveLength(1);
    expect(await outboxRepository.countBacklog(t.container.db)).toBe(0);
  });

  it("an event leased by a holder that died is taken over by the thread's round once the lease expires, not before", async () => {
    await t.container.runner.drain();
    const id = await trigger('thread-lease');
    // A round that failed on the thread is redone under leases; its process died before handling.
    const now = t.clock.now();
    const claimed = await outboxRepository.claimBatch(t.container.db, 'sqlite', {
      owner: 'wrk_dead', now: now.toISOString(), leaseUntil: new Date(now.getTime() + 30_000).toISOString(), limit: 500,
    });
    expect(claimed.map((e) => e.alert_id)).toEqual([id]);
    const real = storeRoundOf();
    const storeRuns: number[] = [];
    // The main thread's round leaves the thread round's types alone: only the thread can take it over.
    const runner = runnerWith({ ...real, run: async (round) => { const n = await real.run(round); storeRuns.push(n); return n; } });
    t.clock.advance(29_999);
    expect(await runner.tick()).toBe(0); // the lease still holds
    expect(await pages(id)).toHaveLength(0);
    t.clock.advance(2);
    expect(await runner.tick()).toBe(1);
    expect(storeRuns).toEqual([0, 1]);
    expect(await pages(id)).toHaveLength(1);
    expect(await outboxRepository.countBacklog(t.container.db)).toBe(0);
  });

  it('a round the thread cannot finish (an alert gone) is rolled back whole and done by the main thread, event by event', async () => {
    const gone = await trigger('thread-gone');
    const kept = await trigger('thread-kept');
    // The alert is deleted (its timeline goes with it) while its event still waits: the page
    // insert then fails on the foreign key.
    await t.container.db.deleteFrom('alerts').where('id', '=', gone).execute();
    const errors: unknown[] = [];
    const runner = runnerWith(storeRoundOf(), (err) => void errors.push(err));
    await runner.drain();
    expect(String(errors[0])).toMatch(/FOREIGN KEY/); // the thread's round, rolled back
    expect(await outboxRepository.countBacklog(t.container.db)).toBe(0);
    expect(await pages(kept)).toHaveLength(1);
    expect(await pages(gone)).toHaveLength(0);
  });
});

describe('sqlite: outbox failures reach the process log', () => {
  it("a handler's failure is reported with the event it failed on, and the event is retried", async () => {
    const reported: string[] = [];
    let failures = 0;
    const failing: EventHandler = {
      name: 'fails-once',
      local: true,
      handles: (type) => type === 'alert.triggered',
      handle: async () => {
        if (failures++ < 2) throw new Error('handler down'); // in the round, then alone
      },
    };
    const t = await buildTestApp({ dialect: 'sqlite', container: { extraHandlers: [failing], onBackgroundError: (_err: unknown, msg: string) => void reported.push(msg) } });
    try {
      const tenant = await bootstrapTenant(t);
      const svc = await createService(t, tenant, 'failing');
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'fails', event_key: 'fails' } });
      await t.container.runner.drain();
      expect(reported).toContain('outbox round failed; its events are retried one by one');
      expect(reported.some((m) => /^outbox event \d+ \(alert\.triggered\) failed; it will be retried$/.test(m))).toBe(true);
      t.clock.advance(3_600_000);
      await t.container.runner.drain();
      expect(await outboxRepository.countBacklog(t.container.db)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
