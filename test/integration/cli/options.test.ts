import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, klaxonSync } from '../../helpers/process.ts';

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
    [['admin', 'user', 'create'], /^Usage: klaxon admin user <create\|reset-password\|set-role>/],
    [['admin', 'backup'], /^Usage: klaxon admin backup --to FILE/],
    [['admin', 'restore'], /^Usage: klaxon admin restore --from FILE/],
    [['config'], /^Usage: klaxon config export \[-f FILE\]/],
  ];

  // Eight processes each: on a loaded 2-core machine one start takes 10 s and more (20 s at load 17).
  it('--help and -h print the command\'s usage and exit 0', { timeout: 720_000 }, () => {
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

  // What a command loads, not how long it takes (tests time nothing): `klaxon config` is a client of
  // the HTTP API and needs none of the server. It used to import maskUrl through the webhook
  // module's index, which loaded about 80 of the server's files and Kysely.
  it('config --help loads the config module and the CLI\'s few shared files: no Fastify, no database layer, no other module', { timeout: 120_000 }, () => {
    const log = join(dir, '..', `klaxon-imports-${process.pid}-${Date.now()}.log`);
    try {
      const r = klaxonSync(['config', '--help'], {
        cwd: dir,
        env: { NODE_OPTIONS: `--import ${join(REPO, 'test/helpers/import-log/register.mjs')}`, KLAXON_IMPORT_LOG: log },
      });
      expect(r.status, r.stderr).toBe(0);
      const loaded = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))];
      // The log works: the command's own file is in it.
      expect(loaded.some((u) => u.endsWith('/src/modules/config/config.cli.ts'))).toBe(true);
      const packages = [...new Set(loaded.flatMap((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1] ?? []))];
      for (const heavy of ['fastify', 'kysely', 'pg', 'better-sqlite3', 'nodemailer', 'libphonenumber-js']) expect(packages, heavy).not.toContain(heavy);
      expect(packages.filter((p) => p.startsWith('@fastify/'))).toEqual([]);
      const modules = loaded.flatMap((u) => /\/src\/modules\/([^/]+)\//.exec(u)?.[1] ?? []);
      expect([...new Set(modules)]).toEqual(['config']);
      expect(loaded.filter((u) => /\/src\/(server|app|container)\.ts$|\/src\/db\/connect\.ts$/.test(u))).toEqual([]);
    } finally {
      rmSync(log, { force: true });
    }
  });

  it('an unknown option or argument is refused with the usage and exit 1, as admin bootstrap always did', { timeout: 720_000 }, () => {
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

  it('--version prints the package\'s version', { timeout: 120_000 }, () => {
    const r = klaxonSync(['--version'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.stderr).toBe('');
  });

  // Issue 34 item 5: the owner's name is given at bootstrap (else every timeline shows their email).
  it('admin bootstrap --name sets the owner\'s name; a name over one line is refused with exit 1', { timeout: 180_000 }, async () => {
    const data = mkdtempSync(join(tmpdir(), 'klaxon-cli-name-'));
    try {
      const env = { DATABASE_URL: `sqlite:${join(data, 'klaxon.db')}`, KLAXON_DATA_DIR: data, LOG_LEVEL: 'warn' };
      const bad = klaxonSync(['admin', 'bootstrap', '--org', 'Acme', '--email', 'ada@example.com', '--name', 'Ada\nLovelace', '--json'], { cwd: data, env });
      expect(bad.status, bad.stderr).toBe(1);
      expect(bad.stderr).toMatch(/--name: must be one line/);
      const r = klaxonSync(['admin', 'bootstrap', '--org', 'Acme', '--email', 'ada@example.com', '--name', 'Ada Lovelace', '--json'], { cwd: data, env });
      expect(r.status, r.stderr).toBe(0);
      const { user_id } = JSON.parse(r.stdout) as { user_id: string };
      const { default: Sqlite } = await import('better-sqlite3');
      const db = new Sqlite(join(data, 'klaxon.db'), { readonly: true });
      try {
        expect(db.prepare('select name, email from users where id = ?').get(user_id)).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
      } finally {
        db.close();
      }
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
