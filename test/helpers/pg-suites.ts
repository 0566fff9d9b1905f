/**
 * The suites that need PostgreSQL: a suite named for the postgres dialect (`postgres: …` or
 * `… (postgres)`). Without KLAXON_TEST_PG_URL, pg-runner.ts marks them skipped when they are
 * collected and appends PG_SKIP_NOTE to their names; pg-skip-reporter.ts counts them.
 */
export const PG_SUITE = /^postgres\b|\(postgres\)/;
export const PG_SKIP_NOTE = ' [skipped: set KLAXON_TEST_PG_URL to run on PostgreSQL]';
