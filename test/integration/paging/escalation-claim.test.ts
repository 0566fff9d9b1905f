import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../helpers/paging.ts';
import { claimDueEscalations, releaseEscalations } from '../../../src/modules/paging/notification.repository.ts';

/**
 * Processes plan disjoint batches of due escalations on PostgreSQL (docs/adr/0765): each run
 * claims its batch under advisory locks on a connection it holds, skipping what another holds.
 * Exactly-once does not rest on this (the compare-and-set does; the three-process tests in
 * durability/paging.test.ts); this checks that two runs at once do not plan the same rows.
 */
describe('postgres: escalation claims', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('postgres', { people: ['ada'] });
    h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 30, onCall: ['ada'] }], allSteps: [{ channel: 'email', delay_seconds: 0 }] });
    h.schedules.bind(h.service.id, 'sch_main');
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('two runs at once claim disjoint due escalations, by urgency; a run that ends releases its claims', async () => {
    const { t } = h;
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'POST', url: h.service.ingestPath, payload: { title: `disk ${i}`, priority: i < 2 ? 'critical' : 'low', urgency: i < 2 ? 'high' : 'low', event_key: `disk-${i}` } });
      expect(res.statusCode).toBe(202);
    }
    await t.container.runner.drain();
    const now = t.clock.now().toISOString();
    const db = t.container.db;
    await db.connection().execute(async (a) => {
      const first = await claimDueEscalations(a, now, 4);
      await db.connection().execute(async (b) => {
        const second = await claimDueEscalations(b, now, 4);
        expect(first).toHaveLength(4);
        expect(second).toHaveLength(2);
        expect(new Set([...first, ...second].map((r) => r.alert_id)).size).toBe(6);
        // High urgency first: the first run took both critical alerts.
        expect(first.slice(0, 2).map((r) => r.urgency)).toEqual(['high', 'high']);
        await releaseEscalations(b);
      });
      // While the first run holds its claims, another takes only what it released.
      await db.connection().execute(async (c) => {
        expect(await claimDueEscalations(c, now, 10)).toHaveLength(2);
        await releaseEscalations(c);
      });
      await releaseEscalations(a);
    });
    await db.connection().execute(async (c) => {
      expect(await claimDueEscalations(c, now, 10)).toHaveLength(6);
      await releaseEscalations(c);
    });
    // Nothing held now: the engine pages each alert once.
    await h.settle();
    h.expect(Array.from({ length: 6 }, (_, i) => `email ada: disk ${i}`));
  });
});
