import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV_VAR_NAMES, ENV_VARS, TEST_ONLY_ENV_VARS, envVarsHelp, envVarsMarkdown } from '../../../src/config.vars.ts';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { REPO, klaxonSync } from '../../helpers/process.ts';

/**
 * Issue 34 item 6: the README's configuration table, `klaxon --help` and `klaxon serve --help`
 * come from one definition (ENV_VARS, src/config.vars.ts), and src/config.ts reads no variable it
 * does not list (docs/adr/0737). A variable added to one place only fails here.
 * After changing ENV_VARS: `UPDATE_README=1 npx vitest run test/integration/cli/env-vars.test.ts`.
 */
const README = join(REPO, 'README.md');
const TABLE = /(Environment variables \(also read from `\.env`\)[^\n]*\n\n)(\|[^\n]*\|\n)+/;

/** The variable names of the README's table, read from the README itself (first column). */
function readmeNames(readme: string): string[] {
  const table = TABLE.exec(readme)?.[0];
  if (!table) throw new Error('README.md: the configuration table is missing');
  return table
    .split('\n')
    .slice(3)
    .filter((l) => l.startsWith('|'))
    .flatMap((l) => [...l.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

describe('one definition of the environment: README table, --help, config.ts', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'klaxon-env-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the README configuration table is ENV_VARS, row for row', () => {
    let readme = readFileSync(README, 'utf8');
    if (process.env.UPDATE_README) {
      readme = readme.replace(TABLE, (_all, intro: string) => `${intro}${envVarsMarkdown()}\n`);
      writeFileSync(README, readme);
    }
    const table = TABLE.exec(readme)?.[0].slice(TABLE.exec(readme)![1]!.length).trimEnd();
    expect(table, 'run UPDATE_README=1 npx vitest run test/integration/cli/env-vars.test.ts').toBe(envVarsMarkdown());
    expect(new Set(readmeNames(readme))).toEqual(new Set(ENV_VARS.flatMap((r) => r.names)));
  });

  it('MAIL_FROM has its own row that says its form', () => {
    const row = ENV_VARS.find((r) => r.names.includes('MAIL_FROM'))!;
    expect(row.names).toEqual(['MAIL_FROM']);
    expect(row.meaning).toContain('`Klaxon <klaxon@example.com>`');
  });

  // Two process starts (a few seconds each; 45 s each at a load of 25 on two cores).
  it('klaxon --help and klaxon serve --help list every variable of the README table', { timeout: 240_000 }, () => {
    const names = readmeNames(readFileSync(README, 'utf8'));
    expect(names.length).toBeGreaterThan(40);
    for (const args of [['--help'], ['serve', '--help']]) {
      const r = klaxonSync(args, { cwd: dir });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(envVarsHelp());
      const listed = new Set(r.stdout.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b/g));
      expect(names.filter((n) => !listed.has(n)), `${args.join(' ')} leaves these out`).toEqual([]);
    }
  });

  it('src/config.ts (and config.push.ts) read exactly the variables ENV_VARS lists', () => {
    const NOT_VARIABLES = new Set(['EEXIST']); // upper-case strings there that are not variables
    const read = new Set<string>();
    for (const file of ['src/config.ts', 'src/config.push.ts']) {
      const text = readFileSync(join(REPO, file), 'utf8');
      for (const m of text.matchAll(/'([A-Z][A-Z0-9_]{2,})'|\benv\.([A-Z][A-Z0-9_]+)/g)) read.add((m[1] ?? m[2])!);
    }
    for (const n of NOT_VARIABLES) read.delete(n);
    expect([...read].filter((n) => !ENV_VAR_NAMES.has(n)), 'read but not in ENV_VARS').toEqual([]);
    expect([...ENV_VAR_NAMES].filter((n) => !read.has(n)), 'in ENV_VARS but never read').toEqual([]);
    expect(TEST_ONLY_ENV_VARS.filter((n) => readmeNames(readFileSync(README, 'utf8')).includes(n))).toEqual([]);
  });

  it('MAIL_FROM takes an address or a name and an address; anything else stops start-up naming it', () => {
    const base = { DATABASE_URL: 'sqlite::memory:', KLAXON_SECRET_KEY: '0f'.repeat(32) };
    const load = (MAIL_FROM: string) => loadConfig({ ...base, MAIL_FROM }, { readDotEnv: false, generateSecret: false }).mailFrom;
    for (const ok of ['klaxon@example.com', 'Klaxon <klaxon@example.com>', '"Klaxon, on call" <klaxon@example.com>']) expect(load(ok)).toBe(ok);
    for (const bad of ['klaxon', 'Klaxon klaxon@example.com', 'Klaxon <klaxon@example.com', 'klaxon@example.com>']) {
      expect(() => load(bad)).toThrow(ConfigError);
      expect(() => load(bad)).toThrow(/^MAIL_FROM must be an address \(klaxon@example\.com\) or a name and an address/);
    }
  });
});
