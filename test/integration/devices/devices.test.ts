import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/add-member.ts';

const TOKEN_A = 'apns-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1234';
const TOKEN_B = 'fcm-token-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb5678';
const TOKEN_C = 'fcm-token-cccccccccccccccccccccccccccccccccccccccccccc9999';

for (const dialect of DIALECTS) {
  describe(`${dialect}: devices are the person's own; push tokens never come back`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let responder: Awaited<ReturnType<typeof addMember>>;
    let observer: Awaited<ReturnType<typeof addMember>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      responder = await addMember(t, tenant, 'responder');
      observer = await addMember(t, tenant, 'observer');
    });
    afterAll(async () => t?.close());

    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    it('registers a device, lists it with a token hint, and never answers or stores the token in the clear', async () => {
      const res = await call('POST', '/api/devices', responder.headers, { platform: 'ios', push_token: TOKEN_A, name: 'iPhone', app_version: '1.4.0', critical_alerts_permitted: true });
      expect(res.statusCode).toBe(200);
      const dev = res.json();
      expect(dev).toMatchObject({ platform: 'ios', name: 'iPhone', app_version: '1.4.0', critical_alerts_permitted: true, push_token_hint: '…1234', user_id: responder.userId });
      expect(dev.id).toMatch(/^dev_/);
      expect(res.body).not.toContain(TOKEN_A);

      const list = await call('GET', '/api/devices', responder.headers);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([dev]);
      expect(list.body).not.toContain(TOKEN_A);

      const row = await t.container.db.selectFrom('devices').selectAll().where('id', '=', dev.id).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(TOKEN_A);
      // The push sender can still open it.
      expect((await t.container.services.devices.pushTargets(responder.userId)).map((d) => d.push_token)).toEqual([TOKEN_A]);

      const audit = await t.container.db.selectFrom('audit_log').selectAll().where('target_id', '=', dev.id).execute();
      expect(audit.map((a) => a.action)).toEqual(['device.create']);
      expect(JSON.stringify(audit)).not.toContain(TOKEN_A);
      expect(t.logs.join('\n')).not.toContain(TOKEN_A);
    });

    it('the same push token again updates that device instead of adding one', async () => {
      const res = await call('POST', '/api/devices', responder.headers, { platform: 'ios', push_token: TOKEN_A, app_version: '1.5.0' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ app_version: '1.5.0', name: 'iPhone', critical_alerts_permitted: true });
      expect((await call('GET', '/api/devices', responder.headers)).json()).toHaveLength(1);
    });

    it('patches fields and the token; the answer shows only the new hint', async () => {
      const [dev] = (await call('GET', '/api/devices', responder.headers)).json();
      const res = await call('PATCH', `/api/devices/${dev.id}`, responder.headers, { push_token: TOKEN_C, critical_alerts_permitted: false, name: 'Work phone' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: dev.id, push_token_hint: '…9999', critical_alerts_permitted: false, name: 'Work phone' });
      expect(res.body).not.toContain(TOKEN_C);
      const audit = await t.container.db.selectFrom('audit_log').select('changes').where('target_id', '=', dev.id).where('action', '=', 'device.update').execute();
      expect(audit.some((a) => JSON.parse(a.changes).push_token === 'changed')).toBe(true);
      expect(JSON.stringify(audit)).not.toContain(TOKEN_C);
    });

    it('another person sees none of it: their list is empty, and PATCH/DELETE of the device are 404', async () => {
      const [dev] = (await call('GET', '/api/devices', responder.headers)).json();
      expect((await call('GET', '/api/devices', tenant.headers)).json()).toEqual([]);
      const patch = await call('PATCH', `/api/devices/${dev.id}`, tenant.headers, { name: 'mine now' });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
      expect((await call('DELETE', `/api/devices/${dev.id}`, tenant.headers)).statusCode).toBe(404);
    });

    it('a token registered by another person moves to them (a handed-over phone)', async () => {
      const res = await call('POST', '/api/devices', tenant.headers, { platform: 'ios', push_token: TOKEN_C });
      expect(res.statusCode).toBe(200);
      expect((await call('GET', '/api/devices', responder.headers)).json()).toEqual([]);
      expect((await call('GET', '/api/devices', tenant.headers)).json()).toHaveLength(1);
    });

    it('an observer lists but cannot register (403 names the role needed)', async () => {
      expect((await call('GET', '/api/devices', observer.headers)).statusCode).toBe(200);
      const res = await call('POST', '/api/devices', observer.headers, { platform: 'android', push_token: TOKEN_B });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toContain('responder');
    });

    it('validates platform and push token, and needs a credential', async () => {
      const bad = await call('POST', '/api/devices', responder.headers, { platform: 'blackberry', push_token: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('invalid_request');
      expect(bad.json().error.details.map((d: { field: string }) => d.field).sort()).toEqual(['platform', 'push_token']);
      expect((await call('POST', '/api/devices', { 'x-service-org': tenant.orgId }, { platform: 'web', push_token: TOKEN_B })).statusCode).toBe(401);
      expect((await call('PATCH', '/api/devices/dev_nope', responder.headers, { name: 'x' })).statusCode).toBe(404);
    });

    it('deletes a device and pages through a list', async () => {
      for (let i = 0; i < 3; i++) {
        expect((await call('POST', '/api/devices', responder.headers, { platform: 'android', push_token: `${TOKEN_B}-${i}` })).statusCode).toBe(200);
      }
      const first = await call('GET', '/api/devices?limit=2', responder.headers);
      expect(first.json()).toHaveLength(2);
      expect(first.headers['x-next-cursor']).toBeTruthy();
      const second = await call('GET', `/api/devices?limit=2&cursor=${first.headers['x-next-cursor']}`, responder.headers);
      expect(second.json()).toHaveLength(1);
      const del = await call('DELETE', `/api/devices/${second.json()[0].id}`, responder.headers);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ ok: true });
      expect((await call('GET', '/api/devices', responder.headers)).json()).toHaveLength(2);
      expect((await call('DELETE', `/api/devices/${second.json()[0].id}`, responder.headers)).statusCode).toBe(404);
    });
  });
}
