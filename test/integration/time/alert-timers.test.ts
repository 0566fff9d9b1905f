import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';

// A service's alert timers (issue 36 item 3, PRODUCT.md 11) with the paging scenario harness and
// its manual clock: an acknowledgement not followed by a resolve within ack_timeout_minutes expires
// (open again, the level paged again once); an alert without a signal for auto_resolve_minutes
// resolves itself, its waiting pages cancelled; neither set, nothing happens.

for (const dialect of DIALECTS) {
  describe(`${dialect}: acknowledgement timeout and auto-resolve`, () => {
    let h: Harness;
    afterEach(async () => h?.close());

    async function setUp(settings: { ack_timeout_minutes?: number | null; auto_resolve_minutes?: number | null }) {
      h = await createHarness(dialect);
      // One level of an hour: push at once, sms 55 minutes in (a page that waits).
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 60, onCall: ['ada'] }], allSteps: [{ channel: 'push', delay_seconds: 0 }, { channel: 'sms', delay_seconds: 3300 }] });
      h.schedules.bind(h.service.id, 'sch_main');
      const res = await h.api('PATCH', `/api/services/${h.service.id}`, settings);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject(settings);
    }
    const alert = async (id: string) => (await h.api('GET', `/api/alerts/${id}`)).body;
    const kinds = async (id: string, kind: string) => (await h.timeline(id)).filter((e) => e.kind === kind).map((e) => e.message);

    it('an acknowledgement not resolved within the timeout expires: open again, the level paged again once', async () => {
      await setUp({ ack_timeout_minutes: 10 });
      const id = await h.trigger({ title: 'API 500s', priority: 'high' });
      h.expect(['push ada: API 500s']);
      expect((await h.api('PUT', `/api/alerts/${id}/ack`, undefined, 'ada')).status).toBe(200);
      await h.advance(9 * MINUTE);
      h.expect([]);
      expect((await alert(id)).status).toBe('acknowledged');
      await h.advance(MINUTE);
      h.expect(['push ada: API 500s']);
      expect((await alert(id)).status).toBe('open');
      expect(await kinds(id, 'ack_expired')).toEqual(['acknowledgement expired: not resolved within 10 minutes; the alert is open again']);
      const woken = await h.t.container.db.selectFrom('outbox_events').select('payload').where('alert_id', '=', id).where('type', '=', 'alert.woken').execute();
      expect(woken.map((e) => JSON.parse(e.payload as unknown as string).reason)).toEqual(['acknowledgement_expired']);
      await h.advance(20 * MINUTE);
      h.expect([]);
      expect(await kinds(id, 'ack_expired')).toHaveLength(1);
      // Acknowledged again, the timeout counts from the new acknowledgement; resolved in time, nothing more.
      expect((await h.api('PUT', `/api/alerts/${id}/ack`, undefined, 'ada')).status).toBe(200);
      await h.advance(5 * MINUTE);
      expect((await h.api('PUT', `/api/alerts/${id}/resolve`, undefined, 'ada')).status).toBe(200);
      await h.advance(30 * MINUTE);
      h.expect([]);
      expect((await alert(id)).status).toBe('resolved');
      expect(await kinds(id, 'ack_expired')).toHaveLength(1);
    });

    it('resolved before the timeout: nothing', async () => {
      await setUp({ ack_timeout_minutes: 5 });
      const id = await h.trigger({ title: 'Queue stuck', priority: 'high' });
      h.expect(['push ada: Queue stuck']);
      await h.api('PUT', `/api/alerts/${id}/ack`, undefined, 'ada');
      await h.advance(4 * MINUTE);
      await h.api('PUT', `/api/alerts/${id}/resolve`, undefined, 'ada');
      await h.advance(20 * MINUTE);
      h.expect([]);
      expect((await alert(id)).status).toBe('resolved');
      expect(await kinds(id, 'ack_expired')).toEqual([]);
    });

    it('no signal for auto_resolve_minutes resolves the alert and cancels its waiting pages; a new signal pushes it back', async () => {
      await setUp({ auto_resolve_minutes: 30 });
      const id = await h.trigger({ title: 'Disk full', priority: 'high', event_key: 'disk' });
      h.expect(['push ada: Disk full']);
      await h.advance(20 * MINUTE);
      // A repeat of the same condition is a signal: 30 minutes count from it.
      expect(await h.trigger({ title: 'Disk full', priority: 'high', event_key: 'disk' })).toBe(id);
      await h.advance(29 * MINUTE);
      h.expect([]);
      expect((await alert(id)).status).toBe('open');
      await h.advance(MINUTE);
      h.expect([]);
      expect((await alert(id)).status).toBe('resolved');
      expect(await kinds(id, 'resolved')).toEqual(['auto-resolved: no signal for 30 minutes']);
      expect(await kinds(id, 'pages_cancelled')).toEqual(['1 pending page cancelled: resolved by Klaxon']);
      const resolved = await h.t.container.db.selectFrom('outbox_events').select('id').where('alert_id', '=', id).where('type', '=', 'alert.resolved').execute();
      expect(resolved).toHaveLength(1);
      // The sms step 55 minutes in never goes out.
      await h.advance(30 * MINUTE);
      h.expect([]);
      // The next signal of the condition opens a new alert.
      expect(await h.trigger({ title: 'Disk full', priority: 'high', event_key: 'disk' })).not.toBe(id);
      h.expect(['push ada: Disk full']);
    });

    it('an acknowledged alert auto-resolves too; the timers not set, nothing happens', async () => {
      await setUp({ ack_timeout_minutes: null, auto_resolve_minutes: null });
      const id = await h.trigger({ title: 'Cert expiring', priority: 'high' });
      h.expect(['push ada: Cert expiring']);
      await h.api('PUT', `/api/alerts/${id}/ack`, undefined, 'ada');
      const open = await h.trigger({ title: 'Slow disk', priority: 'high' });
      h.expect(['push ada: Slow disk']);
      await h.advance(90 * MINUTE);
      h.expect(['sms ada: Slow disk']); // its level's own steps, nothing more
      expect((await alert(id)).status).toBe('acknowledged');
      expect((await alert(open)).status).toBe('open');
      expect(await kinds(id, 'ack_expired')).toEqual([]);
      // Set now: the acknowledged alert, 90 minutes without a signal, resolves itself.
      await h.api('PATCH', `/api/services/${h.service.id}`, { auto_resolve_minutes: 60 });
      await h.advance(MINUTE);
      expect((await alert(id)).status).toBe('resolved');
      expect(await kinds(id, 'resolved')).toEqual(['auto-resolved: no signal for 60 minutes']);
      expect((await alert(open)).status).toBe('resolved');
    });
  });
}
