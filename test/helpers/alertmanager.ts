import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, findBinary, freePort } from './binaries.ts';

/** Debian's prometheus-alertmanager (0.25), or undefined: its tests then skip, naming the package. */
export const ALERTMANAGER = findBinary('prometheus-alertmanager') ?? findBinary('alertmanager');
export const ALERTMANAGER_MISSING = 'SKIPPED: prometheus-alertmanager is not installed (apt-get install prometheus-alertmanager)';

export interface RunningAlertmanager {
  url: string;
  /** Everything it printed so far (for failure messages and log assertions). */
  log(): string;
  /** POST /api/v2/alerts; throws unless it answers 200. */
  post(alerts: unknown[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real Alertmanager on loopback with the given configuration (YAML lines), gossip off and its
 * storage in a temp folder; resolves once /-/ready answers (bounded polling of another process).
 */
export async function startAlertmanager(configLines: string[]): Promise<RunningAlertmanager> {
  if (!ALERTMANAGER) throw new Error(ALERTMANAGER_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'klaxon-am-'));
  writeFileSync(join(dir, 'am.yml'), [...configLines, ''].join('\n'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const am = spawn(
    ALERTMANAGER,
    [`--config.file=${join(dir, 'am.yml')}`, `--storage.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--cluster.listen-address=', '--log.level=debug'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-50_000);
  };
  am.stdout!.on('data', keep);
  am.stderr!.on('data', keep);
  const stop = async () => {
    if (am.exitCode === null && am.signalCode === null) {
      const exited = new Promise((r) => am.once('exit', r));
      am.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await eventually('Alertmanager to be ready', async () => {
      if (am.exitCode !== null) throw new Error(`prometheus-alertmanager exited: ${output}`);
      return (await fetch(`${url}/-/ready`).then((r) => r.ok, () => false)) ? true : undefined;
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    log: () => output,
    async post(alerts) {
      const res = await fetch(`${url}/api/v2/alerts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(alerts) });
      if (res.status !== 200) throw new Error(`Alertmanager answered ${res.status}: ${await res.text()}`);
    },
    stop,
  };
}
