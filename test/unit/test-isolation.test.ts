import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_FILES, NEEDS_ISOLATION } from '../helpers/isolation.ts';

const ROOT = join(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [relative(ROOT, join(dir, e.name))] : [],
  );
}

/** Files share a worker's module graph (docs/adr/0776): what one leaves behind, the next one sees. */
describe('test isolation', () => {
  const files = testFiles(join(ROOT, 'test'));

  it('a file in the shared project mocks no module, stubs no global or environment, and undoes its spies and fake timers', () => {
    const offenders: string[] = [];
    for (const file of files) {
      // This file names what it forbids, as examples.
      if (ISOLATED_FILES.includes(file) || file === 'test/unit/test-isolation.test.ts') continue;
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const rule of NEEDS_ISOLATION) {
        if (rule.pattern.test(text) && !(rule.unless && rule.unless.test(text))) offenders.push(`${file}: ${rule.what}; undo it, or add the file to ISOLATED_FILES (test/helpers/isolation.ts)`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('every isolated file exists and needs it', () => {
    for (const file of ISOLATED_FILES) {
      expect(files, file).toContain(file);
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(NEEDS_ISOLATION.some((r) => r.pattern.test(text) && !(r.unless && r.unless.test(text))), `${file} does nothing that needs isolation`).toBe(true);
    }
  });

  it('the rule catches what it names', () => {
    const caught = (text: string) => NEEDS_ISOLATION.filter((r) => r.pattern.test(text) && !(r.unless && r.unless.test(text))).map((r) => r.what);
    expect(caught("vi.mock('node:fs')")).toHaveLength(1);
    expect(caught("vi.stubGlobal('fetch', f)")).toHaveLength(1);
    expect(caught('process.env.TZ = "UTC"')).toHaveLength(1);
    expect(caught("process.env['TZ'] ??= 'UTC'")).toHaveLength(1);
    expect(caught('delete process.env.TZ')).toHaveLength(1);
    expect(caught('globalThis.fetch = f')).toHaveLength(1);
    expect(caught('vi.useFakeTimers()')).toHaveLength(1);
    expect(caught('vi.useFakeTimers(); vi.useRealTimers()')).toEqual([]);
    expect(caught("vi.spyOn(Date, 'now')")).toHaveLength(1);
    expect(caught("vi.spyOn(Date, 'now'); afterEach(() => vi.restoreAllMocks())")).toEqual([]);
    expect(caught('if (process.env.CI === "1") x()')).toEqual([]);
    expect(caught('const env = { ...process.env }')).toEqual([]);
  });
});
