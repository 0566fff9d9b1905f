import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';

// Issue 34 "A team's first day": what comes around paging for a team that has only set up email.
// Item 2: never silently unreachable (PRODUCT.md 10) and default steps fitted to the level's timeout.
// Item 3: every level change emits `alert.escalated` with the level and why (PRODUCT.md 8).

type Json = Record<string, any>;

for (const dialect of DIALECTS) {
  describe(`${dialect}: a team's first day`, () => {
    let h: Harness;
    afterEach(async () => h?.close());

    const twoLevels = (timeoutMinutes = 10) => {
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes, onCall: ['ada'] }, { timeoutMinutes, onCall: ['bob'] }] });
      h.schedules.bind(h.service.id, 'sch_main');
    };
    /** The `alert.escalated` deliveries fanned out for the alert, oldest first, as their event's fields. */
    const escalatedDeliveries = async (alertId: string) => {
      const rows = await h.t.container.db.selectFrom('webhook_deliveries').select(['event_kind', 'snapshot', 'seq'])
        .where('alert_id', '=', alertId).where('event_kind', '=', 'alert.escalated').orderBy('seq').execute();
      return rows.map((r) => JSON.parse(r.snapshot).event.changes as Json);
    };
    const subscribe = async () => {
      const r = await h.api('POST', '/api/webhooks', { name: 'ops', kind: 'native', url: 'http://127.0.0.1:9/hook', events: ['alert.escalated'] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };

    /** A person with no device and no number: only email can reach them. */
    const onlyEmail = async (...names: string[]) => {
      for (const n of names) {
        await h.t.container.db.deleteFrom('devices').where('user_id', '=', h.people[n]!.userId).execute();
        await h.t.container.db.deleteFrom('phone_numbers').where('user_id', '=', h.people[n]!.userId).execute();
      }
    };

    it('item 2: with only email configured, a critical page goes by email at once and the timeline says "fallback: email" and why', async () => {
      h = await createHarness(dialect, { fakes: [] });
      await onlyEmail('ada', 'bob', 'cy');
      twoLevels();
      const preview = await h.api('POST', `/api/services/${h.service.id}/routing/preview`, { priority: 'critical' });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.levels[0].users[0]).toMatchObject({ name: 'Ada', reachable: false, fallback: 'email' });
      expect(preview.body.levels[0].users[0].problems).toEqual(expect.arrayContaining(['sms: not configured on this server', 'voice: not configured on this server']));
      expect(preview.body.levels[0].pages).toContainEqual(expect.objectContaining({ name: 'Ada', channel: 'email', delay_seconds: 0, fallback: true }));
      expect(preview.body.warnings).toHaveLength(2);
      expect(preview.body.warnings[0]).toMatch(/^Level 1: Ada: fallback: email at once, no step can reach them \(push: .*; sms: not configured on this server; voice: not configured on this server\)$/);

      const id = await h.trigger({ title: 'DB down', priority: 'critical' });
      h.expect(['email ada: DB down']);
      const line = (await h.timeline(id)).find((e) => e.kind === 'paging_fallback');
      expect(line?.message).toMatch(/^Ada: fallback: email at once, no step can reach them \(push: .*; sms: not configured on this server; voice: not configured on this server\)$/);
      await h.advance(10 * MINUTE);
      h.expect(['email bob: DB down']);
      // A responder no step reaches is paged by email too.
      expect((await h.api('POST', `/api/alerts/${id}/responders`, { user_ids: [h.people.cy!.userId] })).status).toBe(200);
      h.expect(['email cy: DB down']);
      expect((await h.timeline(id)).filter((e) => e.kind === 'paging_fallback').map((e) => e.message.split(':')[0])).toEqual(['Ada', 'Bob', 'Cy']);
    });

    it('item 2: with no email either, the timeline says the person cannot be reached, and why', async () => {
      h = await createHarness(dialect, { fakes: [], smtp: false });
      await onlyEmail('ada');
      twoLevels();
      const preview = await h.api('POST', `/api/services/${h.service.id}/routing/preview`, { priority: 'high' });
      expect(preview.body.warnings[0]).toMatch(/^Level 1: Ada cannot be reached: no step can reach them and email is not configured on this server/);
      const id = await h.trigger({ title: 'DB down', priority: 'high' });
      h.expect([]);
      const line = (await h.timeline(id)).find((e) => e.kind === 'paging_unreachable');
      expect(line?.message).toMatch(/^Ada cannot be reached: no step can reach them and email is not configured on this server \(push: .*; sms: not configured on this server; voice: not configured on this server\)$/);
    });

    it('item 2: someone a step reaches gets no fallback; the preview warns about nobody', async () => {
      h = await createHarness(dialect);
      twoLevels();
      const preview = await h.api('POST', `/api/services/${h.service.id}/routing/preview`, { priority: 'critical' });
      expect(preview.body.warnings).toEqual([]);
      expect(preview.body.levels[0].users[0]).toMatchObject({ reachable: true, fallback: null, problems: [] });
      const id = await h.trigger({ title: 'DB down', priority: 'critical' });
      h.expect(['push ada: DB down']);
      await h.advance(2 * MINUTE);
      h.expect(['sms ada: DB down', 'voice ada: DB down']);
      expect((await h.timeline(id)).filter((e) => e.kind.startsWith('paging_'))).toEqual([]);
    });

    it('item 2: default steps not shorter than the level timeout are left out, not planned and cancelled unseen', async () => {
      h = await createHarness(dialect);
      twoLevels(1);
      const id = await h.trigger({ title: 'DB down', priority: 'critical' });
      h.expect(['push ada: DB down']);
      await h.advance(MINUTE);
      h.expect(['push bob: DB down']);
      const tl = await h.timeline(id);
      expect(tl.find((e) => e.kind === 'paged')?.message).toBe('Level 1 paged: Ada (push at 0 s)');
      expect(tl.filter((e) => e.kind === 'pages_cancelled')).toEqual([]);
    });

    it('item 3: an escalation by timeout sends alert.escalated with the level and why, once; by hand it says manual and pages once', async () => {
      h = await createHarness(dialect, { env: { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true' } });
      twoLevels();
      await subscribe();
      const id = await h.trigger({ title: 'DB down', priority: 'info' });
      h.expect(['email ada: DB down']);
      expect(await escalatedDeliveries(id)).toEqual([]);
      await h.advance(10 * MINUTE);
      h.expect(['email bob: DB down']);
      const [byTimeout, ...more] = await escalatedDeliveries(id);
      expect(more).toEqual([]);
      expect(byTimeout).toMatchObject({ level: 2, from_level: 1, reason: 'timeout', why: 'level 1 was not acknowledged within 10 min' });
      // The engine's event does not move the escalation again: nothing more is paged, level 2 stays.
      await h.advance(MINUTE);
      h.expect([]);
      expect((await h.api('GET', `/api/alerts/${id}`)).body.level).toBe(2);

      // By hand from the last level (repeat 0): the last level is paged again, one event, reason manual.
      expect((await h.api('PUT', `/api/alerts/${id}/escalate`, undefined, 'ada')).status).toBe(200);
      h.expect(['email bob: DB down']);
      const all = await escalatedDeliveries(id);
      expect(all).toHaveLength(2);
      expect(all[1]).toMatchObject({ from_level: 2, reason: 'manual', why: 'escalated by Ada' });
    });

    it('item 3: a level with nobody on call moves on at once and says so in the event', async () => {
      h = await createHarness(dialect, { env: { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true' } });
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 10, onCall: [] }, { timeoutMinutes: 10, onCall: ['bob'] }] });
      h.schedules.bind(h.service.id, 'sch_main');
      await subscribe();
      const id = await h.trigger({ title: 'Queue stuck', priority: 'info' });
      h.expect(['email bob: Queue stuck']);
      expect(await escalatedDeliveries(id)).toEqual([expect.objectContaining({ level: 2, from_level: 1, reason: 'nobody_on_call', why: 'nobody was on call at level 1' })]);
      expect((await h.timeline(id)).map((e) => e.message)).toContain('Escalated to level 2: nobody was on call at level 1');
    });
  });
}
