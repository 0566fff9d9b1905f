import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { fileOffsetClock, testClockText } from '../../src/lib/test-clock.ts';

// The process tests' clock (docs/adr/0422): on only with a file that says it is a test clock.

const dir = mkdtempSync(join(tmpdir(), 'klaxon-test-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = { DATABASE_URL: 'sqlite:/tmp/x.db', KLAXON_SECRET_KEY: '0f'.repeat(32) };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env }, { readDotEnv: false, generateSecret: false });

describe('KLAXON_TEST_CLOCK_FILE', () => {
  it('is off unless set, and refused unless it names a test clock file by an absolute path', () => {
    expect(load({}).testClockFile).toBeUndefined();
    const plain = join(dir, 'offset');
    writeFileSync(plain, '7200000\n');
    expect(() => load({ KLAXON_TEST_CLOCK_FILE: plain })).toThrow(ConfigError);
    expect(() => load({ KLAXON_TEST_CLOCK_FILE: plain })).toThrow(/not a test clock file.*unset it/);
    expect(() => load({ KLAXON_TEST_CLOCK_FILE: join(dir, 'missing') })).toThrow(ConfigError);
    expect(() => load({ KLAXON_TEST_CLOCK_FILE: 'clock' })).toThrow(/absolute path/);
    const good = join(dir, 'clock');
    writeFileSync(good, testClockText(0));
    expect(load({ KLAXON_TEST_CLOCK_FILE: good }).testClockFile).toBe(good);
  });

  it('adds the offset the file says to the system time, read again as the file changes', () => {
    const path = join(dir, 'moving');
    writeFileSync(path, testClockText(2 * 3_600_000));
    const clock = fileOffsetClock(path, 0);
    /** The clock's reading minus the system time, bracketed by two system readings (exact, whatever the machine's speed). */
    const offsetWithin = (offset: number) => {
      const before = Date.now();
      const t = clock.now().getTime();
      const after = Date.now();
      expect(t).toBeGreaterThanOrEqual(before + offset);
      expect(t).toBeLessThanOrEqual(after + offset);
    };
    offsetWithin(2 * 3_600_000);
    writeFileSync(path, testClockText(60_000));
    offsetWithin(60_000);
    // A file that stops being a test clock keeps the last offset rather than jumping.
    writeFileSync(path, 'garbage');
    offsetWithin(60_000);
  });
});
