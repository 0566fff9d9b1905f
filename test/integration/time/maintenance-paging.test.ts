import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';

// Issue 36 item C (PRODUCT.md 11; docs/adr/0823): an alert already paging when a maintenance
// window starts sends none of the steps already planned for its level while the window is
// active (the one send decision, decidePage), and pages from level 1 when the window ends, unless
// the window has page_when_over: false. Paging scenario harness with its manual clock.

for (const dialect of DIALECTS) {
  describe(`${dialect}: an alert paging when a maintenance window starts`, () => {
    let h: Harness;
    afterEach(async () => h?.close());

    async function setUp() {
      h = await createHarness(dialect);
      h.schedules.set('sch_main', {
        levels: [{ timeoutMinutes: 30, onCall: ['ada'] }, { timeoutMinutes: 30, onCall: ['bob'] }],
        allSteps: [{ channel: 'push', delay_seconds: 0 }, { channel: 'sms', delay_seconds: 300 }],
      });
      h.schedules.bind(h.service.id, 'sch_main');
    }
    const iso = (ms: number) => new Date(ms).toISOString();
    const now = () => h.t.clock.now().getTime();
    const window = (body: Record<string, unknown>) => h.api('POST', '/api/maintenance-windows', { name: 'DB upgrade', service_ids: [h.service.id], ...body });

    it('the steps already planned are not sent in the window; level 1 is paged again when it ends', async () => {
      await setUp();
      const id = await h.trigger({ title: 'Replica lag', priority: 'high' });
      h.expect(['push ada: Replica lag']);
      await h.advance(2 * MINUTE);
      const w = await window({ start: iso(now()), end: iso(now() + 20 * MINUTE) });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      // The sms step was due 5 minutes after the push: the window holds it.
      await h.advance(19 * MINUTE);
      h.expect([]);
      const tl = await h.timeline(id);
      const messages = tl.map((e) => e.message).join('\n');
      expect(messages).toMatch(/cancelled: (the service is in )?maintenance window "DB upgrade"/);
      expect(tl.find((e) => e.kind === 'maintenance_hold')?.message).toContain('level 1 is paged when it ends');
      expect((await h.api('GET', `/api/alerts/${id}`)).body).toMatchObject({ status: 'open', level: 1, maintenance_window_id: w.body.id });
      const pages = await h.t.container.db.selectFrom('notifications').select(['channel', 'status']).where('alert_id', '=', id).where('channel', '=', 'sms').execute();
      expect(pages.map((p) => p.status)).toEqual(['cancelled']);
      // The window ends 22 minutes after the trigger: level 1 from its first step.
      await h.advance(MINUTE);
      h.expect(['push ada: Replica lag']);
      await h.advance(5 * MINUTE);
      h.expect(['sms ada: Replica lag']);
      // Level 1's 30 minutes count from the end of the window, not from the trigger.
      await h.advance(20 * MINUTE);
      h.expect([]);
      await h.advance(5 * MINUTE);
      h.expect(['push bob: Replica lag']);
      await h.api('PUT', `/api/alerts/${id}/resolve`);
    });

    it('an alert at level 2 when the window starts pages level 1 when it ends', async () => {
      await setUp();
      const id = await h.trigger({ title: 'Disk full', priority: 'high' });
      h.expect(['push ada: Disk full']);
      await h.advance(5 * MINUTE);
      h.expect(['sms ada: Disk full']);
      await h.advance(25 * MINUTE);
      h.expect(['push bob: Disk full']);
      expect((await h.api('GET', `/api/alerts/${id}`)).body.level).toBe(2);
      await h.advance(MINUTE);
      await window({ start: iso(now()), end: iso(now() + 10 * MINUTE) });
      await h.advance(9 * MINUTE);
      h.expect([]);
      expect((await h.api('GET', `/api/alerts/${id}`)).body.level).toBe(1);
      await h.advance(MINUTE);
      h.expect(['push ada: Disk full']);
      await h.api('PUT', `/api/alerts/${id}/resolve`);
    });

    it('page_when_over: false: nothing planned is sent in the window, and nothing after it', async () => {
      await setUp();
      const id = await h.trigger({ title: 'Noise', priority: 'high' });
      h.expect(['push ada: Noise']);
      await h.advance(MINUTE);
      await window({ name: 'Quiet', start: iso(now()), end: iso(now() + 10 * MINUTE), page_when_over: false });
      await h.advance(90 * MINUTE);
      h.expect([]);
      expect((await h.timeline(id)).map((e) => e.kind)).toContain('maintenance_over');
      expect((await h.api('GET', `/api/alerts/${id}`)).body.status).toBe('open');
      await h.api('PUT', `/api/alerts/${id}/resolve`);
    });
  });
}
