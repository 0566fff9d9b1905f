import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
