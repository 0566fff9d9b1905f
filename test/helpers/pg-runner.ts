import { TestRunner } from 'vitest';
import { type File, type Suite, type Task, updateTask } from '@vitest/runner';
import { PG_SKIP_NOTE, PG_SUITE } from './pg-suites.ts';

/**
 * Without KLAXON_TEST_PG_URL, the PostgreSQL suites are marked skipped once collected, so their
 * hooks never run, and each of their tests is reported skipped (not left pending) with a note.
 */
const pgSuites = new WeakSet<Suite>();

function skipAll(task: Task) {
  task.mode = 'skip';
  if (task.type === 'suite') for (const t of task.tasks) skipAll(t);
}

function markPgSuites(suite: Suite) {
  for (const task of suite.tasks) {
    if (task.type !== 'suite') continue;
    if (PG_SUITE.test(task.name)) {
      task.name += PG_SKIP_NOTE;
      pgSuites.add(task);
      skipAll(task);
    } else markPgSuites(task);
  }
}

export default class PgAwareRunner extends TestRunner {
  onCollected(files: File[]) {
    if (!process.env.KLAXON_TEST_PG_URL) for (const file of files) markPgSuites(file);
  }

  override async onBeforeRunSuite(suite: Suite) {
    if (pgSuites.has(suite)) {
      const report = (s: Suite) => {
        for (const t of s.tasks) {
          t.result = { ...t.result, state: 'skip' };
          updateTask('test-finished', t, this);
          if (t.type === 'suite') report(t);
        }
      };
      report(suite);
    }
    await super.onBeforeRunSuite(suite);
  }
}
