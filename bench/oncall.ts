// On-call lookups and shift computation (issue 20), in process: the schedule of the issue's
// "Done when" (5 levels × 3 layers × 10 participants, 50 overrides) in America/New_York over March
// 2026 (the spring change inside). Three figures:
//   - pure lookups/s: onCallAt (the engine's path through the pure module), one level per lookup;
//   - directory lookups/s: createOnCallDirectory(db).onCall on a SQLite file, from its snapshot, and
//     with a snapshot that never lives (every lookup reads the store: the first after a change);
//   - 31 days of shifts: shiftsBetween over 2026-03-01..03-31 for every level (ms, median of 5).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDb } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { createBootstrapService } from '../src/modules/user/index.ts';
import { orgRepository } from '../src/modules/org/index.ts';
import { userRepository } from '../src/modules/user/index.ts';
import { createOnCallDirectory, createScheduleService } from '../src/modules/schedule/index.ts';
import { type Override, type Schedule, onCallAt, shiftsBetween } from '../src/modules/schedule/oncall.ts';

export interface OnCallBench {
  schedule: string;
  pure_lookups_per_s: number;
  directory_lookups_per_s: number;
  directory_lookups_reading_the_store_per_s: number;
  shifts_31_days_ms: number;
  shifts_31_days_count: number;
}

const FROM = Date.parse('2026-03-01T05:00:00Z');
const TO = Date.parse('2026-03-31T04:00:00Z');
const LEVELS = 5;
const LAYERS = 3;
const PEOPLE = 10;
const OVERRIDES = 50;

/** The same schedule for the pure module and for the API: participants as given. */
function document(users: string[]) {
  const units = [
    { unit: 'week', length: 1, handoff_local: '2026-01-05T09:00' },
    { unit: 'day', length: 1, handoff_local: '2026-02-01T02:30' },
    { unit: 'hour', length: 12, handoff_local: '2026-02-01T08:00' },
  ] as const;
  return {
    name: 'Bench',
    time_zone: 'America/New_York',
    repeat: 1,
    levels: Array.from({ length: LEVELS }, (_, l) => ({
      level: l + 1,
      timeout_minutes: 15,
      layers: units.map((u, y) => ({
        name: `layer ${y + 1}`,
        precedence: y,
        rotation: { ...u, participants: Array.from({ length: PEOPLE }, (_, p) => users[(l * 7 + y * 3 + p) % users.length]!) },
        // The top layer covers weekday office hours; the middle one nights crossing midnight.
        ...(y === 2 ? { restrictions: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:30' }] } : {}),
        ...(y === 1 ? { restrictions: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '18:00', end: '08:00' }] } : {}),
      })),
    })),
  };
}

/** 50 overrides over the month: every kind, half scoped to a layer. */
function overridesOf(users: string[], layerIds: string[][]) {
  return Array.from({ length: OVERRIDES }, (_, i) => {
    const level = (i % LEVELS) + 1;
    const kind = (['add', 'remove', 'replace'] as const)[i % 3]!;
    const start = FROM + ((i * 14.3) % 29) * 86_400_000;
    return {
      level,
      layer_id: i % 2 ? layerIds[level - 1]![i % LAYERS]! : null,
      kind,
      add_user_id: kind === 'remove' ? null : users[(i * 3) % users.length]!,
      remove_user_id: kind === 'add' ? null : users[(i * 5 + 1) % users.length]!,
      start: new Date(start).toISOString(),
      end: new Date(start + (6 + (i % 5) * 9) * 3_600_000).toISOString(),
    };
  });
}

function rate(fn: (i: number) => void, ms: number): number {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) fn(n++);
  return Math.round((n * 1000) / (performance.now() - t0));
}

async function rateAsync(fn: (i: number) => Promise<unknown>, ms: number): Promise<number> {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) await fn(n++);
  return Math.round((n * 1000) / (performance.now() - t0));
}

