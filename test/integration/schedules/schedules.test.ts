import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, type Member } from '../../helpers/people.ts';

// Schedules through HTTP on both stores (issue 20; PRODUCT.md 7.1): the ScheduleWrite document and
// its checks, rotation positions kept across edits, deletion while in use, clone, the on-call view,
// shifts, overrides, and a member leaving.

type Json = Record<string, any>;

for (const dialect of DIALECTS) {
  describe(`${dialect}: schedules`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let other: Tenant;
    let ann: Member;
    let bob: Member;
    let cy: Member;
    let dee: Member;

    beforeAll(async () => {
      // Wednesday 2026-03-11 15:00 UTC (11:00 in New York, after the spring change).
      t = await buildTestApp({ dialect, clock: new ManualClock('2026-03-11T15:00:00.000Z') });
      tenant = await bootstrapTenant(t, 'Acme');
      other = await bootstrapTenant(t, 'Other');
      ann = await addMember(t, tenant, 'responder');
      bob = await addMember(t, tenant, 'responder');
      cy = await addMember(t, tenant, 'responder');
      dee = await addMember(t, tenant, 'observer');
    });
    afterAll(async () => t?.close());

    const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, who: Tenant = tenant) =>
      t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

    const weekly = (participants: string[], extra: Json = {}) => ({
      name: 'Primary',
      precedence: 1,
      rotation: { unit: 'week', length: 1, handoff_local: '2026-03-02T09:00', participants },
      ...extra,
    });
    const doc = (name: string, layers: Json[], extra: Json = {}) => ({ name, time_zone: 'America/New_York', repeat: 1, levels: [{ level: 1, timeout_minutes: 15, layers }], ...extra });
    const create = async (body: Json) => {
      const r = await api('POST', '/api/schedules', body);
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as Json;
    };
    const onCallNow = async (id: string, at?: string) => {
      const r = await api('GET', `/api/schedules/${id}/oncall${at ? `?at=${encodeURIComponent(at)}` : ''}`);
      expect(r.statusCode, r.body).toBe(200);
      return (r.json() as Json).levels.map((l: Json) => l.users.map((u: Json) => u.user_id));
    };

    it('creates, reads, lists and answers the ScheduleWrite document with ids', async () => {
      const s = await create(doc('Payments', [weekly([ann.userId, bob.userId, cy.userId], { restrictions: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '18:00' }] })], { description: 'pay' }));
      expect(s).toMatchObject({ name: 'Payments', description: 'pay', time_zone: 'America/New_York', repeat: 1, org_id: tenant.orgId });
      expect(s.id).toMatch(/^sch_/);
      expect(s.levels[0].layers[0]).toMatchObject({ name: 'Primary', precedence: 1, rotation: { unit: 'week', length: 1, handoff_local: '2026-03-02T09:00', participants: [ann.userId, bob.userId, cy.userId] }, effective_from: null });
      expect(s.levels[0].layers[0].id).toMatch(/^lyr_/);
      expect((await api('GET', `/api/schedules/${s.id}`)).json()).toEqual(s);
      const list = (await api('GET', '/api/schedules?limit=500')).json() as Json[];
      expect(list.map((x) => x.id)).toContain(s.id);
      // 2026-03-11 is week 2 of the rotation: bob.
      expect(await onCallNow(s.id)).toEqual([[bob.userId]]);
      const view = (await api('GET', `/api/schedules/${s.id}/oncall`)).json();
      expect(view).toMatchObject({ at: '2026-03-11T15:00:00.000Z', time_zone: 'America/New_York' });
      expect(view.levels[0].users[0]).toMatchObject({ user_id: bob.userId, name: 'responder', source: 'rotation', layer_id: s.levels[0].layers[0].id, shift_start: '2026-03-11T13:00:00.000Z', shift_end: '2026-03-11T22:00:00.000Z' });
      expect(view.levels[0].next_handoff).toBe('2026-03-11T22:00:00.000Z');
      const audit = await t.container.db.selectFrom('audit_log').select(['action']).where('target_id', '=', s.id).execute();
      expect(audit.map((a) => a.action)).toEqual(['schedule.create']);
    });

    it('refuses a bad document with a 400 naming each field', async () => {
      const cases: [Json, string][] = [
        [doc('z', [weekly([ann.userId])], { time_zone: 'Mars/Olympus' }), 'time_zone'],
        [{ ...doc('l', [weekly([ann.userId])]), levels: [{ level: 1, timeout_minutes: 5, layers: [weekly([ann.userId])] }, { level: 3, timeout_minutes: 5, layers: [weekly([ann.userId])] }] }, 'levels'],
        [doc('p', [weekly([])]), 'levels.0.layers.0.rotation.participants'],
        [doc('m', [weekly([ann.userId, other.userId])]), 'levels.0.layers.0.rotation.participants.1'],
        [doc('h', [{ ...weekly([ann.userId]), rotation: { unit: 'week', length: 1, handoff_local: '2026-02-30T09:00', participants: [ann.userId] } }]), 'levels.0.layers.0.rotation.handoff_local'],
        [doc('r', [weekly([ann.userId], { restrictions: [{ days: ['mon'], start: '09:00', end: '10:00' }], effective_from: '2026-03-03T00:00:00Z', effective_until: '2026-03-08T00:00:00Z' })]), 'levels.0.layers.0.restrictions'],
        [doc('e', [weekly([ann.userId], { effective_from: '2026-03-03T00:00:00', effective_until: null })]), 'levels.0.layers.0.effective_from'],
        [doc('i', [weekly([ann.userId], { id: 'lyr_01aaaaaaaaaaaaaaaaaaaaaaaa' })]), 'levels.0.layers.0.id'],
        [doc('u', [{ ...weekly([ann.userId]), rotation: { unit: 'fortnight', length: 1, handoff_local: '2026-03-02T09:00', participants: [ann.userId] } }]), 'levels.0.layers.0.rotation.unit'],
        [{ ...doc('t', [weekly([ann.userId])]), levels: [{ level: 1, timeout_minutes: 0, layers: [weekly([ann.userId])] }] }, 'levels.0.timeout_minutes'],
      ];
      for (const [body, field] of cases) {
        const r = await api('POST', '/api/schedules', body);
        expect(r.statusCode, `${field}: ${r.body}`).toBe(400);
        const err = r.json().error;
        expect(err.code).toBe('invalid_request');
        expect(err.details.map((d: Json) => d.field), r.body).toContain(field);
      }
      const dup = await api('POST', '/api/schedules', doc('Payments', [weekly([ann.userId])]));
      expect(dup.statusCode).toBe(409);
    });

    it('a layer sent again with its id keeps who is on call when participants are added, removed or reordered; reset_rotation restarts it', async () => {
      const s = await create(doc('Keep', [weekly([ann.userId, bob.userId, cy.userId])]));
      const layerId = s.levels[0].layers[0].id;
      expect(await onCallNow(s.id)).toEqual([[bob.userId]]);
      const put = async (participants: string[], extra: Json = {}) => {
        const r = await api('PUT', `/api/schedules/${s.id}`, doc('Keep', [weekly(participants, { id: layerId, ...extra })]));
        expect(r.statusCode, r.body).toBe(200);
        return r.json() as Json;
      };
      await put([dee.userId, ann.userId, bob.userId, cy.userId]);
      expect(await onCallNow(s.id)).toEqual([[bob.userId]]);
      await put([cy.userId, bob.userId, dee.userId, ann.userId]);
      expect(await onCallNow(s.id)).toEqual([[bob.userId]]);
      // The next week follows the new order.
      expect(await onCallNow(s.id, '2026-03-16T14:00:00Z')).toEqual([[dee.userId]]);
      // bob removed: the next in the old order who is still listed takes the rest of the shift.
      await put([cy.userId, dee.userId, ann.userId]);
      expect(await onCallNow(s.id)).toEqual([[dee.userId]]);
      // reset: the first participant has the shift that starts at handoff_local (2026-03-02): cy, then dee.
      const reset = await put([cy.userId, dee.userId, ann.userId], { reset_rotation: true });
      expect(reset.levels[0].layers[0].id).toBe(layerId);
      expect(await onCallNow(s.id)).toEqual([[dee.userId]]);
      expect(await onCallNow(s.id, '2026-03-03T15:00:00Z')).toEqual([[cy.userId]]);
      // Without the id it is a new layer and starts from its first participant too.
      const fresh = await put([bob.userId, ann.userId].reverse(), { id: undefined });
      expect(fresh.levels[0].layers[0].id).not.toBe(layerId);
    });

    it('deleting a schedule in use is a 409 naming its services and routing rules; another organization\'s is 404', async () => {
      const s = await create(doc('InUse', [weekly([ann.userId])]));
      const svc = await createService(t, tenant, 'uses-it');
      expect((await api('PATCH', `/api/services/${svc.id}`, { schedule_id: s.id })).statusCode).toBe(200);
      const other = await createService(t, tenant, 'routes-to-it');
      expect((await api('PUT', `/api/services/${other.id}/routing`, { rules: [{ name: 'Nights', schedule_id: s.id }] })).statusCode).toBe(200);
      const r = await api('DELETE', `/api/schedules/${s.id}`);
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toContain(svc.id);
      expect(r.json().error.message).toContain('"Nights"');
      expect(r.json().error.message).toContain(other.id);
      expect((await api('DELETE', `/api/schedules/${s.id}`, undefined, otherOrg())).statusCode).toBe(404);
      await api('PATCH', `/api/services/${svc.id}`, { schedule_id: null });
      await api('PUT', `/api/services/${other.id}/routing`, { rules: [] });
      expect((await api('DELETE', `/api/schedules/${s.id}`)).statusCode).toBe(200);
      expect((await api('GET', `/api/schedules/${s.id}`)).statusCode).toBe(404);
    });
    const otherOrg = () => other;

    it("another organization's schedule, override and service are 404 on every route", async () => {
      const s = await create(doc('Mine', [weekly([ann.userId])]));
      const o = (await api('POST', `/api/schedules/${s.id}/overrides`, { level: 1, kind: 'add', add_user_id: bob.userId, start: '2026-03-11T16:00:00Z', end: '2026-03-11T18:00:00Z' })).json();
      const svc = await createService(t, tenant, 'mine');
      for (const [method, url, body] of [
        ['GET', `/api/schedules/${s.id}`], ['PUT', `/api/schedules/${s.id}`, doc('x', [weekly([other.userId])])], ['POST', `/api/schedules/${s.id}/clone`, { name: 'c' }],
        ['GET', `/api/schedules/${s.id}/oncall`], ['GET', `/api/schedules/${s.id}/shifts?from=2026-03-11T00:00:00Z&to=2026-03-12T00:00:00Z`],
        ['GET', `/api/schedules/${s.id}/overrides`], ['POST', `/api/schedules/${s.id}/overrides`, { level: 1, kind: 'add', add_user_id: other.userId, start: '2026-03-11T16:00:00Z', end: '2026-03-11T18:00:00Z' }],
        ['DELETE', `/api/overrides/${o.id}`], ['GET', `/api/schedules/${s.id}/level-channels`], ['PUT', `/api/schedules/${s.id}/level-channels`, { entries: [] }],
        ['DELETE', `/api/schedules/${s.id}/level-channels/1/critical`], ['GET', `/api/services/${svc.id}/routing`], ['PUT', `/api/services/${svc.id}/routing`, { rules: [] }],
      ] as [('GET' | 'POST' | 'PUT' | 'DELETE'), string, object?][]) {
        const r = await api(method, url, body, other);
        expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(404);
      }
      // Nor can another organization name it.
      expect((await api('POST', '/api/services', { name: 'theirs', schedule_id: s.id }, other)).statusCode).toBe(400);
    });

    it('overrides: add, replace and remove, on the level or one layer; listed by window; deleted; each audited', async () => {
      const s = await create(doc('Overrides', [weekly([ann.userId, bob.userId])]));
      const layerId = s.levels[0].layers[0].id;
      const post = (body: Json) => api('POST', `/api/schedules/${s.id}/overrides`, { level: 1, start: '2026-03-11T14:00:00Z', end: '2026-03-11T16:00:00Z', ...body });
      expect(await onCallNow(s.id)).toEqual([[bob.userId]]);
      const replace = await post({ kind: 'replace', remove_user_id: bob.userId, add_user_id: cy.userId, note: 'dentist' });
      expect(replace.statusCode, replace.body).toBe(200);
      expect(replace.json()).toMatchObject({ schedule_id: s.id, level: 1, layer_id: null, kind: 'replace', add_user_id: cy.userId, remove_user_id: bob.userId, start: '2026-03-11T14:00:00.000Z', end: '2026-03-11T16:00:00.000Z', note: 'dentist', created_by: tenant.userId });
      expect(await onCallNow(s.id)).toEqual([[cy.userId]]);
      const add = (await post({ kind: 'add', add_user_id: dee.userId, layer_id: layerId })).json();
      expect(await onCallNow(s.id)).toEqual([[cy.userId, dee.userId]]);
      const view = (await api('GET', `/api/schedules/${s.id}/oncall`)).json();
      expect(view.levels[0].users.map((u: Json) => [u.source, u.layer_id])).toEqual([['override', null], ['override', layerId]]);
      // A replace of someone not on call does nothing.
      await post({ kind: 'replace', remove_user_id: ann.userId, add_user_id: bob.userId });
      expect(await onCallNow(s.id)).toEqual([[cy.userId, dee.userId]]);
      const listed = (await api('GET', `/api/schedules/${s.id}/overrides?from=2026-03-11T00:00:00Z&to=2026-03-12T00:00:00Z`)).json() as Json[];
      expect(listed).toHaveLength(3);
      const page = await api('GET', `/api/schedules/${s.id}/overrides?from=2026-03-11T00:00:00Z&limit=2`);
      expect(page.json()).toHaveLength(2);
      const rest = await api('GET', `/api/schedules/${s.id}/overrides?from=2026-03-11T00:00:00Z&limit=2&cursor=${page.headers['x-next-cursor']}`);
      expect([...page.json(), ...rest.json()].map((x: Json) => x.id).sort()).toEqual(listed.map((x) => x.id).sort());
      expect((await api('GET', `/api/schedules/${s.id}/overrides?from=2026-03-12T00:00:00Z`)).json()).toEqual([]);
      expect((await api('DELETE', `/api/overrides/${add.id}`)).json()).toEqual({ ok: true });
      expect((await api('DELETE', `/api/overrides/${add.id}`)).statusCode).toBe(404);
      expect(await onCallNow(s.id)).toEqual([[cy.userId]]);
      const actions = (await t.container.db.selectFrom('audit_log').select(['action', 'target_id']).where('org_id', '=', tenant.orgId).where('action', 'like', 'override.%').execute())
        .filter((a) => [replace.json().id, add.id].includes(a.target_id));
      expect(actions.map((a) => a.action).sort()).toEqual(['override.create', 'override.create', 'override.delete']);
    });

    it('refuses bad overrides with a 400 naming the field', async () => {
      const s = await create(doc('BadOverrides', [weekly([ann.userId])]));
      const base = { level: 1, kind: 'add', add_user_id: bob.userId, start: '2026-03-11T14:00:00Z', end: '2026-03-11T16:00:00Z' };
      const cases: [Json, string][] = [
        [{ ...base, level: 2 }, 'level'],
        [{ ...base, layer_id: 'lyr_nope' }, 'layer_id'],
        [{ ...base, add_user_id: other.userId }, 'add_user_id'],
        [{ ...base, add_user_id: null }, 'add_user_id'],
        [{ ...base, kind: 'remove' }, 'add_user_id'],
        [{ ...base, kind: 'replace', remove_user_id: bob.userId }, 'add_user_id'],
        [{ ...base, start: '2026-03-11T14:00:00' }, 'start'],
        [{ ...base, end: '2026-03-11T13:00:00Z' }, 'end'],
        [{ ...base, start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z' }, 'end'],
        [{ ...base, kind: 'swap' }, 'kind'],
      ];
      for (const [body, field] of cases) {
        const r = await api('POST', `/api/schedules/${s.id}/overrides`, body);
        expect(r.statusCode, `${field}: ${r.body}`).toBe(400);
        expect(r.json().error.details.map((d: Json) => d.field), r.body).toContain(field);
      }
    });

    it('a PUT that drops a level or layer with overrides still to come is a 409 naming them', async () => {
      const s = await create({ ...doc('Levels', [weekly([ann.userId])]), levels: [{ level: 1, timeout_minutes: 10, layers: [weekly([ann.userId])] }, { level: 2, timeout_minutes: 10, layers: [weekly([bob.userId])] }] });
      const o = (await api('POST', `/api/schedules/${s.id}/overrides`, { level: 2, kind: 'add', add_user_id: cy.userId, start: '2026-03-12T00:00:00Z', end: '2026-03-13T00:00:00Z' })).json();
      const r = await api('PUT', `/api/schedules/${s.id}`, doc('Levels', [weekly([ann.userId], { id: s.levels[0].layers[0].id })]));
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toContain(o.id);
      await api('DELETE', `/api/overrides/${o.id}`);
      expect((await api('PUT', `/api/schedules/${s.id}`, doc('Levels', [weekly([ann.userId], { id: s.levels[0].layers[0].id })]))).statusCode).toBe(200);
    });

    it('shifts: every shift of every level in the window, at most 31 days', async () => {
      const s = await create({
        ...doc('Shifts', [weekly([ann.userId, bob.userId])]),
        levels: [
          { level: 1, timeout_minutes: 10, layers: [{ ...weekly([ann.userId, bob.userId]), rotation: { unit: 'day', length: 1, handoff_local: '2026-03-01T02:30', participants: [ann.userId, bob.userId] } }] },
          { level: 2, timeout_minutes: 10, layers: [weekly([cy.userId])] },
        ],
      });
      const r = await api('GET', `/api/schedules/${s.id}/shifts?from=2026-03-07T12:00:00Z&to=2026-03-09T12:00:00Z`);
      expect(r.statusCode, r.body).toBe(200);
      const layer1 = s.levels[0].layers[0].id;
      expect(r.json()).toEqual([
        { level: 1, user_id: ann.userId, layer_id: layer1, source: 'rotation', start: '2026-03-07T12:00:00.000Z', end: '2026-03-08T07:00:00.000Z' },
        // 02:30 does not exist on 2026-03-08 in New York: the handoff is at 03:00 EDT.
        { level: 1, user_id: bob.userId, layer_id: layer1, source: 'rotation', start: '2026-03-08T07:00:00.000Z', end: '2026-03-09T06:30:00.000Z' },
        { level: 1, user_id: ann.userId, layer_id: layer1, source: 'rotation', start: '2026-03-09T06:30:00.000Z', end: '2026-03-09T12:00:00.000Z' },
        { level: 2, user_id: cy.userId, layer_id: s.levels[1].layers[0].id, source: 'rotation', start: '2026-03-07T12:00:00.000Z', end: '2026-03-09T12:00:00.000Z' },
      ]);
      for (const q of ['from=2026-03-01T00:00:00Z&to=2026-04-02T00:00:00Z', 'from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 'from=yesterday&to=2026-03-01T00:00:00Z', 'from=2026-03-01T00:00:00Z']) {
        expect((await api('GET', `/api/schedules/${s.id}/shifts?${q}`)).statusCode, q).toBe(400);
      }
    });

    it('clone copies levels, layers (same turns), channels and, when asked, the overrides still to come', async () => {
      const s = await create(doc('Source', [weekly([ann.userId, bob.userId, cy.userId])]));
      await api('PUT', `/api/schedules/${s.id}/level-channels`, { entries: [{ level: 1, priority: 'critical', steps: [{ channel: 'voice', delay_seconds: 0 }] }] });
      await api('POST', `/api/schedules/${s.id}/overrides`, { level: 1, layer_id: s.levels[0].layers[0].id, kind: 'add', add_user_id: dee.userId, start: '2026-03-11T14:00:00Z', end: '2026-03-11T16:00:00Z' });
      const r = await api('POST', `/api/schedules/${s.id}/clone`, { name: 'Copy', include_overrides: true });
      expect(r.statusCode, r.body).toBe(200);
      const c = r.json();
      expect(c.id).not.toBe(s.id);
      expect(c.levels[0].layers[0].id).not.toBe(s.levels[0].layers[0].id);
      expect(c.levels[0].layers[0].rotation).toEqual(s.levels[0].layers[0].rotation);
      expect(await onCallNow(c.id)).toEqual(await onCallNow(s.id));
      const overrides = (await api('GET', `/api/schedules/${c.id}/overrides`)).json() as Json[];
      expect(overrides.map((o) => o.layer_id)).toEqual([c.levels[0].layers[0].id]);
      const channels = (await api('GET', `/api/schedules/${c.id}/level-channels`)).json() as Json[];
      expect(channels.find((e) => e.level === 1 && e.priority === 'critical')).toMatchObject({ default: false, steps: [{ channel: 'voice', delay_seconds: 0 }] });
      const plain = (await api('POST', `/api/schedules/${s.id}/clone`, { name: 'Copy 2', time_zone: 'Europe/London' })).json();
      expect(plain.time_zone).toBe('Europe/London');
      expect((await api('GET', `/api/schedules/${plain.id}/overrides`)).json()).toEqual([]);
      expect((await api('POST', `/api/schedules/${s.id}/clone`, { name: 'Copy' })).statusCode).toBe(409);
      expect((await api('POST', `/api/schedules/${s.id}/clone`, { name: 'Copy 3', time_zone: 'Nowhere/Else' })).statusCode).toBe(400);
    });

    it('a member removed from the organization leaves every rotation and override, whose turn it is stays put, and the audit log says so', async () => {
      const gone = await addMember(t, tenant, 'responder');
      const s = await create(doc('Leaving', [weekly([ann.userId, gone.userId, bob.userId])]));
      expect(await onCallNow(s.id)).toEqual([[gone.userId]]);
      const o = (await api('POST', `/api/schedules/${s.id}/overrides`, { level: 1, kind: 'replace', remove_user_id: bob.userId, add_user_id: gone.userId, start: '2026-03-20T00:00:00Z', end: '2026-03-21T00:00:00Z' })).json();
      const r = await api('DELETE', `/api/org/members/${gone.userId}`);
      expect(r.statusCode, r.body).toBe(200);
      const after = (await api('GET', `/api/schedules/${s.id}`)).json();
      expect(after.levels[0].layers[0].rotation.participants).toEqual([ann.userId, bob.userId]);
      // gone's turn passes to the next one in the old order for the rest of the shift.
      expect(await onCallNow(s.id)).toEqual([[bob.userId]]);
      expect((await api('GET', `/api/schedules/${s.id}/overrides`)).json().map((x: Json) => x.id)).not.toContain(o.id);
      const entry = await t.container.db.selectFrom('audit_log').selectAll().where('action', '=', 'schedule.member_removed').where('target_id', '=', gone.userId).executeTakeFirstOrThrow();
      expect(JSON.parse(entry.changes)).toMatchObject({ layers: [s.levels[0].layers[0].id], overrides_deleted: [o.id] });
    });

    it('a member who leaves on their own leaves the rotations too', async () => {
      const leaver = await addMember(t, tenant, 'responder');
      const s = await create(doc('Leaver', [weekly([leaver.userId])]));
      const r = await t.app.inject({ method: 'POST', url: '/api/org/leave', headers: leaver.headers });
      expect(r.statusCode, r.body).toBe(200);
      expect((await api('GET', `/api/schedules/${s.id}`)).json().levels[0].layers[0].rotation.participants).toEqual([]);
      expect(await onCallNow(s.id)).toEqual([[]]);
    });
  });
}
