import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KLAXON_BIN, REPO, freePort, klaxonSync, startKlaxon, stopProcess } from '../../helpers/process.ts';

/** The README's quick start and walk-through, run as written (only the port and program path swapped). */
describe('the README works as written', () => {
  let dir: string;
  let port: number;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'klaxon-readme-'));
    port = await freePort();
    // `npm start` runs `node bin/klaxon.js serve` (package.json); default SQLite file under ./data.
    expect(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).scripts.start).toBe('node bin/klaxon.js serve');
    server = await startKlaxon({ cwd: dir, port, env: { KLAXON_PUBLIC_URL: `http://localhost:${port}` } });
  });
  afterAll(async () => {
    await stopProcess(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('quick start: a fresh start creates ./data/klaxon.db and a secret key', () => {
    const ls = spawnSync('ls', [join(dir, 'data')], { encoding: 'utf8' });
    expect(ls.stdout).toContain('klaxon.db');
    expect(ls.stdout).toContain('secret.key');
  });

  it('walk-through: bootstrap, create a service, send a signal, list the alert', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const block = /<!-- walkthrough:start -->\s*```bash\n([\s\S]*?)```\s*<!-- walkthrough:end -->/.exec(readme)?.[1];
    expect(block).toBeTruthy();
    const script = block!
      .replaceAll('npm run --silent klaxon --', `node ${KLAXON_BIN}`)
      .replaceAll('localhost:8080', `localhost:${port}`);
    const r = spawnSync('bash', ['-euo', 'pipefail', '-c', script], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\{"ok":true,.*"alert_id":"alr_[0-9a-z]{26}".*"deduped":false,"resolved":false/);
    const alerts = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'Disk full on db-1', priority: 'critical', urgency: 'high', status: 'open' });
  });

  it('admin bootstrap refuses an email that already exists, with exit code 1', () => {
    const again = klaxonSync(['admin', 'bootstrap', '--org', 'Other', '--email', 'you@example.com', '--json'], { cwd: dir });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/you@example\.com.*already exists/);
    expect(again.stdout).toBe('');
  });

  it('a bad configuration value stops start-up with a message naming the variable', () => {
    for (const [name, value] of [['PORT', 'eighty'], ['DATABASE_URL', 'mysql://x'], ['LOG_LEVEL', 'loud'], ['KLAXON_SECRET_KEY', 'short']] as const) {
      const r = klaxonSync(['migrate'], { cwd: dir, env: { [name]: value } });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(name);
    }
  });

  it('klaxon migrate reports an up-to-date database', () => {
    const r = klaxonSync(['migrate'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/up to date/);
  });
});
