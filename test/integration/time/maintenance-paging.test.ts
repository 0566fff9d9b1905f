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

    it('responder pages held by a window add one maintenance_hold line for the hold, however many engine cycles and pages it holds', async () => {
      await setUp();
      const id = await h.trigger({ title: 'Slow queries', priority: 'high' });
      h.expect(['push ada: Slow queries']);
      await h.advance(MINUTE);
      await window({ start: iso(now()), end: iso(now() + 30 * MINUTE) });
      // Responders asked for in the window: their push now and sms 5 minutes later are held.
      const r = await h.api('POST', `/api/alerts/${id}/responders`, { user_ids: [h.people.bob!.userId, h.people.cy!.userId] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.pages).toBe(4);
      // Engine cycles through the window, each minute of the manual clock.
      for (let i = 0; i < 20; i++) await h.advance(MINUTE);
      h.expect([]);
      const tl = await h.timeline(id);
      const holds = tl.filter((e) => e.kind === 'maintenance_hold');
      expect(holds.map((e) => e.message), JSON.stringify(tl.map((e) => `${e.kind}: ${e.message}`))).toHaveLength(1);
      expect(holds[0]!.message).toContain('level 1 is paged when it ends');
      const pages = await h.t.container.db.selectFrom('notifications').select(['status']).where('alert_id', '=', id).where('kind', '=', 'responder').execute();
      expect(pages.map((p) => p.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
      // An alert opened in the window, with responders: its one line is "Nobody paged".
      const quiet = await h.trigger({ title: 'Opened in the window', priority: 'high' });
      await h.api('POST', `/api/alerts/${quiet}/responders`, { user_ids: [h.people.bob!.userId] });
      for (let i = 0; i < 7; i++) await h.advance(MINUTE);
      h.expect([]);
      expect((await h.timeline(quiet)).filter((e) => e.kind === 'maintenance_hold').map((e) => e.message)).toEqual([
        `Nobody paged: the service is in maintenance window "DB upgrade" until ${iso(now() + 3 * MINUTE)}`,
      ]);
      // The window ends: level 1 pages again, once (the alert opened in it pages level 1 too).
      await h.advance(3 * MINUTE);
      h.expect(['push ada: Slow queries', 'push ada: Opened in the window']);
      await h.advance(5 * MINUTE);
      // Both alerts' SMS steps go in one message (a bundle, titled by either).
      expect(h.inbox().splice(0).map((m) => `${m.channel} ${m.person}`)).toEqual(['sms ada']);
      expect((await h.timeline(id)).filter((e) => e.kind === 'maintenance_hold')).toHaveLength(1);
      expect((await h.timeline(quiet)).filter((e) => e.kind === 'maintenance_hold')).toHaveLength(1);
      await h.api('PUT', `/api/alerts/${id}/resolve`);
      await h.api('PUT', `/api/alerts/${quiet}/resolve`);
    });
  });
}
