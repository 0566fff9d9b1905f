import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KLAXON_BIN, REPO, klaxonSync } from '../../helpers/process.ts';
import { type KlaxonProc, freePort, startKlaxon } from '../../helpers/procs.ts';

/** The README's quick start and walk-through, run as written (only the port and program path swapped). */
describe('the README works as written', () => {
  let dir: string;
  let port: number;
  let server: KlaxonProc | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'klaxon-readme-'));
    port = await freePort();
    // `npm start` runs `node bin/klaxon.js serve` (package.json); default SQLite file under ./data.
    expect(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).scripts.start).toBe('node bin/klaxon.js serve');
    // The default configuration (no DATABASE_URL, no secret key): ./data in the working folder.
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SMTP_PORT: '0', KLAXON_PUBLIC_URL: `http://localhost:${port}` };
    server = await startKlaxon(env, { port, cwd: dir });
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('quick start: a fresh start creates ./data/klaxon.db and a secret key', () => {
    const ls = spawnSync('ls', [join(dir, 'data')], { encoding: 'utf8' });
    expect(ls.stdout).toContain('klaxon.db');
    expect(ls.stdout).toContain('secret.key');
  });

  // Issue 18 item 8: run twice, `> bootstrap.json` emptied the only copy of the keys before
  // bootstrap refused the existing email. The walkthrough now keeps its files and reuses them.
  it('walk-through: bootstrap, create a service, send a signal, list the alert; run again, the keys are kept and the signal joins the alert', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const block = /<!-- walkthrough:start -->\s*```bash\n([\s\S]*?)```\s*<!-- walkthrough:end -->/.exec(readme)?.[1];
    expect(block).toBeTruthy();
    const script = block!
      .replaceAll('npm run --silent klaxon --', `node ${KLAXON_BIN}`)
      .replaceAll('localhost:8080', `localhost:${port}`);
    // stdin from /dev/null: on a socket (Node's pipes are socketpairs) a bash at shell level 1
    // takes itself for an ssh session and reads /etc/bash.bashrc, which fails under -u.
    const walk = () => spawnSync('bash', ['-euo', 'pipefail', '-c', script], { cwd: dir, encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
    const r = walk();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\{"ok":true,.*"alert_id":"alr_[0-9a-z]{26}".*"deduped":false,"resolved":false/);
    const alerts = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'Disk full on db-1', priority: 'critical', urgency: 'high', status: 'open' });
    const keys = readFileSync(join(dir, 'bootstrap.json'), 'utf8');
    expect(JSON.parse(keys)).toMatchObject({ org_id: expect.stringMatching(/^org_/), api_key: expect.stringMatching(/^kxp_/) });
    for (const file of ['bootstrap.json', 'service.json']) expect((statSync(join(dir, file)).mode & 0o777).toString(8), file).toBe('600');

    const again = walk();
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
    expect(readFileSync(join(dir, 'bootstrap.json'), 'utf8')).toBe(keys);
    expect(again.stdout).toMatch(/\{"ok":true,.*"alert_id":"alr_[0-9a-z]{26}".*"deduped":true/);
    const after = JSON.parse(again.stdout.trim().split('\n').pop()!);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: alerts[0].id, status: 'open' });
  });

  it('the files the walkthrough writes are git-ignored', () => {
    const r = spawnSync('git', ['check-ignore', '--no-index', 'bootstrap.json', 'bootstrap.json.tmp', 'service.json', 'service.json.tmp'], { cwd: REPO, encoding: 'utf8' });
    expect(r.stdout.trim().split('\n')).toEqual(['bootstrap.json', 'bootstrap.json.tmp', 'service.json', 'service.json.tmp']);
  });

  it('admin bootstrap refuses an email that already exists, with exit code 1', () => {
    const again = klaxonSync(['admin', 'bootstrap', '--org', 'Other', '--email', 'you@example.com', '--json'], { cwd: dir });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/you@example\.com.*already exists/);
    expect(again.stdout).toBe('');
  });

  // Four process starts (over 60 s in a full run on a loaded machine).
  it('a bad configuration value stops start-up with a message naming the variable', { timeout: 180_000 }, () => {
    for (const [name, value] of [['PORT', 'eighty'], ['DATABASE_URL', 'mysql://x'], ['LOG_LEVEL', 'loud'], ['KLAXON_SECRET_KEY', 'short']] as const) {
      const r = klaxonSync(['migrate'], { cwd: dir, env: { [name]: value } });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(name);
    }
  });

  it('a port in use stops start-up with a message, not a stack trace', () => {
    const r = klaxonSync(['serve'], { cwd: dir, env: { PORT: String(port), HOST: '127.0.0.1', SMTP_PORT: '0', LOG_LEVEL: 'fatal' } });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/cannot listen on 127\.0\.0\.1:\d+ \(EADDRINUSE\)/);
    expect(r.stderr).not.toMatch(/at Server\./);
  });

  it('klaxon migrate reports an up-to-date database', () => {
    const r = klaxonSync(['migrate'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/up to date/);
  });
});
