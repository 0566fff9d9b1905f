import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { newId } from '../../../src/lib/ids.ts';
import type { DeliveryProvider } from '../../../src/modules/paging/delivery.port.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, type Member } from '../../helpers/people.ts';

// GET /api/schedules/{id}/reachability (PRODUCT.md 10, issue 34 item 2; docs/adr/0745): per
// shift, whether the person's high-urgency steps reach a configured, working destination.

type Json = Record<string, any>;

/** A push provider that is configured (every push kind), so a working device reaches its person. */
const fakePush: DeliveryProvider = { name: 'fake-push', channels: ['push'], configured: () => true, send: async () => ({ state: 'sent' }) };

for (const dialect of DIALECTS) {
  describe(`${dialect}: schedule reachability`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let other: Tenant;
    let ann: Member;
    let bob: Member;
    let scheduleId: string;

    beforeAll(async () => {
      // Wednesday 2026-03-11 15:00 UTC. Twilio is configured (sms, voice); email is not.
      t = await buildTestApp({
        dialect,
        clock: new ManualClock('2026-03-11T15:00:00.000Z'),
        env: { TWILIO_ACCOUNT_SID: 'AC0123', TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM: '+15550000000', TWILIO_BASE_URL: 'http://127.0.0.1:9' },
        container: { providers: [fakePush] },
      });
      tenant = await bootstrapTenant(t, 'Acme');
      other = await bootstrapTenant(t, 'Other');
      ann = await addMember(t, tenant, 'responder');
      bob = await addMember(t, tenant, 'responder');
      await t.container.db.updateTable('users').set({ name: 'Ann' }).where('id', '=', ann.userId).execute();
      await t.container.db.updateTable('users').set({ name: 'Bob' }).where('id', '=', bob.userId).execute();
      // Bob has a working device; Ann has no device and no verified number.
      const now = t.clock.now().toISOString();
      await t.container.db.insertInto('devices').values({
        id: newId('dev'), user_id: bob.userId, platform: 'web', name: 'laptop', app_version: '1.0', critical_alerts_permitted: 0,
        push_token_sealed: t.container.box.seal('push-bob'), push_token_hash: 'h-bob', push_token_hint: 'bob', created_at: now, updated_at: now,
      }).execute();
      // Daily handoff at 09:00 UTC: Ann today (from 2026-03-11 09:00), Bob tomorrow, and so on.
      const r = await api('POST', '/api/schedules', {
        name: 'Primary', time_zone: 'UTC', repeat: 0,
        levels: [{ level: 1, timeout_minutes: 15, layers: [{ name: 'Daily', precedence: 1, rotation: { unit: 'day', length: 1, handoff_local: '2026-03-11T09:00', participants: [ann.userId, bob.userId] } }] }],
      });
      expect(r.statusCode, r.body).toBe(200);
      scheduleId = r.json().id;
    });
    afterAll(async () => t?.close());

    const api = (method: 'GET' | 'POST', url: string, payload?: object, who: Tenant = tenant) =>
      t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

    it('answers every shift of the next 7 days with whether the person is reached, and why not', async () => {
      const r = await api('GET', `/api/schedules/${scheduleId}/reachability`);
      expect(r.statusCode, r.body).toBe(200);
      const rows = r.json() as Json[];
      expect(rows[0]).toEqual({
        level: 1, user_id: ann.userId, name: 'Ann', start: '2026-03-11T15:00:00.000Z', end: '2026-03-12T09:00:00.000Z', reachable: false,
        problems: ['push: no working device', 'sms: no verified phone number', 'voice: no verified phone number'],
      });
      expect(rows[1]).toEqual({ level: 1, user_id: bob.userId, name: 'Bob', start: '2026-03-12T09:00:00.000Z', end: '2026-03-13T09:00:00.000Z', reachable: true, problems: ['sms: no verified phone number', 'voice: no verified phone number'] });
      // The next 7 days: up to 2026-03-18T15:00.
      expect(rows.at(-1)!.end).toBe('2026-03-18T15:00:00.000Z');
      expect(rows.filter((x) => x.user_id === ann.userId).every((x) => !x.reachable)).toBe(true);
      expect(rows.filter((x) => x.user_id === bob.userId).every((x) => x.reachable)).toBe(true);
    });

    it('follows the level\'s steps: a level that pages by SMS only reaches a person with a verified number', async () => {
      const put = await api('PUT' as 'POST', `/api/schedules/${scheduleId}/level-channels`, {
        entries: [{ level: 1, priority: 'critical', steps: [{ channel: 'sms', delay_seconds: 0 }] }, { level: 1, priority: 'high', steps: [{ channel: 'sms', delay_seconds: 0 }] }],
      });
      expect(put.statusCode, put.body).toBe(200);
      const now = t.clock.now().toISOString();
      await t.container.db.insertInto('phone_numbers').values({
        id: newId('phn'), org_id: tenant.orgId, user_id: ann.userId, e164: '+15550001111', label: 'mobile', verified_at: now,
        code_hash: null, code_expires_at: null, code_attempts: 0, created_at: now, updated_at: now,
      } as never).execute();
      const rows = (await api('GET', `/api/schedules/${scheduleId}/reachability?from=2026-03-11T15:00:00Z&to=2026-03-13T09:00:00Z`)).json() as Json[];
      expect(rows.map((x) => [x.name, x.reachable, x.problems])).toEqual([
        ['Ann', true, []],
        ['Bob', false, ['sms: no verified phone number']],
      ]);
      await t.container.db.deleteFrom('phone_numbers').where('user_id', '=', ann.userId).execute();
      expect((await api('PUT' as 'POST', `/api/schedules/${scheduleId}/level-channels`, { entries: [] })).statusCode).toBe(200);
    });

    it('telegram is a level step: GET level-channels shows it, and reachability says a server without the bot reaches nobody by it', async () => {
      const steps = [{ channel: 'telegram', delay_seconds: 0 }];
      const put = await api('PUT' as 'POST', `/api/schedules/${scheduleId}/level-channels`, {
        entries: [{ level: 1, priority: 'critical', steps }, { level: 1, priority: 'high', steps }],
      });
      expect(put.statusCode, put.body).toBe(200);
      const entries = (await api('GET', `/api/schedules/${scheduleId}/level-channels`)).json() as Json[];
      expect(entries.find((e) => e.level === 1 && e.priority === 'high')).toMatchObject({ default: false, steps });
      const rows = (await api('GET', `/api/schedules/${scheduleId}/reachability?from=2026-03-11T15:00:00Z&to=2026-03-13T09:00:00Z`)).json() as Json[];
      expect(rows.map((x) => [x.name, x.reachable, x.problems])).toEqual([
        ['Ann', false, ['telegram: not configured on this server']],
        ['Bob', false, ['telegram: not configured on this server']],
      ]);
      expect((await api('PUT' as 'POST', `/api/schedules/${scheduleId}/level-channels`, { entries: [] })).statusCode).toBe(200);
    });

    it('refuses a bad window with a 400 naming the field', async () => {
      const bad = async (q: string, field: string) => {
        const r = await api('GET', `/api/schedules/${scheduleId}/reachability?${q}`);
        expect(r.statusCode, r.body).toBe(400);
        expect(JSON.stringify(r.json())).toContain(`"${field}"`);
      };
      await bad('from=2026-03-11T00:00:00Z&to=2026-04-12T00:00:00Z', 'to');
      await bad('from=yesterday', 'from');
      await bad('to=2026-03-01T00:00:00Z', 'to');
      // 31 days is the most.
      expect((await api('GET', `/api/schedules/${scheduleId}/reachability?from=2026-03-11T00:00:00Z&to=2026-04-11T00:00:00Z`)).statusCode).toBe(200);
    });

    it('GET /api/services says paging unreachable while no one on call now at level 1 is reached, ok once someone is', async () => {
      const made = await api('POST', '/api/services', { name: 'payments', schedule_id: scheduleId });
      expect(made.statusCode, made.body).toBe(200);
      // Now (Wednesday 15:00): Ann, who has no device and no number.
      expect((await api('GET', `/api/services/${made.json().id}`)).json()).toMatchObject({ paging: 'unreachable' });
      const list = (await api('GET', '/api/services?limit=500')).json() as Json[];
      expect(list.find((x) => x.id === made.json().id)).toMatchObject({ paging: 'unreachable' });
      // Thursday 10:00: Bob, who has a working device.
      t.clock.set(new Date('2026-03-12T10:00:00.000Z'));
      expect((await api('GET', `/api/services/${made.json().id}`)).json()).toMatchObject({ paging: 'ok' });
      t.clock.set(new Date('2026-03-11T15:00:00.000Z'));
    });

    it('is 404 for another organization\'s schedule', async () => {
      const r = await api('GET', `/api/schedules/${scheduleId}/reachability`, undefined, other);
      expect(r.statusCode, r.body).toBe(404);
    });
  });
}
