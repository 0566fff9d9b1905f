import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileError, parseConfig, toYaml } from '../../src/modules/config/config.document.ts';

/** Every YAML example of the configuration-as-code docs is a valid document (JSON Schema of /api/config-schema.json), and export's form is stable. */
const ROOT = resolve(import.meta.dirname, '../..');
const docs = ['docs/config-as-code.md', 'README.md'];

describe('configuration documents', () => {
  // The README's other YAML (Alertmanager's Watchdog route) is not a Klaxon document: there, only blocks that start one (`version:`).
  const blocks = docs.flatMap((d) =>
    [...readFileSync(join(ROOT, d), 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)]
      .map((m) => ({ doc: d, text: m[1]! }))
      .filter((b) => b.doc !== 'README.md' || /^version:/m.test(b.text)),
  );

  it('the docs hold YAML examples, and each validates against the JSON Schema', () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) {
      try {
        parseConfig(b.text);
      } catch (err) {
        throw new Error(`${b.doc}: example at its line ${(err as FileError).line}: ${(err as Error).message}`);
      }
    }
  });

  it('the canonical form is a fixed point: written, read and written again gives the same bytes', () => {
    for (const b of blocks) {
      const once = toYaml(parseConfig(b.text).doc);
      expect(toYaml(parseConfig(once).doc)).toBe(once);
    }
  });

  it('a schema error, a YAML error and an unknown field name their line and column', () => {
    const at = (text: string) => {
      try {
        parseConfig(text);
      } catch (err) {
        return [(err as FileError).line, (err as FileError).col, (err as Error).message] as const;
      }
      throw new Error('no error');
    };
    expect(at('version: 1\nservices:\n  - name: API\n    ack_timeout_minutes: 0\n')).toEqual([4, 26, expect.stringContaining('/services/0/ack_timeout_minutes must be >= 1')]);
    expect(at('version: 1\nservices:\n  - name: API\n    colour: red\n')).toEqual([4, 13, expect.stringContaining('unknown field "colour"')]);
    expect(at('version: 1\nservices: [\n')[0]).toBeGreaterThanOrEqual(2);
    expect(at('version: 2\n')).toEqual([1, 10, expect.stringContaining('/version')]);
  });
});
