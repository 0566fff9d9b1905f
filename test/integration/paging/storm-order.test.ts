import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createService } from '../../helpers/app.ts';
import { createHarness, type Harness } from '../../helpers/paging.ts';

/**
 * Pages on time through a storm (issue 41 item 5, docs/adr/0761): a critical alert raised after a
 * backlog of low-urgency pages to the same person by email is dispatched in the first round, before
 * the backlog, and the backlog goes as a few bundled messages, not one mail per alert. Manual
 * clock; the engine is driven round by round.
 */
const BACKLOG = 520; // more than one dispatch round claims (500)

for (const dialect of DIALECTS) {
  describe(`${dialect}: a critical page through a storm`, () => {
    let h: Harness;
    let storm: Awaited<ReturnType<typeof createService>>;
    beforeAll(async () => {
      h = await createHarness(dialect, { people: ['ada'] });
      storm = await createService(h.t, h.tenant, 'batch-jobs');
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 30, onCall: ['ada'] }], allSteps: [{ channel: 'email', delay_seconds: 0 }] });
      h.schedules.bind(h.service.id, 'sch_main');
      h.schedules.bind(storm.id, 'sch_main');
    }, 120_000);
    afterAll(async () => {
      await h?.close();
    });

    it('the critical page is sent in the first dispatch round, before an older backlog of low-urgency pages, which goes bundled', async () => {
      const { t } = h;
      for (let i = 0; i < BACKLOG; i++) {
        const res = await t.app.inject({ method: 'POST', url: storm.ingestPath, payload: { title: `batch job ${i} slow`, priority: 'low', urgency: 'low', event_key: `job-${i}` } });
        expect(res.statusCode).toBe(202);
      }
      t.clock.advance(1_000);
      const res = await t.app.inject({ method: 'POST', url: h.service.ingestPath, payload: { title: 'Payments down', priority: 'critical' } });
      expect(res.statusCode).toBe(202);
      await t.container.runner.drain();

      // One pass of the engine: escalations (high urgency first), then one dispatch round.
      await t.container.engine.tick();
      const first = h.inbox().splice(0);
      // Sent side by side with the first bundle of the backlog (their order at the relay is not fixed).
      expect(first.map((m) => m.title)).toContain('Payments down');

      // The rest of the storm: every low-urgency alert is paged, in a few messages.
      await h.settle();
      const rest = h.inbox().splice(0);
      const lows = [...first, ...rest].filter((m) => m.title !== 'Payments down');
      expect(lows.length).toBeGreaterThan(0);
      // Escalations are worked 100 a run and each dispatch round bundles what it claimed: a few mails.
      expect(lows.length).toBeLessThanOrEqual(BACKLOG / 20);
      const sent = await t.container.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'sent').where('urgency', '=', 'low').executeTakeFirstOrThrow();
      expect(Number(sent.n)).toBe(BACKLOG);
      const mail = h.smtp.mails.find((m) => m.subject.startsWith('batch job'))!;
      expect(mail.text).toMatch(/\d+ open alerts are waiting for you\./);
    }, 300_000);

    it('the high-urgency lane sends a critical page without claiming the low-urgency backlog; the low lane bundles the backlog and sends no critical page', async () => {
      const { t } = h;
      const lane = (name: string) => t.container.background.loop(name)!;
      t.clock.advance(60_000);
      for (let i = 0; i < 30; i++) {
        const res = await t.app.inject({ method: 'POST', url: storm.ingestPath, payload: { title: `lane job ${i} slow`, priority: 'low', urgency: 'low', event_key: `lane-${i}` } });
        expect(res.statusCode).toBe(202);
      }
      const res = await t.app.inject({ method: 'POST', url: h.service.ingestPath, payload: { title: 'Checkout down', priority: 'critical', event_key: 'checkout' } });
      expect(res.statusCode).toBe(202);
      await t.container.runner.drain();
      await lane('paging-engine').runOnce();
      const pending = () => t.container.db.selectFrom('notifications').select(['urgency', 'status']).where('status', 'in', ['pending', 'claimed']).execute();
      expect((await pending()).filter((r) => r.urgency === 'low')).toHaveLength(30);

      expect(await lane('paging-dispatch-urgent').runOnce()).toBe(1);
      expect(h.inbox().splice(0).map((m) => m.title)).toEqual(['Checkout down']);
      // Not claimed by the high lane: still pending, for the low lane's round.
      expect((await pending()).map((r) => `${r.urgency} ${r.status}`)).toEqual(Array(30).fill('low pending'));

      expect(await lane('paging-dispatch').runOnce()).toBe(30);
      const lows = h.inbox().splice(0);
      expect(lows.map((m) => m.title)).not.toContain('Checkout down');
      expect(lows).toHaveLength(1);
      expect(await pending()).toEqual([]);
    }, 300_000);
  });
}
