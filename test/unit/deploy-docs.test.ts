import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBinary } from '../helpers/binaries.ts';
import { deployDocSections, shLines } from '../helpers/deploy-doc-lines.ts';

/**
 * Issue 40: every shell command docs/deploy.md shows in a ```sh block is run by a test or by CI.
 * A section counts as run when a test reads its lines by title (`docShellLines('<title>')`, or
 * `deployDocCommands('<title>')`) and runs them; otherwise each of its lines must appear, as
 * written, in .ci/run or a test file. ```text blocks hold file contents only: a line of one that
 * starts with a command (a program on PATH, or one the page runs elsewhere) is refused, and so are
 * other shell fences (bash, shell, console), so no command slips past (docs/adr/0867).
 */
const ROOT = resolve(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...testFiles(p));
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

describe('docs/deploy.md: each shell command is run by a test or CI', () => {
  const doc = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
  const sources = testFiles(join(ROOT, 'test')).filter((f) => !f.endsWith('deploy-docs.test.ts')).map((f) => ({ file: f.slice(ROOT.length + 1), text: readFileSync(f, 'utf8') }));
  const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
  /** Sections whose lines a test reads by title, with the files that do. */
  const runners = new Map<string, string[]>();
  for (const s of sources) {
    for (const m of s.text.matchAll(/(?:docShellLines|deployDocCommands)\(\s*'([^']+)'/g)) runners.set(m[1]!, [...(runners.get(m[1]!) ?? []), s.file]);
    // A list of titles handed to docShellLines in a loop: for (const section of ['A', 'B'])
    for (const m of s.text.matchAll(/for \(const section of \[([^\]]+)\]\)[\s\S]{0,200}?docShellLines\(section\)/g)) {
      for (const t of m[1]!.matchAll(/'([^']+)'/g)) runners.set(t[1]!, [...(runners.get(t[1]!) ?? []), s.file]);
    }
  }

  it('uses ```sh for commands (no bash, shell or console fences)', () => {
    expect(doc.match(/^```(bash|shell|console|zsh)\b.*$/gm) ?? []).toEqual([]);
  });

  it('```text blocks hold no commands', () => {
    const programs = new Set(deployDocSections(doc).flatMap(({ body }) => shLines(body).map((l) => l.split(/\s+/)[0]!)));
    const commands: string[] = [];
    for (const m of doc.matchAll(/^```text\n([\s\S]*?)^```/gm)) {
      for (const line of m[1]!.split('\n')) {
        const word = /^\s*([\w.-]+)(\s|$)/.exec(line)?.[1];
        if (word && (programs.has(word) || findBinary(word))) commands.push(line.trim());
      }
    }
    expect(commands, 'commands belong in ```sh blocks, where a test runs them').toEqual([]);
  });

  const sections = deployDocSections(doc);
  it('has sections', () => {
    expect(sections.length).toBeGreaterThan(0);
  });
  for (const { title, body } of sections) {
    const lines = shLines(body);
    if (!lines.length) continue;
    it(`"${title}": every sh line is run`, () => {
      if (runners.has(title)) return;
      const missing = lines.filter((line) => !ci.includes(line) && !sources.some((s) => s.text.includes(line)));
      expect(missing, `no test reads the section "${title}" by its title, and these lines appear in no test nor .ci/run`).toEqual([]);
    });
  }

  it('the runners named are real test files', () => {
    for (const m of doc.matchAll(/`(test\/[^`]+\.test\.ts)`/g)) expect(sources.some((s) => s.file === m[1]) || m[1] === 'test/unit/deploy-docs.test.ts', m[1]).toBe(true);
  });
});
