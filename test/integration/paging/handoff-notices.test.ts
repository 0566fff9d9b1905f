import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';
import { createHandoffJob } from '../../../src/modules/paging/index.ts';

// Handoff notices (issue 35 item 3, PRODUCT.md 10) through the harness with a real schedule: that
// many minutes before each of a person's shifts, one message (push where they have a working
// device, else email, times in the schedule's zone);
// once per shift, also when another process or a restarted one runs the job; an override's shift
// gets its notice, and a shift removed before its notice gets none.

for (const dialect of DIALECTS) {
  describe(`${dialect}: handoff notices`, () => {
    let h: Harness;
    afterEach(async () => h?.close());

    const local = (minutes: number) => new Date(h.t.clock.now().getTime() + minutes * MINUTE).toISOString().slice(0, 16);
    const at = (start: number, minutes: number) => new Date(start + minutes * MINUTE).toISOString();
    const jump = async (start: number, minutes: number) => {
      h.t.clock.set(at(start, minutes));
      await h.settle();
    };
    const notices = () => h.inbox().splice(0).map((s) => `${s.channel} ${s.person}: ${s.title}`);

    it('one notice per shift, before it starts, across processes and restarts; overrides included; a removed shift gets none', async () => {
      h = await createHarness(dialect, { realSchedules: true });
      const start = h.t.clock.now().getTime();
      // Hourly: Ada now, Bob from +60 min, Ada from +120, Bob from +180.
      const s = await h.api('POST', '/api/schedules', {
        name: 'Primary', time_zone: 'UTC',
        levels: [{ level: 1, timeout_minutes: 10, layers: [{ name: 'hourly', precedence: 0, rotation: { unit: 'hour', length: 1, handoff_local: local(0), participants: [h.people.ada!.userId, h.people.bob!.userId] } }] }],
      });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      for (const who of ['bob', 'cy']) {
        const r = await h.api('PUT', '/api/me/notification-rules', { high: [], low: [], handoff_notice_minutes: 15 }, who);
        expect(r.status).toBe(200);
      }
      await jump(start, 30);
      expect(notices()).toEqual([]);
      await jump(start, 45);
      expect(notices()).toEqual(['push bob: On call in 15 min: Primary, level 1, Sun 1 Mar, 11:00 – Sun 1 Mar, 12:00 (UTC)']);
      // Another process, and this one restarted: the notice exists, nobody sends it again.
      const other = () => createHandoffJob({ db: h.t.container.db, directory: h.t.container.directory, providers: h.t.container.providers, box: h.t.container.box, publicUrl: 'http://x' });
      expect(await other().run(h.t.clock.now())).toBe(0);
      await jump(start, 50);
      expect(await other().run(h.t.clock.now())).toBe(0);
      expect(notices()).toEqual([]);

      // Cy is added by an override from +100 to +110: her shift has its notice at +85.
      const o = await h.api('POST', `/api/schedules/${s.body.id}/overrides`, { level: 1, kind: 'add', add_user_id: h.people.cy!.userId, start: at(start, 100), end: at(start, 110) });
      expect(o.status, JSON.stringify(o.body)).toBe(200);
      // And from +200 to +210, removed before its notice.
      const gone = await h.api('POST', `/api/schedules/${s.body.id}/overrides`, { level: 1, kind: 'add', add_user_id: h.people.cy!.userId, start: at(start, 200), end: at(start, 210) });
      expect(gone.status).toBe(200);
      await jump(start, 84);
      expect(notices()).toEqual([]);
      await jump(start, 85);
      expect(notices()).toEqual(['push cy: On call in 15 min: Primary, level 1, Sun 1 Mar, 11:40 – Sun 1 Mar, 11:50 (UTC)']);
      expect((await h.api('DELETE', `/api/overrides/${gone.body.id}`)).status).toBe(200);
      // Ada's shift at +120 (she set no notice): nothing. Bob's at +180: one.
      // Three processes reach Bob's next notice at once: one message.
      h.t.clock.set(at(start, 165));
      const sentBy = await Promise.all([other().run(h.t.clock.now()), other().run(h.t.clock.now()), other().run(h.t.clock.now())]);
      expect(sentBy.reduce((a, b) => a + b, 0)).toBe(1);
      await h.settle();
      expect(notices()).toEqual(['push bob: On call in 15 min: Primary, level 1, Sun 1 Mar, 13:00 – Sun 1 Mar, 14:00 (UTC)']);
      await jump(start, 190);
      await jump(start, 215);
      expect(notices()).toEqual([]);
      const rows = await h.t.container.db.selectFrom('handoff_notices').select(['user_id', 'status', 'channel']).orderBy('shift_start').execute();
      expect(rows).toEqual([
        { user_id: h.people.bob!.userId, status: 'sent', channel: 'push' },
        { user_id: h.people.cy!.userId, status: 'sent', channel: 'push' },
        { user_id: h.people.bob!.userId, status: 'sent', channel: 'push' },
      ]);
    });

    it('no working device: the notice goes by email; a level-2 shift of a schedule in another zone says its times in that zone', async () => {
      h = await createHarness(dialect, { realSchedules: true });
      const start = h.t.clock.now().getTime();
      // Level 1 Ada all the time; level 2 hourly: Ada now, Bob from +60 min, in Europe/Berlin (UTC+1 in March).
      const handoff = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start).replace(' ', 'T');
      const s = await h.api('POST', '/api/schedules', {
        name: 'Nights', time_zone: 'Europe/Berlin',
        levels: [
          { level: 1, timeout_minutes: 10, layers: [{ name: 'always', precedence: 0, rotation: { unit: 'week', length: 1, handoff_local: handoff, participants: [h.people.ada!.userId] } }] },
          { level: 2, timeout_minutes: 10, layers: [{ name: 'hourly', precedence: 0, rotation: { unit: 'hour', length: 1, handoff_local: handoff, participants: [h.people.ada!.userId, h.people.bob!.userId] } }] },
        ],
      });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      expect((await h.api('PUT', '/api/me/notification-rules', { high: [], low: [], handoff_notice_minutes: 15 }, 'bob')).status).toBe(200);
      await h.t.container.db.updateTable('devices').set({ disabled_at: h.t.clock.now().toISOString() }).where('user_id', '=', h.people.bob!.userId).execute();
      await jump(start, 44);
      expect(notices()).toEqual([]);
      await jump(start, 45);
      expect(notices()).toEqual(['email bob: On call in 15 min: Nights, level 2, Sun 1 Mar, 12:00 – Sun 1 Mar, 13:00 (Europe/Berlin)']);
      const rows = await h.t.container.db.selectFrom('handoff_notices').select(['user_id', 'status', 'channel']).execute();
      expect(rows).toEqual([{ user_id: h.people.bob!.userId, status: 'sent', channel: 'email' }]);
    });
  });
}
