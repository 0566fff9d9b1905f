import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const KLAXON_BIN = `${REPO}bin/klaxon.js`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Runs `klaxon ARGS` to completion. */
export function klaxonSync(args: string[], opts: { cwd: string; env?: Record<string, string> }) {
  const r = spawnSync(process.execPath, [KLAXON_BIN, ...args], { cwd: opts.cwd, env: { ...process.env, ...opts.env }, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts `klaxon serve` and resolves once /healthz answers (an external process: polled with a deadline). */
export async function startKlaxon(opts: { cwd: string; port: number; env?: Record<string, string>; args?: string[] }): Promise<ChildProcess> {
  const child = spawn(process.execPath, [KLAXON_BIN, 'serve', ...(opts.args ?? [])], {
    cwd: opts.cwd,
    env: { ...process.env, PORT: String(opts.port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SMTP_PORT: '0', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`klaxon exited early (${child.exitCode}): ${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${opts.port}/healthz`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`klaxon did not become healthy: ${output}`);
}

export async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (!child || child.exitCode !== null) return child?.exitCode ?? null;
  const done = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill(signal);
  return done;
}
