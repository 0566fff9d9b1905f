import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md and the ADR index are a map a newcomer trusts: every path they name must exist,
// and every ADR must be indexed, so the map stays true as code moves (issue 42 item 1).
const root = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = ['ARCHITECTURE.md', 'docs/adr/README.md'];
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Every repository path in code (`src/…`, `test/…`, `bench/…`, `docs/…`, `web/…`; a trailing `/` names a folder). */
function namedPaths(text: string): string[] {
  const paths = new Set<string>();
  // Inline code spans, and the fenced blocks (the diagram) whole.
  const spans = [...text.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map(([, block]) => block!);
  const prose = text.replace(/```[\s\S]*?```/g, '');
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) spans.push(span!);
  for (const code of spans) {
    // Several paths in one span ("`src/a.ts`, `src/b.ts`" is two spans; "`src/a.ts → src/b.ts`" is one).
    for (const [path] of code.matchAll(/(?<![\w./-])(?:src|test|bench|docs|web)\/[\w./-]*[\w/]/g)) paths.add(path);
  }
  return [...paths];
}

/** Every relative Markdown link's target, as a repository path. */
function linkedPaths(text: string, from: string): string[] {
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
  return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map(([, target]) => target!)
    .filter((t) => !/^[a-z]+:/.test(t))
    .map((t) => join(dir, t));
}

describe('ARCHITECTURE.md and the ADR index', () => {
  for (const doc of DOCS) {
    it(`${doc}: every path it names exists`, () => {
      const text = read(doc);
      const named = [...namedPaths(text), ...linkedPaths(text, doc)];
      expect(named.length).toBeGreaterThan(doc === 'ARCHITECTURE.md' ? 50 : 90);
      expect(named.filter((p) => !existsSync(join(root, p)))).toEqual([]);
    });
  }

  it('docs/adr/README.md indexes every ADR, each with a status', () => {
    const index = read('docs/adr/README.md');
    const adrs = readdirSync(join(root, 'docs/adr')).filter((f) => f !== 'README.md');
    expect(adrs.filter((f) => !index.includes(`](${f})`))).toEqual([]);
    // One line an ADR: `- [NNNN — title](file) — status`.
    const lines = index.split('\n').filter((l) => /\]\(\d{4}-[^)]+\.md\)/.test(l));
    expect(lines.filter((l) => !/ — (accepted|draft|superseded by \d{4}|partly superseded by \d{4})\b/.test(l))).toEqual([]);
  });

  it('every ADR named in a bench note exists, and every note is linked from its ADR', () => {
    const notes = readdirSync(join(root, 'bench/notes')).filter((f) => f.endsWith('.md'));
    expect(notes.length).toBeGreaterThan(0);
    const adrs = readdirSync(join(root, 'docs/adr'));
    for (const note of notes) {
      const adr = adrs.find((f) => f.startsWith(note.slice(0, 5)));
      expect(adr, note).toBeDefined();
      expect(read(`docs/adr/${adr}`), adr).toContain(`bench/notes/${note}`);
    }
  });
});