export async function benchOnCall(opts: { quick: boolean }): Promise<OnCallBench> {
  const ms = opts.quick ? 1_000 : 3_000;
  const dir = mkdtempSync(join(tmpdir(), 'klaxon-oncall-bench-'));
  const store = connectDb({ dialect: 'sqlite', sqlitePath: join(dir, 'bench.db') });
  try {
    await migrateToLatest(store.db);
    const clock = new ManualClock('2026-02-28T12:00:00Z');
    const org = await createBootstrapService({ db: store.db, clock }).bootstrap({ orgName: 'Bench', email: 'bench@example.com' });
    const users: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = `usr_bench${String(i).padStart(21, '0')}`;
      await userRepository.insertUser(store.db, { id, email: `u${i}@example.com`, name: `U${i}`, password_hash: null, created_at: clock.now().toISOString(), updated_at: clock.now().toISOString() });
      await orgRepository.insertMembership(store.db, { org_id: org.org_id, user_id: id, role: 'responder', created_at: clock.now().toISOString() });
      users.push(id);
    }
    const schedules = createScheduleService({ db: store.db, dialect: 'sqlite', clock });
    const actor = { type: 'user' as const, id: org.user_id, orgId: org.org_id, role: 'owner' as const, credentialId: 'bench', audience: 'D' as const };
    const meta = { ip: null, requestId: null };
    const made = await schedules.create(actor, document(users) as never, meta);
    const layerIds = made.levels.map((l) => l.layers.map((y) => y.id));
    for (const o of overridesOf(users, layerIds)) await schedules.createOverride(actor, made.id, o, meta);

    // The pure module's inputs, as the directory builds them.
    const spec: Schedule = {
      timeZone: made.time_zone,
      levels: made.levels.map((l) => ({
        level: l.level,
        layers: l.layers.map((y) => ({ id: y.id, precedence: y.precedence, rotation: { unit: y.rotation.unit, length: y.rotation.length, handoffLocal: y.rotation.handoff_local, participants: y.rotation.participants, offset: 0 }, restrictions: y.restrictions, effectiveFrom: null, effectiveUntil: null })),
      })),
    };
    const overrides: Override[] = (await store.db.selectFrom('schedule_overrides').selectAll().where('schedule_id', '=', made.id).orderBy('id').execute()).map((r) => ({
      id: r.id, level: r.level, layerId: r.layer_id, kind: r.kind, addUserId: r.add_user_id, removeUserId: r.remove_user_id, start: Date.parse(r.start_at), end: Date.parse(r.end_at),
    }));
    // Instants spread over the month, minutes apart.
    const at = (i: number) => FROM + ((i * 7_919 * 60_000) % (TO - FROM));
    const pure = rate((i) => onCallAt(spec, overrides, (i % LEVELS) + 1, at(i)), ms);
    // The engine asks about about now (an alert's start): the directory's clock is on the DST day
    // and the instants within a day of it, so its snapshot's overrides serve them.
    clock.set('2026-03-08T12:00:00Z');
    const directory = createOnCallDirectory(store.db, { clock });
    const near = (i: number) => clock.now().getTime() - 86_400_000 + ((i * 7_919 * 60_000) % (2 * 86_400_000));
    const viaDb = await rateAsync((i) => directory.onCall(org.org_id, made.id, (i % LEVELS) + 1, new Date(near(i))), ms);
    // Each lookup reading the store (what every lookup cost before the snapshot): a directory whose snapshots never live.
    const uncached = createOnCallDirectory(store.db, { clock, ttlMs: 0 });
    const viaDbUncached = await rateAsync((i) => uncached.onCall(org.org_id, made.id, (i % LEVELS) + 1, new Date(near(i))), ms);
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      count = shiftsBetween(spec, overrides, FROM, TO).length;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return {
      schedule: `${LEVELS} levels × ${LAYERS} layers × ${PEOPLE} participants, ${OVERRIDES} overrides, America/New_York, March 2026`,
      pure_lookups_per_s: pure,
      directory_lookups_per_s: viaDb,
      directory_lookups_reading_the_store_per_s: viaDbUncached,
      shifts_31_days_ms: Math.round(times[2]! * 10) / 10,
      shifts_31_days_count: count,
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
