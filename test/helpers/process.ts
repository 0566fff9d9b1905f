import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const KLAXON_BIN = `${REPO}bin/klaxon.js`;

/** Runs `klaxon ARGS` to completion. */
export function klaxonSync(args: string[], opts: { cwd: string; env?: Record<string, string> }) {
  const r = spawnSync(process.execPath, [KLAXON_BIN, ...args], { cwd: opts.cwd, env: { ...process.env, ...opts.env }, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
