import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxRunner } from '../../../src/jobs/runner.ts';
import type { EventHandler } from '../../../src/jobs/handler.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { outboxRepository } from '../../../src/modules/outbox/index.ts';
import { DIALECTS, createTestStore, type TestStore } from '../../helpers/app.ts';

/** Outbox claims under leases: a claim whose holder died is taken over once its lease expires. */
for (const dialect of DIALECTS) {
  describe(`${dialect}: outbox leases`, () => {
    let ts: TestStore;
    const clock = new ManualClock('2026-03-01T10:00:00.000Z');
    const handled: { owner: string; id: number }[] = [];
    const handler = (owner: () => string): EventHandler => ({
      name: 'record',
      handles: (type) => type === 'test.lease',
      handle: async (e) => void handled.push({ owner: owner(), id: e.id }),
    });

    beforeAll(async () => {
      ts = await createTestStore(dialect);
    });
    afterAll(async () => ts?.drop());

    it('a claim held by a dead process is taken over after its lease; the dead holder cannot complete it', async () => {
      const db = ts.store.db;
      const now = clock.now().toISOString();
      await outboxRepository.insertEvents(db, [1, 2, 3].map((i) => ({ org_id: 'org_x', type: 'test.lease', alert_id: null, payload: JSON.stringify({ i }), created_at: now, available_at: now })));
      // The "dead" process claimed everything, then died before handling anything.
      const dead = await outboxRepository.claimBatch(db, dialect, { owner: 'wrk_dead', now, leaseUntil: new Date(clock.now().getTime() + 30_000).toISOString(), limit: 10 });
      expect(dead).toHaveLength(3);

      const b = createOutboxRunner({ db, dialect, clock, handlers: [handler(() => b.owner)], leaseMs: 30_000 });
      expect(await b.tick()).toBe(0); // the lease still holds
      clock.advance(29_999);
      expect(await b.tick()).toBe(0);
      clock.advance(2);
      expect(await b.tick()).toBe(3); // expired: taken over
      expect(handled.map((h) => h.id).sort()).toEqual(dead.map((d) => d.id).sort());
      expect(handled.every((h) => h.owner === b.owner)).toBe(true);

      // The dead holder coming back cannot mark or reschedule what it no longer owns.
      await outboxRepository.markRetry(db, dead[0]!.id, 'wrk_dead', 'late', clock.now().toISOString());
      const rows = await db.selectFrom('outbox_events').select(['processed_at', 'attempts', 'lease_owner']).where('type', '=', 'test.lease').execute();
      expect(rows.every((r) => r.processed_at !== null && r.lease_owner === null && r.attempts === 2)).toBe(true);
      clock.advance(60_000);
      expect(await b.tick()).toBe(0);
    });

    it('a holder whose lease was taken over can neither complete nor reschedule the event while the new holder has it', async () => {
      const db = ts.store.db;
      const lease = () => ({ now: clock.now().toISOString(), leaseUntil: new Date(clock.now().getTime() + 30_000).toISOString(), limit: 10 });
      await outboxRepository.insertEvents(db, [{ org_id: 'org_x', type: 'test.fence', alert_id: null, payload: '{}', created_at: clock.now().toISOString(), available_at: clock.now().toISOString() }]);
      const [slow] = await outboxRepository.claimBatch(db, dialect, { owner: 'wrk_slow', ...lease() });
      clock.advance(30_001);
      // The slow holder's lease expired while its handler ran: another process takes the event over.
      const [next] = await outboxRepository.claimBatch(db, dialect, { owner: 'wrk_next', ...lease() });
      expect(next!.id).toBe(slow!.id);
      const row = () => db.selectFrom('outbox_events').select(['processed_at', 'lease_owner', 'lease_until', 'available_at', 'last_error']).where('id', '=', slow!.id).executeTakeFirstOrThrow();
      const held = await row();
      expect(held).toMatchObject({ processed_at: null, lease_owner: 'wrk_next' });

      // The slow holder finishes late: its completion and its retry are both fenced off.
      await outboxRepository.markProcessed(db, [slow!.id], 'wrk_slow', clock.now().toISOString());
      await outboxRepository.markRetry(db, slow!.id, 'wrk_slow', 'late', new Date(clock.now().getTime() + 3_600_000).toISOString());
      expect(await row()).toEqual(held);

      await outboxRepository.markProcessed(db, [next!.id], 'wrk_next', clock.now().toISOString());
      expect(await row()).toMatchObject({ processed_at: clock.now().toISOString(), lease_owner: null });
    });

    it('names its process in the lease owner, so a lease can be traced to a pid', () => {
      const r = createOutboxRunner({ db: ts.store.db, dialect, clock, handlers: [] });
      expect(r.owner).toMatch(new RegExp(`^wrk_[0-9a-z]+@.+:${process.pid}$`));
    });
  });
}
