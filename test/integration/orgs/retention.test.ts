import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { retentionJob } from '../../../src/jobs/retention.job.ts';

const DAY = 86_400_000;

for (const dialect of DIALECTS) {
  describe(`${dialect}: retention_days removes old resolved alerts`, () => {
    let t: TestApp;
    let a: Tenant;
    let b: Tenant;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      a = await bootstrapTenant(t, 'Short memory');
      b = await bootstrapTenant(t, 'Default memory');
    });
    afterAll(async () => t?.close());

    const open = async (path: string, key: string) => (await t.app.inject({ method: 'POST', url: path, payload: { title: key, event_key: key } })).json().alert_id as string;
    const resolve = async (path: string, key: string) => expect((await t.app.inject({ method: 'POST', url: path, payload: { action: 'resolve', event_key: key } })).json().resolved).toBe(true);
    const status = async (tenant: Tenant, id: string) => (await t.app.inject({ method: 'GET', url: `/api/alerts/${id}`, headers: tenant.headers })).statusCode;

    it('deletes resolved alerts past the organization\'s retention and nothing else', async () => {
      expect((await t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: a.headers, payload: { retention_days: 30 } })).statusCode).toBe(200);
      const sa = await createService(t, a, 'a');
      const sb = await createService(t, b, 'b');
      const oldA = await open(sa.ingestPath, 'old');
      await resolve(sa.ingestPath, 'old');
      const stillOpen = await open(sa.ingestPath, 'still-open');
      const oldB = await open(sb.ingestPath, 'old');
      await resolve(sb.ingestPath, 'old');
      t.clock.advance(20 * DAY);
      const recentA = await open(sa.ingestPath, 'recent');
      await resolve(sa.ingestPath, 'recent');

      t.clock.advance(11 * DAY); // oldA resolved 31 days ago, recentA 11 days ago
      expect(await retentionJob.run({ db: t.container.db, now: t.clock.now() })).toBe(1);
      expect(await status(a, oldA)).toBe(404);
      expect(await status(a, recentA)).toBe(200);
      expect(await status(a, stillOpen)).toBe(200);
      expect(await status(b, oldB)).toBe(200);
      const log = await t.container.db.selectFrom('alert_log').select('id').where('alert_id', '=', oldA).execute();
      expect(log).toEqual([]);

      expect(await retentionJob.run({ db: t.container.db, now: t.clock.now() })).toBe(0);
      t.clock.advance(335 * DAY); // oldB resolved 366 days ago
      await retentionJob.run({ db: t.container.db, now: t.clock.now() });
      expect(await status(b, oldB)).toBe(404);
      expect(await status(a, stillOpen)).toBe(200);
    });
  });
}
