import { readFileSync } from 'node:fs';
import type { Clock } from './clock.ts';

/**
 * A clock the process tests move (docs/adr/0422-test-clock-for-process-tests.md): the system time
 * plus an offset read from a file that the test rewrites, shared by every process that names it,
 * so real processes see two hours pass without the test waiting them. Enabled only by
 * KLAXON_TEST_CLOCK_FILE naming a file whose first line is TEST_CLOCK_HEADER: nothing a production
 * setup sets by accident, and start-up logs a warning whenever it is on.
 */
export const TEST_CLOCK_HEADER = 'klaxon test clock: not for production';

/** The file's offset in ms, or throws saying what is wrong with it. */
export function readTestClockOffset(path: string): number {
  const [head, value] = readFileSync(path, 'utf8').split('\n');
  if (head !== TEST_CLOCK_HEADER) throw new Error(`its first line must be "${TEST_CLOCK_HEADER}"`);
  const offset = Number(value?.trim() || '0');
  if (!Number.isSafeInteger(offset)) throw new Error(`its second line must be an offset in milliseconds, got "${value}"`);
  return offset;
}

/** The text of a test clock file with `offsetMs`. */
export const testClockText = (offsetMs: number): string => `${TEST_CLOCK_HEADER}\n${offsetMs}\n`;

/**
 * System time plus the file's offset, read again at most every `rereadMs`. A file caught mid-write
 * or removed keeps the last offset (tests write it whole with a rename).
 */
export function fileOffsetClock(path: string, rereadMs = 50): Clock {
  let offset = readTestClockOffset(path);
  let readAt = Date.now();
  return {
    now() {
      const t = Date.now();
      if (t - readAt >= rereadMs) {
        readAt = t;
        try {
          offset = readTestClockOffset(path);
        } catch {
          /* keep the last offset */
        }
      }
      return new Date(t + offset);
    },
  };
}
