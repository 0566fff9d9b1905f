import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KLAXON_BIN, REPO, klaxonSync } from '../../helpers/process.ts';
import { type KlaxonProc, freePort, startKlaxon, waitFor } from '../../helpers/procs.ts';

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
  }, 180_000); // one process start: over a minute at a load of 25 on two cores
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

/** A README code block between two markers (its first ```bash block). */
function readmeBlock(readme: string, start: string, end: string): string {
  const between = new RegExp(`<!-- ${start} -->([\\s\\S]*?)<!-- ${end} -->`).exec(readme)?.[1];
  if (!between) throw new Error(`README.md: no block between <!-- ${start} --> and <!-- ${end} -->`);
  return between;
}

/**
 * Issue 34 item 6: the README's second walkthrough, "Page a person", run as written after the
 * first, against the mail sink and the server command the README gives (ports swapped): a
 * teammate, a two-level schedule with email and SMS steps, a critical alert, the page in the mail
 * sink, acknowledge, escalate, level 2 paged, resolve; run again, another alert pages the same way.
 */
describe('the README: Page a person', () => {
  const env0 = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' };
  let dir: string;
  let port: number;
  let server: KlaxonProc | undefined;
  let sink: ChildProcess | undefined;
  const mail: string[] = [];
  let readme: string;

  beforeAll(async () => {
    readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    dir = mkdtempSync(join(tmpdir(), 'klaxon-readme-page-'));
    port = await freePort();
    const smtpPort = await freePort();
    const [sinkCommand, serverCommand] = [...readmeBlock(readme, 'page-a-person:servers', 'page-a-person:servers-end').matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());
    // The mail sink, as the README runs it.
    expect(sinkCommand).toMatch(/^npm run --silent klaxon -- dev mail-sink --port 2526$/);
    const sinkArgs = sinkCommand!.replace('npm run --silent klaxon -- ', '').replace('2526', String(smtpPort)).split(' ');
    sink = spawn(process.execPath, [KLAXON_BIN, ...sinkArgs], { cwd: dir, env: env0, stdio: ['ignore', 'pipe', 'pipe'] });
    sink.stdout!.on('data', (d) => mail.push(String(d)));
    sink.stderr!.on('data', (d) => mail.push(String(d)));
    await waitFor('the mail sink listens', async () => mail.join('').includes(`mail sink listening on smtp://127.0.0.1:${smtpPort}`), 90_000);
    // Klaxon, with the variables the README sets before `npm start`.
    expect(serverCommand).toMatch(/ npm start$/);
    const readmeEnv = Object.fromEntries([...serverCommand!.matchAll(/(\w+)=('[^']*'|\S+) /g)].map((m) => [m[1]!, m[2]!.replace(/^'|'$/g, '').replace('2526', String(smtpPort))]));
    expect(readmeEnv).toEqual({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Klaxon <klaxon@example.com>' });
    server = await startKlaxon({ ...env0, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SMTP_PORT: '0', KLAXON_PUBLIC_URL: `http://localhost:${port}`, ...readmeEnv }, { port, cwd: dir });
  }, 240_000); // two process starts (the sink, Klaxon)
  afterAll(async () => {
    await server?.kill('SIGTERM');
    if (sink && sink.exitCode === null) {
      const gone = new Promise((r) => sink!.once('exit', r));
      sink.kill('SIGTERM');
      await gone;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('pages Sam by email (in the mail sink), SMS not configured; acknowledge, escalate pages you; resolve; again for another alert', { timeout: 600_000 }, async () => {
    const first = /<!-- walkthrough:start -->\s*```bash\n([\s\S]*?)```\s*<!-- walkthrough:end -->/.exec(readme)![1]!;
    const second = /^\s*```bash\n([\s\S]*?)```\s*$/.exec(readmeBlock(readme, 'page-a-person:start', 'page-a-person:end'))?.[1];
    expect(second).toBeTruthy();
    const local = (script: string) => script.replaceAll('npm run --silent klaxon --', `node ${KLAXON_BIN}`).replaceAll('localhost:8080', `localhost:${port}`);
    const run = (script: string) => spawnSync('bash', ['-euo', 'pipefail', '-c', local(script)], { cwd: dir, encoding: 'utf8', timeout: 240_000, stdio: ['ignore', 'pipe', 'pipe'] });

    const r = run(`${first}\n${second}`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // The timeline the README shows: every line, in the order cause and effect give them.
    const shown = /<!-- page-a-person:end -->[\s\S]*?```text\n([\s\S]*?)```/.exec(readme)![1]!.trim().split('\n');
    expect(shown).toHaveLength(9);
    const out = r.stdout.trim().split('\n');
    const tail = out.slice(-shown.length);
    expect([...tail].sort()).toEqual([...shown].sort());
    const causal = shown.filter((l) => !l.startsWith('sms page'));
    expect(tail.filter((l) => causal.includes(l))).toEqual(causal);
    expect(out).toEqual(expect.arrayContaining(['acknowledged', 'open', 'resolved']));
    expect(out.at(-1)).toBe('Resolved by you@example.com');

    // The mail sink printed the invitation and both pages, from MAIL_FROM, with well-formed Message-IDs.
    await waitFor('the sink printed the page to you', async () => /To: you@example\.com\nSubject: \[urgent\] Checkout is down/.test(mail.join('')), 30_000);
    const printed = mail.join('');
    expect(printed).toMatch(/From: "Klaxon" <klaxon@example\.com>\nTo: sam@example\.com\nSubject: You are invited to an organization on Klaxon/);
    expect(printed).toMatch(/To: sam@example\.com\nSubject: \[urgent\] Checkout is down\nMessage-ID: <ntf_[0-9a-z]{26}@example\.com>\n\nCheckout is down\n\nPriority critical, urgency high, service checkout\./);
    expect(printed).toMatch(/To: you@example\.com\nSubject: \[urgent\] Checkout is down\nMessage-ID: <ntf_[0-9a-z]{26}@example\.com>/);
    expect(printed).toMatch(/Acknowledge: http:\/\/localhost:\d+\/v1\/page-actions\/kxk_/);
    expect((statSync(join(dir, 'sam.json')).mode & 0o777).toString(8)).toBe('600');

    // Run again: Sam and the schedule are kept; the alert was resolved, so another one opens and pages the same way.
    const again = run(`${first}\n${second}`);
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
    expect(again.stdout.trim().split('\n').slice(-shown.length).sort()).toEqual([...shown].sort());
    const pagesToSam = () => mail.join('').match(/To: sam@example\.com\nSubject: \[urgent\]/g)?.length ?? 0;
    await waitFor('the second page to Sam is printed', async () => pagesToSam() === 2, 30_000);
    expect(mail.join('').match(/Subject: You are invited/g)).toHaveLength(1);
  });

  it('the files it writes are git-ignored', () => {
    const files = ['sam.json', 'sam.json.tmp', 'schedule.json', 'schedule.json.tmp'];
    const r = spawnSync('git', ['check-ignore', '--no-index', ...files], { cwd: REPO, encoding: 'utf8' });
    expect(r.stdout.trim().split('\n')).toEqual(files);
  });
});
