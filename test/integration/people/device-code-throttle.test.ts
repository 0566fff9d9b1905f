import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionJob } from '../../../src/jobs/retention.job.ts';
import { DIALECTS, buildTestApp, type TestApp } from '../../helpers/app.ts';

// Issue 33 item 8 (part): POST /api/auth/device/code was unthrottled and device_grants were never
// deleted. It is now throttled per client address with the action throttle (docs/adr/0712), and
// the retention job deletes grants an hour past their expiry.
for (const dialect of DIALECTS) {
  describe(`${dialect}: device codes are throttled per address and their grants pruned`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
    });
    afterAll(async () => t?.close());

    const ask = (from: string) => t.app.inject({ method: 'POST', url: '/api/auth/device/code', payload: { client_name: 'agent' }, remoteAddress: from });
    const grants = async () => Number((await t.container.db.selectFrom('device_grants').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n);

    it('20 codes an hour from one address are free; then 429 with Retry-After, growing; another address is not held back', async () => {
      for (let i = 0; i < 20; i++) expect((await ask('198.51.100.7')).statusCode).toBe(200);
      const refused = await ask('198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect(refused.headers['retry-after']).toBe('10');
      expect((await ask('203.0.113.9')).statusCode).toBe(200);
      t.clock.advance(10_000);
      expect((await ask('198.51.100.7')).statusCode).toBe(200);
      const again = await ask('198.51.100.7');
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('20');
    });

    it('the retention job deletes grants an hour past their expiry, whatever their state, and keeps live ones', async () => {
      const before = await grants();
      expect(before).toBeGreaterThan(20);
      t.clock.advance(10 * 60_000 + 3600_000 + 1000);
      expect((await ask('192.0.2.1')).statusCode).toBe(200);
      await retentionJob.run({ db: t.container.db, now: t.clock.now() });
      expect(await grants()).toBe(1);
    });
  });
}
