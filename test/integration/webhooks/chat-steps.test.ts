import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';

// A level channel's `chat` step names an existing, enabled chat destination (slack, teams or
// discord) of the schedule's organization (PRODUCT.md 7.2 and 8); a destination a chat step posts to
// is not deleted from under it (409 naming the schedules). Both stores, through HTTP.

type Json = Record<string, any>;

for (const dialect of DIALECTS) {
  describe(`${dialect}: chat steps name a chat destination of the organization`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let other: Tenant;
    let scheduleId: string;

    const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, who: Tenant = tenant) =>
      t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    const hook = async (kind: string, who: Tenant = tenant, extra: Json = {}) => {
      const r = await api('POST', '/api/webhooks', {
        name: `${kind}-${Math.random().toString(36).slice(2, 8)}`, kind, url: 'http://127.0.0.1:9/hook', events: ['alert.triggered'],
        ...(kind === 'custom' ? { template: { version: 1, body: { t: '{{ title }}' } } } : {}), ...extra,
      }, who);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().id as string;
    };
    const chatStep = (destination_id: string) => ({ level: 1, priority: 'critical', steps: [{ channel: 'push', delay_seconds: 0 }, { channel: 'chat', delay_seconds: 0, destination_id }] });
    const putChannels = (entries: Json[], sid = scheduleId) => api('PUT', `/api/schedules/${sid}/level-channels`, { entries });

    beforeAll(async () => {
      t = await buildTestApp({ dialect, env: { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true' } });
      tenant = await bootstrapTenant(t, 'Acme');
      other = await bootstrapTenant(t, 'Other');
      const ann = await addMember(t, tenant, 'responder');
      const r = await api('POST', '/api/schedules', {
        name: 'Primary', time_zone: 'UTC',
        levels: [{ level: 1, timeout_minutes: 10, layers: [{ name: 'l1', precedence: 0, rotation: { unit: 'day', length: 1, handoff_local: '2026-03-01T09:00', participants: [ann.userId] } }] }],
      });
      expect(r.statusCode, r.body).toBe(200);
      scheduleId = r.json().id;
    });
    afterAll(async () => t?.close());

    it('refuses a chat step naming a missing, foreign, non-chat or disabled destination with a 400 naming the field', async () => {
      const foreign = await hook('slack', other);
      const custom = await hook('custom');
      const native = await hook('native');
      const disabled = await hook('discord', tenant, { enabled: false });
      let missingMessage = '';
      const cases: [string, RegExp][] = [
        ['whk_00000000000000000000000000', /does not exist in this organization/],
        [foreign, /does not exist in this organization/],
        [custom, /is a custom webhook/],
        [native, /is a native webhook/],
        [disabled, /is disabled/],
      ];
      for (const [id, message] of cases) {
        const r = await putChannels([{ level: 1, priority: 'high', steps: [] }, chatStep(id)]);
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json().error.details, r.body).toEqual([{ field: 'entries.1.steps.1.destination_id', message: expect.stringMatching(message) }]);
        // Another organization's destination reads exactly as a missing one: nothing about it is told.
        if (id === foreign) expect(r.json().error.message.replace(foreign, 'X')).toBe(missingMessage.replace('whk_00000000000000000000000000', 'X'));
        if (id === 'whk_00000000000000000000000000') missingMessage = r.json().error.message;
      }
      // Nothing was stored by the refused requests.
      const now = (await api('GET', `/api/schedules/${scheduleId}/level-channels`)).json() as Json[];
      expect(now.every((e) => e.default === true)).toBe(true);
    });

    it('accepts slack, teams and discord destinations of the organization', async () => {
      for (const kind of ['slack', 'teams', 'discord']) {
        const id = await hook(kind);
        const r = await putChannels([chatStep(id)]);
        expect(r.statusCode, r.body).toBe(200);
        expect((r.json() as Json[]).find((e) => e.level === 1 && e.priority === 'critical')!.steps).toContainEqual({ channel: 'chat', delay_seconds: 0, destination_id: id });
      }
    });

    it('a destination a chat step uses cannot be deleted (409 naming the schedules); once unused it can', async () => {
      const id = await hook('slack');
      expect((await putChannels([chatStep(id)])).statusCode).toBe(200);
      const second = await api('POST', `/api/schedules/${scheduleId}/clone`, { name: 'Secondary' });
      expect(second.statusCode, second.body).toBe(200);
      const secondId = second.json().id as string;
      // Cloned level channels come along (the clone names the destination too).
      const cloned = (await api('GET', `/api/schedules/${secondId}/level-channels`)).json() as Json[];
      if (cloned.find((e) => e.level === 1 && e.priority === 'critical')!.default) expect((await putChannels([chatStep(id)], secondId)).statusCode).toBe(200);

      const refused = await api('DELETE', `/api/webhooks/${id}`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.code).toBe('conflict');
      expect(refused.json().error.message).toContain(`"Primary" (${scheduleId})`);
      expect(refused.json().error.message).toContain(`"Secondary" (${secondId})`);
      expect((await api('GET', `/api/webhooks/${id}`)).statusCode).toBe(200);
      // Another organization learns nothing: its delete of this id is a 404.
      expect((await api('DELETE', `/api/webhooks/${id}`, undefined, other)).statusCode).toBe(404);

      expect((await api('DELETE', `/api/schedules/${scheduleId}/level-channels/1/critical`)).statusCode).toBe(200);
      expect((await api('DELETE', `/api/webhooks/${id}`)).statusCode).toBe(409);
      expect((await api('DELETE', `/api/schedules/${secondId}`)).statusCode).toBe(200);
      const gone = await api('DELETE', `/api/webhooks/${id}`);
      expect(gone.statusCode, gone.body).toBe(200);
      expect((await api('GET', `/api/webhooks/${id}`)).statusCode).toBe(404);
    });

    it('a destination no chat step names is deleted as before', async () => {
      const id = await hook('teams');
      expect((await api('DELETE', `/api/webhooks/${id}`)).statusCode).toBe(200);
    });
  });
}
