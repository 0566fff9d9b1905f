import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';

// Maintenance windows (issue 36 item 2, PRODUCT.md 11) with the paging scenario harness and its
// manual clock: nobody paged while a window is active (alerts still open, events still written),
// the timeline, alert and service say which window, paging from level 1 when it ends unless
// page_when_over is false, weekly windows on local wall-clock time across DST, heartbeats held.

for (const dialect of DIALECTS) {
  describe(`${dialect}: maintenance windows`, () => {
    let h: Harness;
    afterEach(async () => h?.close());

    async function setUp(at?: string) {
      h = await createHarness(dialect);
      if (at) h.t.clock.set(at);
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 30, onCall: ['ada'] }, { timeoutMinutes: 30, onCall: ['bob'] }], allSteps: [{ channel: 'push', delay_seconds: 0 }] });
      h.schedules.bind(h.service.id, 'sch_main');
    }
    const iso = (ms: number) => new Date(ms).toISOString();
    const now = () => h.t.clock.now().getTime();

    it('one-off: an alert in the window opens, pages nobody, says which window; at the end level 1 is paged', async () => {
      await setUp();
      const w = await h.api('POST', '/api/maintenance-windows', { name: 'DB upgrade', service_ids: [h.service.id], start: iso(now()), end: iso(now() + 30 * MINUTE) });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      expect(w.body).toMatchObject({ active: true, active_until: iso(now() + 30 * MINUTE), page_when_over: true, recurrence: null });
      const id = await h.trigger({ title: 'Replica lag', priority: 'critical' });
      h.expect([]);
      const alert = (await h.api('GET', `/api/alerts/${id}`)).body;
      expect(alert).toMatchObject({ status: 'open', maintenance_window_id: w.body.id });
      const tl = await h.timeline(id);
      expect(tl.find((e) => e.kind === 'maintenance_hold')?.message).toBe(`Nobody paged: the service is in maintenance window "DB upgrade" until ${iso(now() + 30 * MINUTE)}`);
      expect((await h.api('GET', `/api/services/${h.service.id}`)).body.maintenance).toEqual({ id: w.body.id, until: iso(now() + 30 * MINUTE) });
      // Webhooks go on: the triggered event is written as for any alert.
      expect(await h.t.container.db.selectFrom('outbox_events').select('id').where('alert_id', '=', id).where('type', '=', 'alert.triggered').execute()).toHaveLength(1);
      await h.advance(29 * MINUTE);
      h.expect([]);
      await h.advance(MINUTE);
      h.expect(['push ada: Replica lag']);
      expect((await h.api('GET', `/api/services/${h.service.id}`)).body.maintenance).toBeNull();
      await h.api('PUT', `/api/alerts/${id}/resolve`);
    });

    it('page_when_over: false: an alert still open at the end pages nobody; "end now" ends a window early', async () => {
      await setUp();
      const quiet = await h.api('POST', '/api/maintenance-windows', { name: 'Quiet', service_ids: [h.service.id], start: iso(now()), end: iso(now() + 10 * MINUTE), page_when_over: false });
      const id = await h.trigger({ title: 'Noise', priority: 'high' });
      await h.advance(40 * MINUTE);
      h.expect([]);
      expect((await h.timeline(id)).map((e) => e.kind)).toContain('maintenance_over');
      expect((await h.api('GET', `/api/alerts/${id}`)).body).toMatchObject({ status: 'open', maintenance_window_id: quiet.body.id });

      const w = await h.api('POST', '/api/maintenance-windows', { name: 'Deploy', service_ids: [h.service.id], start: iso(now()), end: iso(now() + 60 * MINUTE) });
      const id2 = await h.trigger({ title: 'Deploy blip', priority: 'high', event_key: 'blip' });
      h.expect([]);
      const ended = await h.api('POST', `/api/maintenance-windows/${w.body.id}/end`);
      expect(ended.body).toMatchObject({ active: false, ended_at: iso(now()) });
      expect((await h.api('POST', `/api/maintenance-windows/${w.body.id}/end`)).status).toBe(409);
      await h.advance(MINUTE);
      h.expect(['push ada: Deploy blip']);
      await h.api('PUT', `/api/alerts/${id2}/resolve`);
    });

    it('weekly in Europe/Berlin across the spring DST change: 02:30 (skipped) starts at 03:00 CEST; the next week at 02:30 CEST', async () => {
      // Sunday 29 March 2026, 00:50 UTC = 01:50 CET.
      await setUp('2026-03-29T00:50:00.000Z');
      const w = await h.api('POST', '/api/maintenance-windows', {
        name: 'Sunday batch', service_ids: [h.service.id], recurrence: { time_zone: 'Europe/Berlin', days: ['sun'], start: '02:30', duration_minutes: 60 },
      });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      expect(w.body).toMatchObject({ active: false, next_start: '2026-03-29T01:00:00.000Z' });
      const before = await h.trigger({ title: 'Before', priority: 'high', event_key: 'before' });
      h.expect(['push ada: Before']);
      await h.api('PUT', `/api/alerts/${before}/resolve`);
      h.t.clock.set('2026-03-29T01:00:00.000Z');
      await h.settle();
      expect((await h.api('GET', `/api/services/${h.service.id}`)).body.maintenance).toEqual({ id: w.body.id, until: '2026-03-29T02:00:00.000Z' });
      const inside = await h.trigger({ title: 'Inside', priority: 'high', event_key: 'inside' });
      h.expect([]);
      h.t.clock.set('2026-03-29T02:00:00.000Z');
      await h.settle();
      h.expect(['push ada: Inside']);
      await h.api('PUT', `/api/alerts/${inside}/resolve`);
      // A week later: 02:30 CEST is 00:30 UTC.
      h.t.clock.set('2026-04-05T00:29:00.000Z');
      expect((await h.api('GET', `/api/maintenance-windows/${w.body.id}`)).body).toMatchObject({ active: false, next_start: '2026-04-05T00:30:00.000Z' });
      h.t.clock.set('2026-04-05T00:30:00.000Z');
      expect((await h.api('GET', `/api/services/${h.service.id}`)).body.maintenance).toEqual({ id: w.body.id, until: '2026-04-05T01:30:00.000Z' });
      const later = await h.trigger({ title: 'Later', priority: 'high', event_key: 'later' });
      h.expect([]);
      await h.api('PUT', `/api/alerts/${later}/resolve`);
    });

    it("heartbeats of a service in a window do not fire; still silent after it, they do", async () => {
      await setUp();
      const hb = await h.api('POST', `/api/services/${h.service.id}/heartbeats`, { name: 'cron', interval_seconds: 60, grace_seconds: 0 });
      await h.t.app.inject({ method: 'GET', url: new URL(hb.body.ping_url).pathname });
      await h.api('POST', '/api/maintenance-windows', { name: 'Migration', service_ids: [h.service.id], start: iso(now()), end: iso(now() + 20 * MINUTE) });
      await h.advance(19 * MINUTE);
      h.expect([]);
      expect(await h.t.container.db.selectFrom('alerts').select('id').execute()).toHaveLength(0);
      await h.advance(MINUTE);
      h.expect(['push ada: Heartbeat "cron" missed']);
      await h.t.app.inject({ method: 'GET', url: new URL(hb.body.ping_url).pathname });
      await h.settle();
    });

    it('GET lists and reads a window; PATCH moves its end (the service and the hold follow); DELETE removes it; another organization sees none', async () => {
      await setUp();
      const w = await h.api('POST', '/api/maintenance-windows', { name: 'DB upgrade', service_ids: [h.service.id], start: iso(now()), end: iso(now() + 30 * MINUTE) });
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      expect(w.body.id).toMatch(/^mnt_/);
      const list = await h.api('GET', '/api/maintenance-windows');
      expect(list.status).toBe(200);
      expect(list.body).toEqual([w.body]);
      expect((await h.api('GET', `/api/maintenance-windows/${w.body.id}`)).body).toEqual(w.body);

      const patched = await h.api('PATCH', `/api/maintenance-windows/${w.body.id}`, { name: 'DB upgrade, longer', end: iso(now() + 90 * MINUTE) });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      expect(patched.body).toMatchObject({ id: w.body.id, name: 'DB upgrade, longer', active: true, active_until: iso(now() + 90 * MINUTE) });
      expect((await h.api('GET', `/api/services/${h.service.id}`)).body.maintenance).toEqual({ id: w.body.id, until: iso(now() + 90 * MINUTE) });
      const id = await h.trigger({ title: 'Replica lag', priority: 'critical' });
      await h.advance(45 * MINUTE);
      h.expect([]); // held past the old end

      const stranger = await bootstrapTenant(h.t, 'Other');
      const as = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) => h.t.app.inject({ method, url, headers: stranger.headers, ...(payload ? { payload } : {}) });
      expect((await as('GET', `/api/maintenance-windows/${w.body.id}`)).statusCode).toBe(404);
      expect((await as('PATCH', `/api/maintenance-windows/${w.body.id}`, { name: 'mine' })).statusCode).toBe(404);
      expect((await as('DELETE', `/api/maintenance-windows/${w.body.id}`)).statusCode).toBe(404);
      expect((await as('GET', '/api/maintenance-windows')).json()).toEqual([]);

      expect((await h.api('DELETE', `/api/maintenance-windows/${w.body.id}`)).status).toBe(200);
      expect((await h.api('GET', `/api/maintenance-windows/${w.body.id}`)).status).toBe(404);
      expect((await h.api('GET', '/api/maintenance-windows')).body).toEqual([]);
      expect((await h.api('GET', `/api/services/${h.service.id}`)).body.maintenance).toBeNull();
      await h.api('PUT', `/api/alerts/${id}/resolve`);
      await h.settle();
      h.inbox().splice(0);
    });

    it('bad input names the field', async () => {
      await setUp();
      const bad = async (body: object, field: string) => {
        const r = await h.api('POST', '/api/maintenance-windows', { name: 'x', service_ids: [h.service.id], ...body });
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(JSON.stringify(r.body.error)).toContain(field);
      };
      await bad({ start: iso(now()), end: iso(now() - 1) }, 'end');
      await bad({ recurrence: { time_zone: 'Mars/Olympus', days: ['mon'], start: '02:00', duration_minutes: 60 } }, 'time_zone');
      await bad({}, 'start');
      const r = await h.api('POST', '/api/maintenance-windows', { name: 'x', service_ids: ['svc_01aaaaaaaaaaaaaaaaaaaaaaaa'], start: iso(now()), end: iso(now() + 1000) });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body.error)).toContain('service_ids');
    });
  });
}
