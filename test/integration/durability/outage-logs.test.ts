import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type TestApp } from '../../helpers/app.ts';
import { waitFor } from '../../helpers/procs.ts';

/**
 * No log flood while the store is down (src/db/outage-log.ts): the outbox worker polls every
 * 250 ms and the credential snapshot refreshes each minute, and each failure used to be an error
 * line with a stack. The injected clock decides when a summary is due; the test waits for
 * conditions, never for time.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: background jobs during an outage`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ dialect, outage: true });
      await bootstrapTenant(t);
    });
    afterAll(async () => {
      await t?.container.runner.stop();
      await t?.close();
    });

    const parsed = () => t.logs.map((l) => JSON.parse(l) as { level: number; msg: string; failures?: Record<string, number> });
    const background = () => parsed().filter((l) => l.msg !== 'request');

    it('log one warning, at most one summary a minute, and one info line when the store is back', async () => {
      const before = background().length;
      t.outage.begin();
      t.container.runner.start();
      await waitFor('the outage warning', async () => background().some((l) => l.level === 40), 10_000, 10);
      // Many rounds fail meanwhile (one every 250 ms); the clock has not moved, so no more lines.
      expect(await t.container.snapshots.refresh()).toBe(false);
      const afterWarning = background().slice(before);
      expect(afterWarning.map((l) => l.level)).toEqual([40]);
      expect(afterWarning[0]!.msg).toMatch(/the store is unavailable: paging and other outbox work waits/);

      t.clock.advance(60_000);
      await waitFor('a summary', async () => background().some((l) => l.msg === 'the store is still unavailable'), 10_000, 10);
      const summary = background().find((l) => l.msg === 'the store is still unavailable')!;
      expect(summary.failures!.outbox).toBeGreaterThanOrEqual(1);

      t.outage.end();
      expect(await t.container.snapshots.refresh()).toBe(true);
      await waitFor('the all-clear', async () => background().some((l) => l.level === 30 && l.msg === 'the store answers again; background jobs resume'), 10_000, 10);
      const lines = background().slice(before);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.map((l) => l.level)).toEqual([40, 40, 30]);
    });
  });
}
