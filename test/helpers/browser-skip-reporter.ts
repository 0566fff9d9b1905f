import type { Reporter, TestModule } from 'vitest/node';
import { BROWSER_SUITE, CHROMIUM, HAVE_CHROMIUM } from './browser.ts';

/** Prints, at the end of a run on a machine without Chromium, how many browser tests that left out. */
export default class BrowserSkipReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (HAVE_CHROMIUM) return;
    let skipped = 0;
    for (const m of modules) for (const t of m.children.allTests('skipped')) if (BROWSER_SUITE.test(t.fullName)) skipped++;
    if (!skipped) return;
    process.stdout.write(`\n Browser  ${skipped} dashboard tests skipped for want of Chromium at ${CHROMIUM} (apt-get install -y chromium to run them)\n\n`);
  }
}
