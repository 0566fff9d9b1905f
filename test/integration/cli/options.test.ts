import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klaxonSync } from '../../helpers/process.ts';

/** Every subcommand takes --help/-h and refuses what it does not know, before touching any store. */
describe('klaxon subcommand options', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'klaxon-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const COMMANDS: [string[], RegExp][] = [
    [['serve'], /^Usage: klaxon serve \[--role api\|worker\|all\] \[--no-migrate\]/],
    [['migrate'], /^Usage: klaxon migrate\n/],
    [['admin', 'bootstrap'], /^Usage: klaxon admin bootstrap --org NAME --email EMAIL/],
    [['dev', 'mail-sink'], /^Usage: klaxon dev mail-sink \[--port 2526\] \[--host 127\.0\.0\.1\]/],
  ];

  // Eight processes each: on a loaded 2-core machine one start takes 10 s and more (20 s at load 17).
  it('--help and -h print the command\'s usage and exit 0', { timeout: 360_000 }, () => {
    for (const [command, usage] of COMMANDS) {
      for (const flag of ['--help', '-h']) {
        const r = klaxonSync([...command, flag], { cwd: dir });
        expect(r.status, `${command.join(' ')} ${flag}: ${r.stderr}`).toBe(0);
        expect(r.stdout).toMatch(usage);
        expect(r.stderr).toBe('');
      }
    }
    expect(readdirSync(dir)).toEqual([]); // nothing started, nothing created
  });

  it('an unknown option or argument is refused with the usage and exit 1, as admin bootstrap always did', { timeout: 360_000 }, () => {
    for (const [command, usage] of COMMANDS) {
      for (const extra of [['--foo'], ['stray']]) {
        const r = klaxonSync([...command, ...extra], { cwd: dir });
        expect(r.status, `${command.join(' ')} ${extra.join(' ')}`).toBe(1);
        expect(r.stderr).toMatch(/^klaxon: (Unknown option '--foo'|Unexpected argument 'stray')/);
        expect(r.stderr).toMatch(new RegExp(usage.source.replace(/^\^/, '')));
        expect(r.stdout).toBe('');
      }
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});
