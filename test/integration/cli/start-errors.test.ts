import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { klaxonSync } from '../../helpers/process.ts';
import { freePort, klaxonEnv, startKlaxon, tempDir } from '../../helpers/procs.ts';

// An operator who mistypes DATABASE_URL, or starts Klaxon before its database, gets one line that
// names the setting and says what the driver saw: no stack trace, no password (README, Configuration).
describe('klaxon with a database it cannot use', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = tempDir();
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  const expectOneLine = (r: { status: number | null; stdout: string; stderr: string }, saw: RegExp) => {
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^klaxon: cannot use the database named by DATABASE_URL \(.+\); check DATABASE_URL/);
    expect(lines[0]).toMatch(saw);
    expect(r.stderr + r.stdout).not.toContain('s3cret');
  };

  // serve starts without the database instead, to spool signals (issue 18.7): durability/restart-during-outage.test.ts.
  it('a server that refuses connections: migrate and admin bootstrap each say so in one line', async () => {
    const port = await freePort();
    const cwd = dir();
    const env = klaxonEnv(`postgres://klaxon:s3cret@127.0.0.1:${port}/klaxon`, cwd);
    for (const args of [['migrate'], ['admin', 'bootstrap', '--org', 'Acme', '--email', 'a@example.com']]) {
      expectOneLine(klaxonSync(args, { cwd, env }), /ECONNREFUSED 127\.0\.0\.1/);
    }
  });

  it('a process holding another KLAXON_SECRET_KEY than the database was sealed with does not start', async () => {
    const cwd = dir();
    const env = klaxonEnv(`sqlite:${cwd}/klaxon.db`, cwd, { PORT: String(await freePort()) });
    expect(klaxonSync(['admin', 'bootstrap', '--org', 'Acme', '--email', 'a@example.com'], { cwd, env }).status).toBe(0);
    const r = klaxonSync(['serve'], { cwd, env: { ...env, KLAXON_SECRET_KEY: 'ab'.repeat(32) } });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^klaxon: KLAXON_SECRET_KEY is not the key this database's secrets were sealed with\. Every process that shares a database needs the same KLAXON_SECRET_KEY/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  // Migrations as a separate deploy step: a process started with --no-migrate on a schema older
  // than its code used to crash with "no such table" and a stack trace (or, on an older schema,
  // start and fail on the first query needing the new one). It names what to run instead.
  it('serve --no-migrate on a database that lacks migrations says to run klaxon migrate; once migrated it starts', { timeout: 60_000 }, async () => {
    const cwd = dir();
    const env = klaxonEnv(`sqlite:${cwd}/klaxon.db`, cwd, { PORT: String(await freePort()) });
    const r = klaxonSync(['serve', '--no-migrate'], { cwd, env });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(/^klaxon: the database lacks \d+ migrations of this version \(first: 2026-11-21T120000_core\); run "klaxon migrate", or start without --no-migrate$/);

    expect(klaxonSync(['migrate'], { cwd, env }).status).toBe(0);
    const server = await startKlaxon(env, { cwd, args: ['--no-migrate'] });
    expect(await server.kill('SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it.runIf(process.env.KLAXON_TEST_PG_URL)('a database that does not exist is named', () => {
    const u = new URL(process.env.KLAXON_TEST_PG_URL!);
    u.pathname = '/klaxon_no_such_database';
    u.password = 's3cret';
    const cwd = dir();
    expectOneLine(klaxonSync(['migrate'], { cwd, env: klaxonEnv(u.toString(), cwd) }), /database "klaxon_no_such_database" does not exist/);
  });
});
