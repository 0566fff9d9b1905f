import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './process.ts';

/**
 * The shell commands of one `## ` section of docs/deploy.md, in order: each line of its ```sh
 * blocks (one command a line), so the tests run the page as written.
 */
export function deployDocCommands(section: string): string[] {
  const doc = readFileSync(join(REPO, 'docs/deploy.md'), 'utf8');
  const start = doc.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`docs/deploy.md has no section "## ${section}"`);
  const rest = doc.slice(start + 1);
  const end = rest.indexOf('\n## ', 1);
  const body = end < 0 ? rest : rest.slice(0, end);
  const out: string[] = [];
  for (const m of body.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of m[1]!.split('\n')) if (line.trim()) out.push(line.trim());
  }
  return out;
}

/** A folder with a `klaxon` program that runs this checkout's bin/klaxon.js, to put first on PATH. */
export function klaxonOnPath(dir: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'klaxon'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(REPO, 'bin/klaxon.js'))} "$@"\n`, { mode: 0o755 });
  return bin;
}

/** Runs one documented command line with bash (strict mode), in `cwd` with `env`. */
export function runDocLine(line: string, cwd: string, env: Record<string, string>, timeoutMs = 120_000) {
  const r = spawnSync('bash', ['-euo', 'pipefail', '-c', line], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same, without blocking the test's event loop (a server it talks to keeps being answered). */
export function runDocLineAsync(line: string, cwd: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', line], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

export interface LoggedRun {
  status: number | null;
  timedOut: boolean;
  /** This command's output (stdout and stderr interleaved, as a terminal shows them). */
  output: string;
  /** The whole log file, earlier steps included. */
  log: string;
}

/** Process groups of logged runs still going: killed if the test process exits first (they are detached). */
const running = new Set<number>();
process.once('exit', () => {
  for (const pgid of running) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

/**
 * Runs one documented command line with bash (strict mode), its output appended to `logFile` rather
 * than held in pipes, so a long step (an install that compiles) leaves a trace a failure can print.
 * Past `timeoutMs` its whole process group is killed (a compiler child too) and `timedOut` is set.
 */
export function runDocLineLogged(line: string, cwd: string, env: Record<string, string>, logFile: string, timeoutMs: number): Promise<LoggedRun> {
  return new Promise((resolve, reject) => {
    const fd = openSync(logFile, 'a');
    writeSync(fd, `$ ${line}\n`);
    const from = statSync(logFile).size;
    const child = spawn('bash', ['-euo', 'pipefail', '-c', line], { cwd, env, stdio: ['ignore', fd, fd], detached: true });
    if (child.pid) running.add(child.pid);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      closeSync(fd);
      reject(err);
    });
    child.once('exit', (status) => {
      running.delete(child.pid!);
      clearTimeout(timer);
      closeSync(fd);
      const log = readFileSync(logFile);
      resolve({ status, timedOut, output: log.subarray(from).toString('utf8'), log: log.toString('utf8') });
    });
  });
}

/** The last `lines` lines of a log, for a failure message. */
export const logTail = (log: string, lines = 80) => log.split('\n').slice(-lines).join('\n');
