import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, buildTestApp, type TestApp } from '../../helpers/app.ts';

/**
 * The one background runner (src/lib/background.ts, docs/adr/0760): a job that fails is logged,
 * never silent, and run again; every job's runs, failures and time are on /metrics. The test
 * waits for the retry's own promise, never for time.
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: one background runner`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
    });
    afterAll(async () => {
      await t?.close();
    });

    const series = async (name: string, job: string): Promise<number> => {
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = body.split('\n').find((l) => l.startsWith(`${name}{job="${job}"} `));
      return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
    };

    it('a failing job is logged and run again; its runs, failures and time appear on /metrics', async () => {
      let runs = 0;
      let recovered!: () => void;
      const done = new Promise<void>((r) => (recovered = r));
      const loop = t.container.background.add(
        {
          name: 'flaky-test-job',
          async run() {
            runs++;
            if (runs === 1) throw new Error('the first run fails');
            recovered();
            return 0;
          },
        },
        { everyMs: 5, maxBackoffMs: 5 },
      );
      loop.start();
      await done;
      await loop.stop();
      const logged = t.logs.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message?: string } }).filter((l) => l.msg.includes('flaky-test-job'));
      expect(logged).toHaveLength(1);
      expect(logged[0]!.level).toBe(50);
      expect(logged[0]!.msg).toMatch(/^background job flaky-test-job failed; it runs again in 5 ms$/);
      expect(logged[0]!.err?.message).toBe('the first run fails');
      expect(await series('klaxon_job_runs_total', 'flaky-test-job')).toBe(2);
      expect(await series('klaxon_job_failures_total', 'flaky-test-job')).toBe(1);
      expect(await series('klaxon_job_duration_seconds_count', 'flaky-test-job')).toBe(2);
    });

    it('every loop of the process is a job of the runner, timed under its name', async () => {
      expect(t.container.background.names.sort()).toEqual(
        ['credential-snapshot', 'escalation-prune', 'flaky-test-job', 'outbox', 'outbox-prune', 'paging-checks', 'paging-dispatch', 'paging-dispatch-urgent', 'paging-engine', 'receipt-prune', 'retention', 'spool-drain', 'webhook-delivery', 'webhook-cleanup'].sort(),
      );
      await t.container.background.loop('outbox')!.runOnce();
      await t.container.background.loop('paging-dispatch')!.runOnce();
      expect(await series('klaxon_job_runs_total', 'outbox')).toBeGreaterThanOrEqual(1);
      expect(await series('klaxon_job_runs_total', 'paging-dispatch')).toBeGreaterThanOrEqual(1);
    });
  });
}
