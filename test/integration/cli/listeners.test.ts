import { spawn } from 'node:child_process';
import { type Server, createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { KLAXON_BIN, REPO } from '../../helpers/process.ts';
import { cleanup, freePort, klaxonEnv, tempDir } from '../../helpers/procs.ts';

/**
 * Issue 18 item 6: with SMTP_PORT taken, `serve` logged EADDRINUSE and went on serving HTTP with
 * /readyz 200, and ignored the first SIGTERM. A listener that cannot start now stops the process:
 * one line naming the variable to change, exit 1, and /readyz never 200 meanwhile.
 */
describe('a listener that cannot start stops klaxon serve', () => {
  const dir = tempDir();
  const blockers: Server[] = [];
  afterAll(async () => {
    for (const b of blockers) await new Promise((r) => b.close(r));
    cleanup(dir);
  });

  /** A port on 127.0.0.1 that something else holds. */
  const takenPort = async () => {
    const server = createServer();
    blockers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as { port: number }).port;
  };

  /** Runs serve to its exit, asking /readyz all along; kills it if it has not exited in 60 s. */
  async function serveUntilExit(env: Record<string, string>) {
    const child = spawn(process.execPath, [KLAXON_BIN, 'serve'], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let done = false;
    void exited.then(() => (done = true));
    const readyAnswers: number[] = [];
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    while (!done) {
      try {
        readyAnswers.push((await fetch(`http://127.0.0.1:${env.PORT}/readyz`, { signal: AbortSignal.timeout(500) })).status);
      } catch {
        /* not listening, or not Klaxon (the port holder never answers) */
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    clearTimeout(killer);
    return { code: await exited, stdout, stderr, readyAnswers };
  }

  it('SMTP_PORT in use: one line naming SMTP_PORT, exit 1, never ready', { timeout: 90_000 }, async () => {
    const smtpPort = await takenPort();
    const port = await freePort();
    const env = klaxonEnv(`sqlite:${dir}/smtp.db`, `${dir}/smtp`, { PORT: String(port), SMTP_PORT: String(smtpPort) });
    const r = await serveUntilExit(env);
    expect(r.code, r.stderr + r.stdout).toBe(1);
    expect(r.stderr.trim().split('\n'), r.stderr).toEqual([
      `klaxon: cannot listen on 127.0.0.1:${smtpPort} (EADDRINUSE) for SMTP ingest: the port is in use; set SMTP_PORT to a free port`,
    ]);
    expect(r.readyAnswers.filter((s) => s === 200)).toEqual([]);
    expect(r.stdout).not.toMatch(/EADDRINUSE/); // not logged a second time
  });

  it('PORT in use: one line naming PORT, exit 1', { timeout: 90_000 }, async () => {
    const port = await takenPort();
    const env = klaxonEnv(`sqlite:${dir}/http.db`, `${dir}/http`, { PORT: String(port), SMTP_PORT: '0' });
    const r = await serveUntilExit(env);
    expect(r.code, r.stderr + r.stdout).toBe(1);
    expect(r.stderr.trim().split('\n'), r.stderr).toEqual([`klaxon: cannot listen on 127.0.0.1:${port} (EADDRINUSE) for the HTTP API: the port is in use; set PORT to a free port`]);
  });

  it('HOST that is not this machine\'s: one line naming HOST, exit 1', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const env = klaxonEnv(`sqlite:${dir}/host.db`, `${dir}/host`, { PORT: String(port), SMTP_PORT: '0', HOST: '192.0.2.1' });
    const r = await serveUntilExit(env);
    expect(r.code, r.stderr + r.stdout).toBe(1);
    expect(r.stderr.trim().split('\n'), r.stderr).toEqual([
      `klaxon: cannot listen on 192.0.2.1:${port} (EADDRNOTAVAIL) for the HTTP API: the address is not one of this machine's; set HOST to one of its addresses (or 0.0.0.0)`,
    ]);
  });
});
