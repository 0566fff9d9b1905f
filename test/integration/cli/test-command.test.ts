import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/process.ts';

/**
 * The README's test command on a machine without PostgreSQL: files whose suites all need it
 * (the cluster and outage tests) used to define no test, and vitest exited 1 with "No test suite
 * found" though everything passed. They are now skipped, visibly, and counted.
 */
describe('npm test without KLAXON_TEST_PG_URL', () => {
  it('passes, skips the PostgreSQL suites and says how many tests it skipped for want of PostgreSQL', () => {
    const env = { ...process.env };
    delete env.KLAXON_TEST_PG_URL;
    const files = ['test/integration/durability/cluster.test.ts', 'test/integration/durability/outage.test.ts'];
    const run = spawnSync(process.execPath, [join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', ...files], { cwd: REPO, env, encoding: 'utf8', timeout: 120_000 });
    const out = run.stdout + run.stderr;
    expect(out).not.toContain('No test suite found');
    expect(run.status, out).toBe(0);
    expect(out).toMatch(/\b3 tests skipped for want of PostgreSQL/);
  }, 180_000);
});
