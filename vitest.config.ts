import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES } from './test/helpers/isolation.ts';

export default defineConfig({
  test: {
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
    // One module graph per worker, imported once rather than once a file (docs/adr/0776): about half
    // of an API file's time was importing the app. The few files that mock a module run isolated.
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED_FILES, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED_FILES, isolate: true } },
    ],
  },
});
