import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: more workers only contend for them.
    maxWorkers: 2,
    // Without KLAXON_TEST_PG_URL the PostgreSQL suites are skipped, and counted (test/helpers/pg-runner.ts).
    runner: './test/helpers/pg-runner.ts',
    // Migrates one SQLite file and one PostgreSQL template once per run; test stores are copies (docs/adr/0775).
    globalSetup: ['./test/helpers/store-template.ts'],
    reporters: ['default', './test/helpers/pg-skip-reporter.ts', './test/helpers/browser-skip-reporter.ts'],
  },
});
