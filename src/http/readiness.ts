import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Container } from '../container.ts';
import { storeAnswers } from '../db/unavailable.ts';
import { AppError } from '../lib/errors.ts';

/** How long /readyz waits for the database before it counts it unreachable (probes time out at 1 s by default). */
const READY_STORE_WAIT_MS = 800;

/** How long an ingest write's disk failure (full, I/O error) makes the store count as unwritable. */
const STORE_FAILURE_COUNTS_MS = 10_000;

export interface ReadinessBody {
  ok: true;
  store: 'reachable' | 'unreachable';
  spool_units: number;
  ingest: 'store' | 'spool';
  paging: 'running' | 'waiting' | 'other_processes';
  cannot: string[];
}

/** True when both paths are on one filesystem (a full disk under one is full under the other). */
function sameDisk(a: string, b: string): boolean {
  try {
    return statSync(a).dev === statSync(b).dev;
  } catch {
    return false;
  }
}

/**
 * GET /readyz: 200 while a signal sent now would be kept, by the database or by the local spool,
 * and what this process can and cannot do meanwhile; 503 when neither can keep it (docs/adr/0102,
 * 0511). Writability is tested, not assumed: a full disk under the database and the spool answered
 * 200 while nearly every signal got 503 (issue 19.9).
 */
export async function readiness(container: Container): Promise<ReadinessBody> {
  if (!container.startup.complete) throw new AppError('service_unavailable', 'Klaxon is still starting: its listeners are not all up yet.', { retryAfterSeconds: 1 });
  const { config, spool, storeGate, storeWrites } = container;
  const reachable = await storeAnswers(container.db, READY_STORE_WAIT_MS);
  const spoolFailure = spool.writeFailure();
  const spoolHasRoom = spool.accepting();
  // SQLite beside the spool: the spool's probe tells for both (a disk the spool cannot write, the
  // database cannot either, and one it can has room again). Otherwise the last ingest write's disk
  // failure counts for a while; after that, the next signal tries the store again (and spools).
  const besideSpool = config.dialect === 'sqlite' && sameDisk(dirname(config.sqlitePath), dirname(spool.path));
  const recentFailure = storeWrites.failure && performance.now() - storeWrites.atMs < STORE_FAILURE_COUNTS_MS ? storeWrites.failure : undefined;
  const storeDiskFailure = besideSpool ? spoolFailure : recentFailure;
  const storeTakes = storeGate.isOpen() && reachable && !storeDiskFailure;
  // Started without the store and without a kept snapshot, no credential can be checked.
  const credentialsKnown = storeGate.isOpen() || container.snapshots.loaded || container.startup.role === 'worker';
  const spoolTakes = spoolHasRoom && !spoolFailure && credentialsKnown;
  const cannot: string[] = [];
  if (!storeGate.isOpen()) cannot.push('the database has not answered since this process started: migrations, paging, replaying the spool and the API (/api) wait for it');
  if (!credentialsKnown) cannot.push('no outage credential snapshot is kept in KLAXON_DATA_DIR, so no credential can be checked until the database answers');
  else if (!reachable) cannot.push('the database is unreachable: signals are kept in the spool, alerts are not updated and nobody is paged until it answers');
  if (storeDiskFailure) cannot.push(`the database cannot be written: ${storeDiskFailure} (is its disk full?)`);
  if (spoolFailure) cannot.push(`the local spool cannot be written: ${spoolFailure} (is the disk of KLAXON_DATA_DIR full?)`);
  else if (!spoolHasRoom) cannot.push('the local spool is full (KLAXON_SPOOL_MAX_UNITS)');
  // While units wait in the spool, new ones queue behind them (ADR 0100): only the spool can keep them.
  const direct = storeTakes && !spool.holds();
  if (!direct && !spoolTakes) {
    throw new AppError('service_unavailable', `A signal sent now would not be kept: ${cannot.join('; ')}.`, { retryAfterSeconds: 5 });
  }
  const waiting = !storeGate.isOpen() || !reachable;
  return {
    ok: true,
    store: reachable ? 'reachable' : 'unreachable',
    spool_units: spool.size,
    ingest: direct ? 'store' : 'spool',
    paging: container.startup.role === 'api' ? 'other_processes' : waiting ? 'waiting' : 'running',
    cannot,
  };
}
