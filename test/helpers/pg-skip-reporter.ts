import type { Reporter, TestModule } from 'vitest/node';
import { PG_SUITE } from './pg-suites.ts';

/** Prints, at the end of a run without KLAXON_TEST_PG_URL, how many tests that left out. */
export default class PgSkipReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (process.env.KLAXON_TEST_PG_URL) return;
    let skipped = 0;
    for (const m of modules) for (const t of m.children.allTests('skipped')) if (PG_SUITE.test(t.fullName.split(' > ')[0]!)) skipped++;
    process.stdout.write(
      `\n PostgreSQL  ${skipped} tests skipped for want of PostgreSQL (KLAXON_TEST_PG_URL is unset; ` +
        `set KLAXON_TEST_PG_URL=postgres://postgres@127.0.0.1:5432/postgres to run them)\n\n`,
    );
  }
}
