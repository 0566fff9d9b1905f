import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, sql } from 'kysely';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, createTestStore, type Tenant, type TestApp, type TestStore } from '../../helpers/app.ts';
import { INTERNED_KINDS, logEntries, logTemplateId } from '../../../src/modules/alert/index.ts';
import { createMigrator } from '../../../src/db/migrator.ts';
import { listLog } from '../../../src/modules/alert/alert.repository.ts';
import { rowToLogEntry } from '../../../src/modules/alert/alert.mapper.ts';
import type { AlertLogRow } from '../../../src/modules/alert/alert.table.ts';
import { INTERNED_KINDS_AT_MIGRATION, templateIdAtMigration } from '../../../src/db/migrations/2026-11-28T010000_timeline_storage.ts';

// Timeline entries of common kinds keep their (kind, actor, message, meta) once, in
// alert_log_templates (docs/adr/0550-timeline-storage.md). The timeline reads the same either way.

describe('the migration holds a frozen copy of the template key', () => {
  it('that agrees with the application, for the kinds it interned', () => {
    expect(INTERNED_KINDS_AT_MIGRATION.toSorted()).toEqual([...INTERNED_KINDS].toSorted());
    for (const t of [
      ['triggered', 'integration', 'int_1', 'Alert opened by source "Default webhook": priority high, urgency high', '{"priority":"high","urgency":"high"}'],
      ['page_requested', 'system', null, 'page requested: urgency high', '{"urgency":"high","event_type":"alert.triggered"}'],
    ] as Array<[string, string, string | null, string, string]>) {
      const id = logTemplateId(...t);
      expect(templateIdAtMigration(...t)).toBe(id);
      expect(Number.isSafeInteger(id) && id >= 0).toBe(true);
    }
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: timeline storage`, () => {
    let t: TestApp;
    let a: Tenant;
    let b: Tenant;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      a = await bootstrapTenant(t, 'Org A');
      b = await bootstrapTenant(t, 'Org B');
    });
    afterAll(async () => t?.close());

    const timeline = async (tenant: Tenant, alertId: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/alerts/${alertId}/timeline`, headers: tenant.headers })).json() as Array<{ kind: string; message: string; actor: { type: string; id: string | null } }>;

    it('an entry of an interned kind keeps its template id only; the timeline reads the same once every entry is written back inline', async () => {
      const svc = await createService(t, a, 'storage');
      const id = (await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'disk', event_key: 'disk', priority: 'high' } })).json().alert_id as string;
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'disk', event_key: 'disk' } });
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'disk', event_key: 'disk', priority: 'critical' } });
      await t.container.runner.drain();
      await t.app.inject({ method: 'PUT', url: `/api/alerts/${id}/ack`, headers: a.headers });
      await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { action: 'resolve', event_key: 'disk' } });
      await t.container.runner.drain();
      const before = (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}/timeline`, headers: a.headers })).body;
      const kinds = JSON.parse(before).map((e: { kind: string }) => e.kind);
      expect(kinds).toEqual(expect.arrayContaining(['triggered', 'page_requested', 'repeated', 'priority_raised', 'acknowledged', 'resolved']));

      const stored = await t.container.db.selectFrom('alert_log').selectAll().where('alert_id', '=', id).execute();
      for (const row of stored) {
        if (INTERNED_KINDS.has(row.kind)) expect(row, row.kind).toMatchObject({ message: null, actor_type: null, actor_id: null, meta: null, template_id: expect.any(Number) });
        else expect(row, row.kind).toMatchObject({ template_id: null, message: expect.any(String), meta: expect.any(String) });
      }

      // Every entry written back inline, as before templates: the API answers the same bytes.
      const db = t.container.db as Kysely<any>;
      await sql`update alert_log set message = (select message from alert_log_templates t where t.id = alert_log.template_id),
          actor_type = (select actor_type from alert_log_templates t where t.id = alert_log.template_id),
          actor_id = (select actor_id from alert_log_templates t where t.id = alert_log.template_id),
          meta = (select meta from alert_log_templates t where t.id = alert_log.template_id), template_id = null
        where alert_id = ${id} and template_id is not null`.execute(db);
      expect((await t.container.db.selectFrom('alert_log').select('template_id').where('alert_id', '=', id).where('template_id', 'is not', null).execute()).length).toBe(0);
      const after = (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}/timeline`, headers: a.headers })).body;
      expect(after).toBe(before);
    });

    it("two organizations' entries never share a template that names an actor: each timeline names its own source", async () => {
      // The same service name in both: the sources' names and messages are alike, their ids are not.
      const sa = await createService(t, a, 'checkout');
      const sb = await createService(t, b, 'checkout');
      const ida = (await t.app.inject({ method: 'POST', url: sa.ingestPath, payload: { title: 'x', event_key: 'x' } })).json().alert_id as string;
      const idb = (await t.app.inject({ method: 'POST', url: sb.ingestPath, payload: { title: 'x', event_key: 'x' } })).json().alert_id as string;
      await t.container.runner.drain();
      const ta = await timeline(a, ida);
      const tb = await timeline(b, idb);
      const opened = (tl: typeof ta) => tl.find((e) => e.kind === 'triggered')!;
      expect(opened(ta).actor).toEqual({ type: 'integration', id: sa.integrationId });
      expect(opened(tb).actor).toEqual({ type: 'integration', id: sb.integrationId });
      expect(JSON.stringify(ta)).not.toContain(sb.integrationId);
      expect(JSON.stringify(tb)).not.toContain(sa.integrationId);

      const templateOf = async (alertId: string, kind: string) =>
        (await t.container.db.selectFrom('alert_log').select('template_id').where('alert_id', '=', alertId).where('kind', '=', kind).executeTakeFirstOrThrow()).template_id;
      // The openings: one template each, each naming its own organization's source.
      const [ta1, tb1] = [await templateOf(ida, 'triggered'), await templateOf(idb, 'triggered')];
      expect(ta1).not.toBe(tb1);
      const templates = await t.container.db.selectFrom('alert_log_templates').selectAll().where('id', 'in', [ta1!, tb1!]).execute();
      expect(templates.map((r) => r.actor_id).toSorted()).toEqual([sa.integrationId, sb.integrationId].toSorted());
      // The page request names nobody: one template, the same text in both.
      expect(await templateOf(ida, 'page_requested')).toBe(await templateOf(idb, 'page_requested'));
      expect(ta.find((e) => e.kind === 'page_requested')).toMatchObject({ message: 'page requested: urgency high', actor: { type: 'system', id: null } });
      // Each organization reads only its own alert's timeline.
      expect((await t.app.inject({ method: 'GET', url: `/api/alerts/${idb}/timeline`, headers: a.headers })).statusCode).toBe(404);
    });

    it('a template is written once however many entries name it, and outlives the alerts (retention deletes entries, not templates)', async () => {
      const svc = await createService(t, a, 'many');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: `m${i}`, event_key: `m${i}` } })).json().alert_id);
      await t.container.runner.drain();
      const used = await t.container.db.selectFrom('alert_log').select('template_id').distinct().where('alert_id', 'in', ids).where('kind', '=', 'triggered').execute();
      expect(used).toHaveLength(1);
      await t.container.db.deleteFrom('alerts').where('id', 'in', ids).execute();
      expect(await logEntries(t.container.db).selectAll().where('alert_id', 'in', ids).execute()).toEqual([]);
      expect(await t.container.db.selectFrom('alert_log_templates').select('id').where('id', '=', used[0]!.template_id!).execute()).toHaveLength(1);
    });
  });

  describe(`${dialect}: entries written before 2026-11-28T010000_timeline_storage`, () => {
    let ts: TestStore | undefined;
    afterEach(async () => {
      await ts?.drop();
      ts = undefined;
    });

    it('read the same after it, interned where their kind is, inline otherwise', async () => {
      ts = await createTestStore(dialect, {}, { migrate: false });
      const db = ts.store.db as Kysely<any>;
      const migrator = createMigrator(db);
      const r = await migrator.migrateTo('2026-11-27T010000_alert_log_by_alert');
      expect(r.error).toBeUndefined();
      const T = '2026-03-01T10:00:00.000Z';
      await db.insertInto('organizations').values({ id: 'org_1', name: 'A', created_at: T, updated_at: T }).execute();
      await db.insertInto('services').values({ id: 'svc_1', org_id: 'org_1', name: 's', created_at: T, updated_at: T }).execute();
      const alert = (id: string) => ({
        id, org_id: 'org_1', service_id: 'svc_1', title: 't', title_words: 't', body: '', event_key: id, priority: 2, urgency: 'high', status: 'resolved', duplicate_count: 0,
        source: '', details: '{}', level: 1, created_at: T, updated_at: T, last_signal_at: T,
      });
      await db.insertInto('alerts').values([alert('alr_1'), alert('alr_2')]).execute();
      const entry = (alertId: string, id: string, kind: string, message: string, actorType: string, actorId: string | null, meta: string, extra: object = {}) => ({
        id, alert_id: alertId, kind, message, actor_type: actorType, actor_id: actorId, event_id: null, receipt_id: null, meta, created_at: T, ...extra,
      });
      const opened = 'Alert opened by source "Default webhook": priority high, urgency high';
      const rows = [
        entry('alr_1', 'log_01', 'triggered', opened, 'integration', 'int_1', '{"priority":"high","urgency":"high"}', { receipt_id: 'rcp_1' }),
        entry('alr_1', 'log_02', 'page_requested', 'page requested: urgency high', 'system', null, '{"urgency":"high","event_type":"alert.triggered"}', { event_id: 7 }),
        entry('alr_1', 'log_03', 'repeated', 'Repeat signal joined (duplicate 1)', 'integration', 'int_1', '{}'),
        entry('alr_1', 'log_04', 'resolved', 'Resolved by source "Default webhook"', 'integration', 'int_1', '{}'),
        entry('alr_2', 'log_05', 'triggered', opened, 'integration', 'int_1', '{"priority":"high","urgency":"high"}'),
        entry('alr_2', 'log_06', 'triggered', opened, 'integration', 'int_2', '{"priority":"high","urgency":"high"}'),
        entry('alr_2', 'log_07', 'snoozed', 'Snoozed by Ada until 2026-03-01T11:00:00.000Z', 'user', 'usr_1', '{"until":"2026-03-01T11:00:00.000Z"}'),
      ];
      await db.insertInto('alert_log').values(rows).execute();
      // Before, and after the down: as the timeline read them then (no templates).
      const readInline = async () =>
        (await db.selectFrom('alert_log').selectAll().where('alert_id', 'in', ['alr_1', 'alr_2']).orderBy('alert_id').orderBy('id').execute()).map((r) => rowToLogEntry(r as AlertLogRow));
      const read = async () => [...(await listLog(ts!.store.db, 'alr_1', undefined, 100)), ...(await listLog(ts!.store.db, 'alr_2', undefined, 100))].map(rowToLogEntry);
      const before = await readInline();
      expect(before.map((e) => e.id)).toEqual(rows.map((r) => r.id));

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(JSON.stringify(await read())).toBe(JSON.stringify(before));
      const stored = await db.selectFrom('alert_log').select(['id', 'template_id', 'message']).orderBy('id').execute();
      const interned = stored.filter((s) => s.template_id !== null).map((s) => s.id);
      expect(interned).toEqual(['log_01', 'log_02', 'log_04', 'log_05', 'log_06']);
      expect(stored.filter((s) => s.template_id === null).every((s) => s.message !== null)).toBe(true);
      // log_01 and log_05 share a template; log_06 (another source) has its own.
      const byId = new Map(stored.map((s) => [s.id, s.template_id]));
      expect(byId.get('log_01')).toBe(byId.get('log_05'));
      expect(byId.get('log_06')).not.toBe(byId.get('log_01'));
      expect(Number((await db.selectFrom('alert_log_templates').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(4);

      // And back: the entries inline again, as they were.
      expect((await migrator.migrateTo('2026-11-27T010000_alert_log_by_alert')).error).toBeUndefined();
      expect(JSON.stringify(await readInline())).toBe(JSON.stringify(before));
    });
  });
}
