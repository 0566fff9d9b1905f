import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';
import { newId } from '../../../src/lib/ids.ts';

// How each person is reached (issue 35 items 1–2, PRODUCT.md 10), through the paging harness with
// the manual clock and fake providers: a person's rules replace the level's steps, an empty list
// falls back to the level, chat steps still post, a responder is paged by their own rules,
// acknowledging stops every pending rule step, the organization switch turns rules off, and quiet
// hours hold a low-urgency page and release it at their end across a DST change.

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

for (const dialect of DIALECTS) {
  describe(`${dialect}: notification rules per person`, () => {
    let h: Harness;
    afterEach(async () => h?.close());

    const twoLevels = (timeoutMinutes = 10) => {
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes, onCall: ['ada'] }, { timeoutMinutes, onCall: ['bob'] }] });
      h.schedules.bind(h.service.id, 'sch_main');
    };
    const setRules = async (who: string, body: object) => {
      const res = await h.api('PUT', '/api/me/notification-rules', body, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };

    it("a person's high-urgency list replaces the level's steps, delays from when they are paged; an empty list falls back to the level", async () => {
      h = await createHarness(dialect);
      twoLevels();
      expect(await setRules('ada', { high: [{ channel: 'sms', delay_seconds: 0 }, { channel: 'push', delay_seconds: 90 }], low: [] })).toEqual({
        high: [{ channel: 'sms', delay_seconds: 0 }, { channel: 'push', delay_seconds: 90 }], low: [], quiet_hours: null, handoff_notice_minutes: null,
      });
      // Bob's lists are empty: the level's steps.
      await setRules('bob', { high: [], low: [{ channel: 'email', delay_seconds: 0 }] });
      const id = await h.trigger({ title: 'DB down', priority: 'critical' });
      h.expect(['sms ada: DB down']);
      await h.advance(MINUTE);
      h.expect([]);
      await h.advance(MINUTE);
      h.expect(['push ada: DB down']);
      await h.advance(8 * MINUTE);
      h.expect(['push bob: DB down']);
      await h.advance(2 * MINUTE);
      h.expect(['sms bob: DB down', 'voice bob: DB down']);
      const paged = (await h.timeline(id)).filter((e) => e.kind === 'paged').map((e) => e.message);
      expect(paged).toEqual(['Level 1 paged: Ada (own rules: sms at 0 s, push at 90 s)', 'Level 2 paged: Bob (push at 0 s, sms at 60 s, voice at 120 s)']);
    });

    it('a rule step without contact_id goes to the first verified number only (PRODUCT.md 10); a level step to every verified number', async () => {
      h = await createHarness(dialect);
      twoLevels();
      // A second verified number for each, added after the first (the first stays first).
      const later = new Date(h.t.clock.now().getTime() + 1000).toISOString();
      for (const [who, e164] of [['ada', '+15559990001'], ['bob', '+15559990002']] as const) {
        await h.t.container.db.insertInto('phone_numbers').values({
          id: newId('phn'), org_id: h.tenant.orgId, user_id: h.people[who]!.userId, e164, label: 'work', verified_at: later,
          code_hash: null, code_expires_at: null, code_attempts: 0, created_at: later, updated_at: later,
        } as never).execute();
      }
      await setRules('ada', { high: [{ channel: 'sms', delay_seconds: 0 }, { channel: 'voice', delay_seconds: 60 }], low: [] });
      await h.trigger({ title: 'Disk full', priority: 'critical' });
      h.expect(['sms ada: Disk full']);
      await h.advance(MINUTE);
      h.expect(['voice ada: Disk full']);
      // Level 2 pages Bob by the level's steps (7.2 names no destination for them): both his numbers.
      await h.advance(9 * MINUTE);
      h.expect(['push bob: Disk full']);
      await h.advance(MINUTE);
      h.expect(['sms bob: Disk full', 'sms +15559990002: Disk full']);
    });

    it('chat steps still come from the level for a person with their own rules', async () => {
      h = await createHarness(dialect, { fakes: ['push', 'sms', 'voice', 'chat'] });
      h.schedules.set('sch_chat', { levels: [{ timeoutMinutes: 10, onCall: ['ada', 'bob'] }], allSteps: [{ channel: 'push', delay_seconds: 0 }, { channel: 'chat', delay_seconds: 0, destination_id: 'whk_team' }] });
      h.schedules.bind(h.service.id, 'sch_chat');
      await setRules('ada', { high: [{ channel: 'email', delay_seconds: 0 }], low: [] });
      const id = await h.trigger({ title: 'Checkout', priority: 'high' });
      // One chat post names both (Ada by her rules, Bob by the level's): the chat step keeps its index.
      h.expect(['email ada: Checkout', 'push bob: Checkout', 'chat whk_team: Checkout']);
      const tl = await h.timeline(id);
      expect(tl.find((e) => e.kind === 'paged')?.message).toBe('Level 1 paged: Ada (own rules: email at 0 s, chat at 0 s), Bob (push at 0 s, chat at 0 s)');
      await h.api('PUT', `/api/alerts/${id}/ack`, undefined, 'ada');
    });

    it('a responder added to an alert is paged by their own rules; acknowledging stops every pending rule step', async () => {
      h = await createHarness(dialect);
      twoLevels();
      await setRules('ada', { high: [{ channel: 'push', delay_seconds: 0 }, { channel: 'sms', delay_seconds: 300 }, { channel: 'voice', delay_seconds: 480 }], low: [] });
      await setRules('cy', { high: [{ channel: 'voice', delay_seconds: 0 }, { channel: 'push', delay_seconds: 120 }], low: [] });
      const id = await h.trigger({ title: 'Queue stuck', priority: 'high' });
      h.expect(['push ada: Queue stuck']);
      await h.advance(MINUTE);
      const res = await h.api('POST', `/api/alerts/${id}/responders`, { user_ids: [h.people.cy!.userId] });
      expect(res.status).toBe(200);
      h.expect(['voice cy: Queue stuck']);
      expect((await h.timeline(id)).find((e) => e.kind === 'responders_added')?.message).toMatch(/; Cy by their own rules$/);
      await h.advance(2 * MINUTE);
      h.expect(['push cy: Queue stuck']);
      // Ada acknowledges at 3 min: her sms (5 min) and voice (8 min) never go, nor level 2.
      expect((await h.api('PUT', `/api/alerts/${id}/ack`, undefined, 'ada')).status).toBe(200);
      const pending = await h.t.container.db.selectFrom('notifications').select(['user_id', 'channel', 'status']).where('alert_id', '=', id).where('user_id', '=', h.people.ada!.userId).where('channel', 'in', ['sms', 'voice']).execute();
      expect(pending.map((p) => p.status)).toEqual(['cancelled', 'cancelled']);
      await h.advance(30 * MINUTE);
      h.expect([]);
    });

    it('the organization switch person_rules: false lets the levels decide for everyone', async () => {
      h = await createHarness(dialect);
      twoLevels();
      await setRules('ada', { high: [{ channel: 'email', delay_seconds: 0 }], low: [] });
      const off = await h.api('PATCH', '/api/org/settings', { person_rules: false });
      expect(off.status).toBe(200);
      expect(off.body.person_rules).toBe(false);
      const id = await h.trigger({ title: 'Levels decide', priority: 'high' });
      h.expect(['push ada: Levels decide']);
      await h.advance(MINUTE);
      h.expect(['sms ada: Levels decide']);
      await h.api('PUT', `/api/alerts/${id}/ack`, undefined, 'ada');
      expect((await h.api('GET', '/api/org/settings')).body.person_rules).toBe(false);
    });

    it('quiet hours hold a low-urgency page and release it at their end across a DST change; high urgency ignores them', async () => {
      h = await createHarness(dialect);
      twoLevels(1440);
      await setRules('ada', { high: [], low: [], quiet_hours: { time_zone: 'Europe/London', days: EVERY_DAY, start: '22:00', end: '07:00' } });
      // 23:30 GMT on the night the clocks go forward: 07:00 BST is 06:00Z.
      h.t.clock.set('2026-03-28T23:30:00Z');
      const low = await h.trigger({ title: 'Disk 80%', priority: 'medium', urgency: 'low', event_key: 'disk' });
      h.expect([]);
      const tl = await h.timeline(low);
      expect(tl.filter((e) => e.kind === 'page_held').map((e) => e.message)).toEqual([
        'Ada: push held until 2026-03-29T06:00:00.000Z: quiet hours',
        'Ada: email held until 2026-03-29T06:00:00.000Z: quiet hours',
      ]);
      // High urgency in the same hours is paged at once.
      const high = await h.trigger({ title: 'Site down', priority: 'critical', event_key: 'site' });
      h.expect(['push ada: Site down']);
      await h.api('PUT', `/api/alerts/${high}/ack`, undefined, 'ada');
      h.t.clock.set('2026-03-29T05:59:00Z');
      await h.settle();
      h.expect([]);
      await h.advance(MINUTE);
      h.expect(['push ada: Disk 80%', 'email ada: Disk 80%']);
      expect((await h.timeline(low)).find((e) => e.kind === 'paged')?.message).toBe('Level 1 paged: Ada (push at 0 s held, email at 0 s held)');
      await h.api('PUT', `/api/alerts/${low}/ack`, undefined, 'ada');

      // Held, then acknowledged before the quiet hours end: nothing is sent.
      h.t.clock.set('2026-03-29T22:30:00Z');
      const later = await h.trigger({ title: 'Cert expiring', priority: 'low', urgency: 'low', event_key: 'cert' });
      h.expect([]);
      await h.api('PUT', `/api/alerts/${later}/ack`, undefined, 'ada');
      h.t.clock.set('2026-03-30T06:30:00Z');
      await h.settle();
      h.expect([]);
      expect((await h.timeline(later)).find((e) => e.kind === 'pages_cancelled')?.message).toBe('2 pending pages cancelled: acknowledged by Ada');
    });

    it('GET answers the lists; bad contacts and quiet hours are 400s naming the field; admins read a member', async () => {
      h = await createHarness(dialect);
      expect((await h.api('GET', '/api/me/notification-rules', undefined, 'ada')).body).toEqual({ high: [], low: [], quiet_hours: null, handoff_notice_minutes: null });
      const device = await h.t.container.db.selectFrom('devices').select('id').where('user_id', '=', h.people.ada!.userId).executeTakeFirstOrThrow();
      const bobsPhone = await h.t.container.db.selectFrom('phone_numbers').select('id').where('user_id', '=', h.people.bob!.userId).executeTakeFirstOrThrow();
      const bad = async (body: object, field: string) => {
        const r = await h.api('PUT', '/api/me/notification-rules', body, 'ada');
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(JSON.stringify(r.body)).toContain(field);
      };
      await bad({ high: [{ channel: 'sms', delay_seconds: 0, contact_id: bobsPhone.id }], low: [] }, 'high/0/contact_id');
      await bad({ high: [{ channel: 'sms', delay_seconds: 0, contact_id: device.id }], low: [] }, 'high/0/contact_id');
      await bad({ high: [], low: [{ channel: 'email', delay_seconds: 0, contact_id: device.id }] }, 'low/0/contact_id');
      await bad({ high: [], low: [], quiet_hours: { time_zone: 'Mars/Base', days: ['mon'], start: '22:00', end: '07:00' } }, 'quiet_hours/time_zone');
      await bad({ high: [], low: [], quiet_hours: { time_zone: 'UTC', days: ['mon'], start: '07:00', end: '07:00' } }, 'quiet_hours/end');
      await bad({ high: [{ channel: 'push', delay_seconds: 3601 }], low: [] }, 'delay_seconds');
      const body = { high: [{ channel: 'push', delay_seconds: 0, contact_id: device.id }], low: [], quiet_hours: { time_zone: 'europe/paris', days: ['sun', 'mon'], start: '22:00', end: '07:00' }, handoff_notice_minutes: 30 };
      const saved = await setRules('ada', body);
      expect(saved).toEqual({ ...body, quiet_hours: { time_zone: 'Europe/Paris', days: ['mon', 'sun'], start: '22:00', end: '07:00' } });
      expect((await h.api('GET', `/api/users/${h.people.ada!.userId}/notification-rules`)).body).toEqual(saved);
      expect((await h.api('GET', `/api/users/${h.people.ada!.userId}/notification-rules`, undefined, 'bob')).status).toBe(403);
      expect((await h.api('GET', '/api/users/usr_01JZZZZZZZZZZZZZZZZZZZZZZZ/notification-rules')).status).toBe(404);
    });
  });
}
