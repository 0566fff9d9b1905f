import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackgroundRunner } from '../../../src/lib/background.ts';
import { ManualClock } from '../../../src/lib/clock.ts';
import { SELF_HEARTBEAT_MAX_BACKLOG, SELF_HEARTBEAT_SCHEDULE, selfHeartbeatJob } from '../../../src/jobs/self-heartbeat.job.ts';
import { DIALECTS, buildTestApp, type TestApp } from '../../helpers/app.ts';
import { startReceiver } from '../../helpers/webhook-receiver.ts';

/**
 * Klaxon watching itself (PRODUCT.md 15, docs/adr/0865): KLAXON_SELF_HEARTBEAT_URL is pinged each
 * minute only while the paging engine's last cycle (and the time checks' last run, ADR 0885)
 * succeeded recently and the outbox backlog is
 * under its bound. A loopback HTTP receiver counts the pings; the clock is moved by hand and each
 * job is run once by the test (never a sleep).
 */
describe('self heartbeat: pings stop when the engine is stuck', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('pings each minute while the engine cycles; a stuck or failing engine, or a backlog, stops them', async () => {
    const clock = new ManualClock('2026-12-05T10:00:00.000Z');
    const runner = createBackgroundRunner({ clock, report: () => ({ failed() {}, ok() {} }) });
    // The engine: a background module `{ name, run(now) }` whose next cycle the test decides.
    let mode: 'ok' | 'fail' | 'stuck' = 'ok';
    let release: (() => void) | undefined;
    const engine = runner.add(
      {
        name: 'paging-engine',
        async run() {
          if (mode === 'fail') throw new Error('the engine cycle failed');
          if (mode === 'stuck') await new Promise<void>((r) => (release = r));
          return 0;
        },
      },
      { everyMs: 1000 },
    );
    let backlog: number | Error = 0;
    const heartbeat = runner.add(
      selfHeartbeatJob({
        url: receiver.url('/v1/heartbeat/hb_secret-token'),
        engine: () => runner.loop('paging-engine'),
        backlog: async () => {
          if (backlog instanceof Error) throw backlog;
          return backlog;
        },
      }),
      SELF_HEARTBEAT_SCHEDULE,
    );
    const pings = () => receiver.requests.filter((r) => r.path === '/v1/heartbeat/hb_secret-token' && r.method === 'GET').length;
    /** One minute passes: the engine cycles (unless stuck) and the heartbeat runs. */
    const minute = async () => {
      clock.advance(60_000);
      if (mode !== 'stuck') await engine.runOnce();
      return heartbeat.runOnce();
    };

    // Before the engine's first cycle: nothing.
    expect(await heartbeat.runOnce()).toBe(0);
    expect(pings()).toBe(0);

    await engine.runOnce();
    expect(await heartbeat.runOnce()).toBe(1);
    expect(pings()).toBe(1);
    // Within the same minute: not again.
    clock.advance(30_000);
    await engine.runOnce();
    expect(await heartbeat.runOnce()).toBe(0);
    await minute();
    await minute();
    expect(pings()).toBe(3);

    // The engine gets stuck inside a cycle: its last finished cycle ages, and after two minutes the pings stop.
    mode = 'stuck';
    const stuckRun = engine.runOnce();
    await minute(); // the last cycle ended 60 s ago: still well
    expect(pings()).toBe(4);
    for (let i = 0; i < 5; i++) expect(await minute()).toBe(0);
    expect(pings()).toBe(4);
    // It comes back: the pings resume.
    mode = 'ok';
    release!();
    await stuckRun;
    expect(await minute()).toBe(1);
    expect(pings()).toBe(5);

    // A failing cycle stops them at once.
    mode = 'fail';
    expect(await minute()).toBe(0);
    expect(await minute()).toBe(0);
    expect(pings()).toBe(5);
    mode = 'ok';
    expect(await minute()).toBe(1);

    // A backlog at its bound, or one that cannot be read (the store is down), stops them too.
    backlog = SELF_HEARTBEAT_MAX_BACKLOG;
    expect(await minute()).toBe(0);
    backlog = new Error('connection refused');
    expect(await minute()).toBe(0);
    backlog = SELF_HEARTBEAT_MAX_BACKLOG - 1;
    expect(await minute()).toBe(1);
    expect(pings()).toBe(7);
    await runner.stop();
  });

  it('the time checks (paging-checks: heartbeats, alert timers, handoff notices) stuck or failing stop the pings too', async () => {
    const clock = new ManualClock('2026-12-05T10:00:00.000Z');
    const runner = createBackgroundRunner({ clock, report: () => ({ failed() {}, ok() {} }) });
    const engine = runner.add({ name: 'paging-engine', run: async () => 0 }, { everyMs: 1000 });
    let mode: 'ok' | 'fail' | 'stuck' = 'ok';
    let release: (() => void) | undefined;
    const checks = runner.add(
      {
        name: 'paging-checks',
        async run() {
          if (mode === 'fail') throw new Error('a time check failed');
          if (mode === 'stuck') await new Promise<void>((r) => (release = r));
          return 0;
        },
      },
      { everyMs: 1000 },
    );
    const heartbeat = runner.add(
      selfHeartbeatJob({ url: receiver.url('/v1/heartbeat/hb_checks'), engine: () => runner.loop('paging-engine'), checks: () => runner.loop('paging-checks'), backlog: async () => 0 }),
      SELF_HEARTBEAT_SCHEDULE,
    );
    const minute = async () => {
      clock.advance(60_000);
      await engine.runOnce();
      if (mode !== 'stuck') await checks.runOnce();
      return heartbeat.runOnce();
    };
    // The engine has cycled but the time checks have not run yet: not well.
    await engine.runOnce();
    expect(await heartbeat.runOnce()).toBe(0);
    await checks.runOnce();
    expect(await heartbeat.runOnce()).toBe(1);
    // Stuck inside a run: after two minutes the pings stop, the engine cycling or not.
    mode = 'stuck';
    const stuckRun = checks.runOnce();
    expect(await minute()).toBe(1);
    for (let i = 0; i < 3; i++) expect(await minute()).toBe(0);
    mode = 'ok';
    release!();
    await stuckRun;
    expect(await minute()).toBe(1);
    // Failing: at once.
    mode = 'fail';
    expect(await minute()).toBe(0);
    mode = 'ok';
    expect(await minute()).toBe(1);
    expect(receiver.requests.filter((r) => r.path === '/v1/heartbeat/hb_checks')).toHaveLength(4);
    await runner.stop();
  });

  it('a receiver that answers 500 is a failed run (logged by the runner), retried; the URL is never in the message', async () => {
    const clock = new ManualClock('2026-12-05T10:00:00.000Z');
    const failures: string[] = [];
    const runner = createBackgroundRunner({ clock, report: () => ({ failed: (err) => failures.push(String((err as Error).message)), ok() {} }) });
    const engine = runner.add({ name: 'paging-engine', run: async () => 0 }, { everyMs: 1000 });
    const heartbeat = runner.add(
      selfHeartbeatJob({ url: receiver.url('/v1/heartbeat/hb_other-secret'), engine: () => runner.loop('paging-engine'), backlog: async () => 0 }),
      SELF_HEARTBEAT_SCHEDULE,
    );
    await engine.runOnce();
    receiver.reply({ status: 500 });
    expect(await heartbeat.runOnce()).toBe(0);
    expect(failures).toEqual(['the self heartbeat URL answered 500']);
    // Not counted as a ping: the next run tries again at once.
    expect(await heartbeat.runOnce()).toBe(1);
    await runner.stop();
  });
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: the self heartbeat in the container`, () => {
    let t: TestApp;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      receiver = await startReceiver();
      t = await buildTestApp({ dialect, outage: true, env: { KLAXON_SELF_HEARTBEAT_URL: receiver.url('/ping/hb_container') } });
    });
    afterAll(async () => {
      await t?.close();
      await receiver?.close();
    });

    it('pings after a real engine cycle with the real backlog; not while the store is down', async () => {
      const heartbeat = t.container.selfHeartbeat!;
      expect(heartbeat.name).toBe('self-heartbeat');
      const engine = t.container.background.loop('paging-engine')!;
      const checks = t.container.background.loop('paging-checks')!;
      await engine.runOnce();
      // The time checks have their own loop (ADR 0765), held to the same rule (ADR 0885).
      expect(await heartbeat.runOnce()).toBe(0);
      await checks.runOnce();
      expect(await heartbeat.runOnce()).toBe(1);
      expect(receiver.requests.map((r) => r.path)).toEqual(['/ping/hb_container']);

      t.outage.down = true;
      t.clock.advance(60_000);
      await engine.runOnce();
      expect(await heartbeat.runOnce()).toBe(0);
      t.outage.down = false;
      await engine.runOnce();
      await checks.runOnce();
      expect(await heartbeat.runOnce()).toBe(1);
      expect(receiver.requests).toHaveLength(2);
    });
  });
}
