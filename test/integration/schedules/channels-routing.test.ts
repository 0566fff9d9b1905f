import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, signedIn, type Member } from '../../helpers/people.ts';

// Level channels, service routing, a service's schedule_id, and the OnCallDirectory the paging
// engine reads (issue 20; PRODUCT.md 7.2), through HTTP on both stores.

type Json = Record<string, any>;

for (const dialect of DIALECTS) {
  describe(`${dialect}: level channels, routing and the on-call directory`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let other: Tenant;
    let ann: Member;
    let bob: Member;
    let day: Json;
    let night: Json;
    let slackHook: string;

    const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, who: Tenant = tenant) =>
      t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    const schedule = async (name: string, user: string, timeout = 10) => {
      const r = await api('POST', '/api/schedules', {
        name, time_zone: 'Europe/Berlin', repeat: 2,
        levels: [
          { level: 1, timeout_minutes: timeout, layers: [{ name: 'l1', precedence: 0, rotation: { unit: 'day', length: 1, handoff_local: '2026-03-01T09:00', participants: [user] } }] },
          { level: 2, timeout_minutes: 30, layers: [{ name: 'l2', precedence: 0, rotation: { unit: 'day', length: 1, handoff_local: '2026-03-01T09:00', participants: [user] } }] },
        ],
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as Json;
    };

    beforeAll(async () => {
      t = await buildTestApp({ dialect, clock: new ManualClock('2026-03-11T15:00:00.000Z'), env: { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true' } }); // Wednesday 16:00 in Berlin
      tenant = await bootstrapTenant(t, 'Acme');
      other = await bootstrapTenant(t, 'Other');
      ann = await addMember(t, tenant, 'responder');
      bob = await addMember(t, tenant, 'responder');
      day = await schedule('Day', ann.userId);
      night = await schedule('Night', bob.userId);
      // A chat step names an existing chat destination (PRODUCT.md 7.2; test/integration/webhooks/chat-steps.test.ts).
      const hook = await api('POST', '/api/webhooks', { name: 'ops', kind: 'slack', url: 'http://127.0.0.1:9/slack', events: ['alert.triggered'] });
      expect(hook.statusCode, hook.body).toBe(200);
      slackHook = hook.json().id;
    });
    afterAll(async () => t?.close());

    it('GET answers every (level, priority) pair, the unset ones as PRODUCT.md 7.2 defaults', async () => {
      const r = await api('GET', `/api/schedules/${day.id}/level-channels`);
      expect(r.statusCode).toBe(200);
      const entries = r.json() as Json[];
      expect(entries).toHaveLength(10);
      expect(entries.every((e) => e.default === true)).toBe(true);
      const of = (level: number, priority: string) => entries.find((e) => e.level === level && e.priority === priority)!.steps;
      expect(of(1, 'critical')).toEqual([{ channel: 'push', delay_seconds: 0 }, { channel: 'sms', delay_seconds: 60 }, { channel: 'voice', delay_seconds: 120 }]);
      expect(of(2, 'high')).toEqual(of(1, 'critical'));
      expect(of(1, 'medium')).toEqual([{ channel: 'push', delay_seconds: 0 }, { channel: 'email', delay_seconds: 0 }]);
      expect(of(1, 'low')).toEqual(of(1, 'medium'));
      expect(of(1, 'info')).toEqual([{ channel: 'email', delay_seconds: 0 }]);
    });

    it('a default step not shorter than the level timeout is left out, and GET says so (issue 34 item 2; PRODUCT.md 10)', async () => {
      const short = await schedule('Short', ann.userId, 1);
      const entries = (await api('GET', `/api/schedules/${short.id}/level-channels`)).json() as Json[];
      const of = (level: number, priority: string) => entries.find((e) => e.level === level && e.priority === priority)!;
      expect(of(1, 'critical')).toEqual({
        level: 1, priority: 'critical', default: true, steps: [{ channel: 'push', delay_seconds: 0 }],
        left_out: [{ channel: 'sms', delay_seconds: 60 }, { channel: 'voice', delay_seconds: 120 }],
      });
      expect(of(1, 'medium')).toEqual({ level: 1, priority: 'medium', default: true, steps: [{ channel: 'push', delay_seconds: 0 }, { channel: 'email', delay_seconds: 0 }] });
      expect(of(2, 'high').left_out).toBeUndefined();
      // The engine's directory answers the same steps.
      expect(await t.container.directory.steps(tenant.orgId, short.id, 1, 'critical')).toEqual([{ channel: 'push', delay_seconds: 0 }]);
      expect(await t.container.directory.steps(tenant.orgId, short.id, 2, 'critical')).toHaveLength(3);
      expect((await api('DELETE', `/api/schedules/${short.id}`)).statusCode).toBe(200);
    });

    it('PUT replaces every entry, checks delays against the timeout and chat destinations; DELETE returns a pair to its default', async () => {
      const put = (entries: Json[]) => api('PUT', `/api/schedules/${day.id}/level-channels`, { entries });
      const ok = await put([
        { level: 1, priority: 'critical', steps: [{ channel: 'voice', delay_seconds: 300 }, { channel: 'push', delay_seconds: 0 }, { channel: 'chat', delay_seconds: 0, destination_id: slackHook }] },
        { level: 2, priority: 'info', steps: [] },
      ]);
      expect(ok.statusCode, ok.body).toBe(200);
      const entries = ok.json() as Json[];
      expect(entries.find((e) => e.level === 1 && e.priority === 'critical')).toEqual({
        level: 1, priority: 'critical', default: false,
        steps: [{ channel: 'push', delay_seconds: 0 }, { channel: 'chat', delay_seconds: 0, destination_id: slackHook }, { channel: 'voice', delay_seconds: 300 }],
      });
      expect(entries.find((e) => e.level === 2 && e.priority === 'info')).toMatchObject({ default: false, steps: [] });
      expect(entries.filter((e) => e.default)).toHaveLength(8);
      const bad: [Json[], string][] = [
        [[{ level: 1, priority: 'high', steps: [{ channel: 'sms', delay_seconds: 600 }] }], 'entries.0.steps.0.delay_seconds'],
        [[{ level: 1, priority: 'high', steps: [{ channel: 'chat', delay_seconds: 0 }] }], 'entries.0.steps.0.destination_id'],
        [[{ level: 1, priority: 'high', steps: [{ channel: 'push', delay_seconds: 0, destination_id: 'whk_1' }] }], 'entries.0.steps.0.destination_id'],
        [[{ level: 3, priority: 'high', steps: [] }], 'entries.0.level'],
        [[{ level: 1, priority: 'high', steps: [] }, { level: 1, priority: 'high', steps: [] }], 'entries.1'],
        [[{ level: 1, priority: 'urgent', steps: [] }], 'entries.0.priority'],
      ];
      for (const [body, field] of bad) {
        const r = await put(body);
        expect(r.statusCode, `${field}: ${r.body}`).toBe(400);
        expect(r.json().error.details.map((d: Json) => d.field), r.body).toContain(field);
      }
      // A level's timeout cannot drop to a delay already set on it (voice at 300 s, timeout 5 minutes).
      const shrink = await api('PUT', `/api/schedules/${day.id}`, {
        name: 'Day', time_zone: 'Europe/Berlin', repeat: 2,
        levels: [{ level: 1, timeout_minutes: 5, layers: [{ id: day.levels[0].layers[0].id, name: 'l1', precedence: 0, rotation: day.levels[0].layers[0].rotation }] }, { ...day.levels[1], layers: day.levels[1].layers }],
      });
      expect(shrink.statusCode, shrink.body).toBe(400);
      expect(shrink.json().error.details[0].field).toBe('levels.0.timeout_minutes');
      expect((await api('DELETE', `/api/schedules/${day.id}/level-channels/1/critical`)).json()).toEqual({ ok: true });
      const after = (await api('GET', `/api/schedules/${day.id}/level-channels`)).json() as Json[];
      expect(after.find((e) => e.level === 1 && e.priority === 'critical')).toMatchObject({ default: true });
      expect(after.find((e) => e.level === 2 && e.priority === 'info')).toMatchObject({ default: false });
      expect((await api('DELETE', `/api/schedules/${day.id}/level-channels/9/critical`)).statusCode).toBe(404);
      expect((await api('DELETE', `/api/schedules/${day.id}/level-channels/1/urgent`)).statusCode).toBe(400);
      const audit = await t.container.db.selectFrom('audit_log').select('action').where('target_id', '=', day.id).where('action', 'like', 'schedule.level_channel%').execute();
      expect(audit.map((a) => a.action).sort()).toEqual(['schedule.level_channel_reset', 'schedule.level_channels_update']);
    });

    it("a service's schedule_id must name a schedule of its organization; GET /api/services says paging ok or no_schedule", async () => {
      const bare = await createService(t, tenant, 'bare');
      expect((await api('GET', `/api/services/${bare.id}`)).json()).toMatchObject({ schedule_id: null, paging: 'no_schedule' });
      for (const bad of ['sch_01aaaaaaaaaaaaaaaaaaaaaaaa', 'nope']) {
        const r = await api('PATCH', `/api/services/${bare.id}`, { schedule_id: bad });
        expect(r.statusCode).toBe(400);
        expect(r.json().error.details).toEqual([{ field: 'schedule_id', message: expect.stringContaining('not a schedule of this organization') }]);
      }
      expect((await api('POST', '/api/services', { name: 'bad', schedule_id: 'sch_01aaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(400);
      const made = await api('POST', '/api/services', { name: 'good', schedule_id: day.id });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json()).toMatchObject({ schedule_id: day.id, paging: 'ok' });
      const list = (await api('GET', '/api/services?limit=500')).json() as Json[];
      expect(list.find((s) => s.id === bare.id)).toMatchObject({ paging: 'no_schedule' });
      // Nobody on call can be reached on this test server (no channel is configured): `unreachable` (PRODUCT.md 10).
      expect(list.find((s) => s.id === made.json().id)).toMatchObject({ paging: 'unreachable' });
    });

    it('routing: null until set; ordered rules validated; the directory chooses the first match, else the service schedule', async () => {
      const svc = await createService(t, tenant, 'routed');
      await api('PATCH', `/api/services/${svc.id}`, { schedule_id: day.id });
      expect((await api('GET', `/api/services/${svc.id}/routing`)).json()).toBeNull();
      const rules = [
        { name: 'Criticals at night', priorities: ['critical'], time_window: { time_zone: 'Europe/Berlin', days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '18:00', end: '09:00' }, schedule_id: night.id },
        { name: 'Low urgency', urgencies: ['low'], schedule_id: night.id },
      ];
      const put = await api('PUT', `/api/services/${svc.id}/routing`, { rules });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ service_id: svc.id, rules: [{ ...rules[0], urgencies: null }, { ...rules[1], priorities: null, time_window: null }] });
      expect((await api('GET', `/api/services/${svc.id}/routing`)).json()).toEqual(put.json());
      const choose = (priority: 'critical' | 'high', urgency: 'high' | 'low', at: string) => t.container.directory.chooseSchedule(tenant.orgId, svc.id, { priority, urgency }, new Date(at));
      expect(await choose('critical', 'high', '2026-03-11T15:00:00Z')).toBe(day.id); // 16:00 Berlin: no window
      expect(await choose('critical', 'high', '2026-03-11T20:00:00Z')).toBe(night.id); // 21:00 Wednesday
      expect(await choose('critical', 'high', '2026-03-12T07:30:00Z')).toBe(night.id); // 08:30 Thursday, the window that began Wednesday
      expect(await choose('critical', 'high', '2026-03-14T20:00:00Z')).toBe(day.id); // Saturday
      expect(await choose('high', 'low', '2026-03-11T15:00:00Z')).toBe(night.id);
      expect(await t.container.directory.chooseSchedule(other.orgId, svc.id, { priority: 'high', urgency: 'high' }, new Date())).toBeNull();
      for (const [body, field] of [
        [{ rules: [{ name: 'x', schedule_id: 'sch_01aaaaaaaaaaaaaaaaaaaaaaaa' }] }, 'rules.0.schedule_id'],
        [{ rules: [{ name: 'x', schedule_id: night.id, time_window: { time_zone: 'Nowhere', days: ['mon'], start: '00:00', end: '01:00' } }] }, 'rules.0.time_window.time_zone'],
        [{ rules: [{ name: 'x', schedule_id: night.id, priorities: [] }] }, 'rules.0.priorities'],
      ] as [Json, string][]) {
        const r = await api('PUT', `/api/services/${svc.id}/routing`, body);
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json().error.details.map((d: Json) => d.field)).toContain(field);
      }
      // Another organization's schedule cannot be named either.
      const theirs = await api('POST', '/api/schedules', {
        name: 'Theirs', time_zone: 'UTC', levels: [{ level: 1, timeout_minutes: 5, layers: [{ name: 'l', precedence: 0, rotation: { unit: 'day', length: 1, handoff_local: '2026-03-01T09:00', participants: [other.userId] } }] }],
      }, other);
      expect((await api('PUT', `/api/services/${svc.id}/routing`, { rules: [{ name: 'x', schedule_id: theirs.json().id }] })).statusCode).toBe(400);
      expect((await api('PATCH', `/api/services/${svc.id}`, { schedule_id: theirs.json().id })).statusCode).toBe(400);
    });

    it('deleting a service takes its routing with it; deleting the organization takes schedules, rules and all', async () => {
      const org = await bootstrapTenant(t, 'Short-lived');
      const owner = { headers: org.headers } as Tenant;
      const s = await api('POST', '/api/schedules', {
        name: 'S', time_zone: 'UTC', levels: [{ level: 1, timeout_minutes: 5, layers: [{ name: 'l', precedence: 0, rotation: { unit: 'day', length: 1, handoff_local: '2026-03-01T09:00', participants: [org.userId] } }] }],
      }, owner);
      const svc = await createService(t, org, 'svc');
      const svc2 = await createService(t, org, 'svc2');
      await api('PATCH', `/api/services/${svc.id}`, { schedule_id: s.json().id }, owner);
      await api('PUT', `/api/services/${svc.id}/routing`, { rules: [{ name: 'r', schedule_id: s.json().id }] }, owner);
      await api('PUT', `/api/services/${svc2.id}/routing`, { rules: [{ name: 'r', schedule_id: s.json().id }] }, owner);
      await api('POST', `/api/schedules/${s.json().id}/overrides`, { level: 1, kind: 'add', add_user_id: org.userId, start: '2026-03-12T00:00:00Z', end: '2026-03-13T00:00:00Z' }, owner);
      expect((await api('POST', '/api/me/calendar-feeds', {}, owner)).statusCode).toBe(200);
      expect((await api('DELETE', `/api/services/${svc2.id}`, undefined, owner)).statusCode).toBe(200);
      expect(await t.container.db.selectFrom('service_routing_rules').select('service_id').where('service_id', '=', svc2.id).execute()).toEqual([]);
      // Deleting an organization needs the owner's own recent session (docs/adr/0711).
      const r = await api('DELETE', '/api/org', undefined, { headers: (await signedIn(t, org.userId, org.orgId)).headers } as Tenant);
      expect(r.statusCode, r.body).toBe(200);
      for (const table of ['schedules', 'calendar_feeds'] as const) {
        expect(await t.container.db.selectFrom(table).select('id').where('org_id', '=', org.orgId).execute(), table).toEqual([]);
      }
      expect(await t.container.db.selectFrom('service_routing_rules').select('service_id').where('org_id', '=', org.orgId).execute()).toEqual([]);
    });

    it('the directory: plan, who is on call (overrides included) and the steps of a level and priority', async () => {
      const d = t.container.directory;
      expect(await d.plan(tenant.orgId, day.id)).toEqual({ scheduleId: day.id, timeZone: 'Europe/Berlin', repeat: 2, levels: [{ level: 1, timeoutMinutes: 10 }, { level: 2, timeoutMinutes: 30 }] });
      expect(await d.plan(other.orgId, day.id)).toBeUndefined();
      expect(await d.onCall(tenant.orgId, day.id, 1, new Date('2026-03-11T15:00:00Z'))).toEqual([ann.userId]);
      await api('POST', `/api/schedules/${day.id}/overrides`, { level: 1, kind: 'replace', remove_user_id: ann.userId, add_user_id: bob.userId, start: '2026-03-11T14:00:00Z', end: '2026-03-11T16:00:00Z' });
      expect(await d.onCall(tenant.orgId, day.id, 1, new Date('2026-03-11T15:00:00Z'))).toEqual([bob.userId]);
      expect(await d.onCall(tenant.orgId, day.id, 1, new Date('2026-03-11T16:00:00Z'))).toEqual([ann.userId]);
      expect(await d.onCall(tenant.orgId, day.id, 3, new Date('2026-03-11T15:00:00Z'))).toEqual([]);
      expect(await d.onCall(other.orgId, day.id, 1, new Date('2026-03-11T15:00:00Z'))).toEqual([]);
      await api('PUT', `/api/schedules/${day.id}/level-channels`, { entries: [{ level: 2, priority: 'high', steps: [{ channel: 'voice', delay_seconds: 0 }] }] });
      expect(await d.steps(tenant.orgId, day.id, 2, 'high')).toEqual([{ channel: 'voice', delay_seconds: 0 }]);
      expect(await d.steps(tenant.orgId, day.id, 1, 'info')).toEqual([{ channel: 'email', delay_seconds: 0 }]);
      expect(await d.steps(other.orgId, day.id, 2, 'high')).toEqual([]);
    });

    it("the directory answers from a snapshot: this process's changes count at once, another process's within 5 s", async () => {
      const d = t.container.directory;
      const at = new Date('2026-03-11T15:30:00Z');
      const overrideId = `ovr_01${'z'.repeat(24)}`;
      expect(await d.onCall(tenant.orgId, night.id, 1, at)).toEqual([bob.userId]);
      // Another process adds an override: written straight to the store, this process hears nothing.
      await t.container.db.insertInto('schedule_overrides').values({
        id: overrideId, schedule_id: night.id, level: 1, layer_id: null, kind: 'add', add_user_id: ann.userId, remove_user_id: null,
        start_at: '2026-03-11T15:00:00.000Z', end_at: '2026-03-11T17:00:00.000Z', note: '', created_by: null, created_at: '2026-03-11T15:00:00.000Z',
      }).execute();
      expect(await d.onCall(tenant.orgId, night.id, 1, at)).toEqual([bob.userId]);
      t.clock.advance(5_000);
      expect(await d.onCall(tenant.orgId, night.id, 1, at)).toEqual([bob.userId, ann.userId]);
      // A change through this process's API counts at the next lookup.
      const removed = await api('DELETE', `/api/overrides/${overrideId}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await d.onCall(tenant.orgId, night.id, 1, at)).toEqual([bob.userId]);
      // An instant far from now reads its overrides itself.
      expect(await d.onCall(tenant.orgId, night.id, 1, new Date('2026-06-01T12:00:00Z'))).toEqual([bob.userId]);
    });
  });
}
