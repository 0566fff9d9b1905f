import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src/lib/errors.ts';
import { createMappingSandbox } from '../../../src/modules/integration/mapping.sandbox.ts';
import { DOUBLING, SLOW } from '../../factories/hostile-mappings.ts';

/**
 * Issue 19.1: custom mappings run in sandbox processes (docs/adr/0501-custom-mapping-sandbox.md).
 * These run the attacks of the issue against the sandbox itself; the HTTP tests are in
 * test/integration/sources/mapping-isolation.test.ts, the process test in
 * test/integration/api/fuzz-hostile.test.ts.
 */


const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'expected the evaluation to fail').toBeInstanceOf(AppError);
  return err as AppError;
};

describe('mapping sandbox', () => {
  const sandbox = createMappingSandbox();
  afterAll(() => sandbox.close());

  it('maps a payload, item by item, with $payload', async () => {
    const items = await sandbox.evaluate('org_a', { items: 'checks', title: "name & ' on ' & $payload.host", priority: 'level', routing: '{"team": team, "n": 1}' }, {
      host: 'web-1',
      checks: [
        { name: 'a', level: 'crit', team: 'web' },
        { name: 'b', level: 2 },
      ],
    });
    expect(items).toEqual([
      { values: { title: 'a on web-1', priority: 'crit' }, routing: { team: 'web' } },
      { values: { title: 'b on web-1', priority: '2' }, routing: {} },
    ]);
  });

  it("the issue's doubling expression: a 400 naming its field, the process replaced, the next mapping served", async () => {
    const started = sandbox.stats().started;
    const err = await failure(sandbox.evaluate('org_a', { title: "'ok'", body: DOUBLING }, {}));
    expect(err.code).toBe('invalid_request');
    expect(err.details).toEqual([{ field: 'mapping.body', message: expect.stringMatching(/memory|room|too long/) }]);
    expect(err.message).toMatch(/^mapping\.body could not be evaluated on this payload: /);
    expect(await sandbox.evaluate('org_b', { title: "'after'" }, {})).toEqual([{ values: { title: 'after' } }]);
    expect(sandbox.stats().started).toBeGreaterThanOrEqual(started);
  });

  it('a $replace that builds hundreds of millions of characters is stopped (by the time or the memory bound)', async () => {
    // 10,000 × 10,000 characters in one step, then twice that in the next.
    const err = await failure(sandbox.evaluate('org_a', { title: `$replace($replace($pad("", 10000, "a"), "a", $pad("", 10000, "a")), "a", "aa")` }, {}));
    expect(err.details?.[0]).toEqual({ field: 'mapping.title', message: expect.stringMatching(/memory|room|too long/) });
    expect(await sandbox.evaluate('org_b', { title: "'still here'" }, {})).toEqual([{ values: { title: 'still here' } }]);
  });

  it('time is bounded per request, not per expression: 100 items of slow fields stop at the budget', async () => {
    // Each field alone stays under any per-expression limit; all of them together do not.
    const mapping = { items: 'xs', title: SLOW, event_key: SLOW, body: SLOW, source: SLOW, priority: "'high'" };
    // Stopped at all proves the budget is the request's: each field alone is under any per-expression limit.
    const err = await failure(sandbox.evaluate('org_c', mapping, { xs: Array.from({ length: 100 }, (_, i) => ({ i, n: 900 })) }));
    expect(err.details?.[0]?.field).toMatch(/^mapping\.(title|event_key|body|source)$/);
    expect(err.message).toMatch(/took too long \(a request's mapping may run 250 ms in all\)/);
  });

  it('$split keeps to the 1,000-value limit', async () => {
    const many = await failure(sandbox.evaluate('org_d', { title: '$string($count($split($pad("", 4000, "a,"), ",")))' }, {}));
    expect(many.details?.[0]).toEqual({ field: 'mapping.title', message: '$split produced more than 1,000 values' });
    const capped = await sandbox.evaluate('org_d', { title: '$string($count($split($pad("", 4000, "a,"), ",", 1000)))' }, {});
    expect(capped).toEqual([{ values: { title: '1000' } }]);
    const few = await sandbox.evaluate('org_d', { title: '$join($split("a,b,c", ","), "+")' }, {});
    expect(few).toEqual([{ values: { title: 'a+b+c' } }]);
  });

  it('output is bounded: long texts are cut to what a signal can use, routing objects to 100 attributes', async () => {
    const [item] = await sandbox.evaluate('org_d', { title: '$pad("", 10000, "t")', body: '$join([1..20].$pad("", 10000, "b"))' }, {});
    expect(item!.values.title).toHaveLength(2 * 1024 + 2);
    expect(item!.values.body).toHaveLength(2 * 64 * 1024 + 2);
    const wide = await failure(sandbox.evaluate('org_d', { title: "'x'", routing: '$merge([1..101].{"k" & $string($): "v"})' }, {}));
    expect(wide.details?.[0]).toEqual({ field: 'mapping.routing', message: 'produced 101 attributes; at most 100' });
  });

  it('a trial on an empty payload refuses what exceeds a bound on any payload, and nothing else', async () => {
    const bomb = await failure(sandbox.evaluate('org_e', { title: "'x'", event_key: DOUBLING }, {}, { trial: true }));
    expect(bomb.details?.[0]?.field).toBe('mapping.event_key');
    expect(bomb.message).toMatch(/^mapping\.event_key exceeds what a mapping may use even without a payload: /);
    const recursion = await failure(sandbox.evaluate('org_e', { title: '($f := function($n){ $n = 0 ? 0 : 1 + $f($n - 1) }; $string($f(100000)))' }, {}, { trial: true }));
    expect(recursion.details?.[0]).toEqual({ field: 'mapping.title', message: 'nested too deeply (recursion deeper than 100)' });
    // Needs its payload: fails on {} with an ordinary error, which a trial does not count.
    expect(await sandbox.evaluate('org_e', { items: 'checks', title: 'name & 1', priority: '$uppercase(level)' }, {}, { trial: true })).toHaveLength(1);
  });

  it('organizations are served in turn: one that floods the sandbox with endless mappings does not hold the others up', async () => {
    const own = createMappingSandbox();
    try {
      // Tail-recursive, so no depth bound stops it: only the time budget does.
      const endless = { title: '($f := function($n){ $n = 0 ? 0 : $f($n - 1) }; $string($f(100000000)))' };
      const flood = Array.from({ length: 8 }, () => own.evaluate('org_hostile', endless, {}).catch((e: unknown) => e));
      // The flood is running (its processes started and took jobs) before the other organization asks.
      await vi.waitFor(() => expect(own.stats().busy).toBeGreaterThan(0), { timeout: 30_000, interval: 5 });
      const t0 = performance.now();
      const fine = await own.evaluate('org_fine', { title: "'served'" }, {});
      const waited = performance.now() - t0;
      expect(fine).toEqual([{ values: { title: 'served' } }]);
      // At most the jobs already running (2 processes, 250 ms each) were ahead of it.
      expect(waited).toBeLessThan(1500);
      // The hostile organization's first job failed on its budget; the rest wait out growing penalties.
      expect(await flood[0]).toMatchObject({ code: 'invalid_request', details: [{ field: 'mapping.title', message: expect.stringMatching(/took too long/) }] });
      await own.close();
      const rest = await Promise.all(flood);
      expect(rest.every((r) => r instanceof AppError && ['invalid_request', 'service_unavailable'].includes(r.code))).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('an organization with too many evaluations waiting gets 429', async () => {
    const small = createMappingSandbox({ processes: 1, queuePerOrg: 2 });
    try {
      const slow = { title: '($string($sum([1..900].($sum([1..900])))))' };
      const jobs = Array.from({ length: 4 }, () => small.evaluate('org_q', slow, {}).catch((e: unknown) => e));
      const refused = (await Promise.all(jobs)).filter((r) => r instanceof AppError && r.code === 'rate_limited');
      expect(refused.length).toBeGreaterThanOrEqual(1);
    } finally {
      await small.close();
    }
  });

  it('close kills the processes and refuses what comes after', async () => {
    const own = createMappingSandbox();
    expect(await own.evaluate('org_z', { title: "'x'" }, {})).toHaveLength(1);
    expect(own.stats().processes).toBe(1);
    await own.close();
    expect(own.stats().processes).toBe(0);
    expect((await failure(own.evaluate('org_z', { title: "'x'" }, {}))).code).toBe('service_unavailable');
  });
});
