// `node --import tsx bench/sqlite-batch-cpu.ts [checkout] [--mode mixed|new] [--units 8000] [--batch 30] [--sql FILE]`:
// the CPU of the SQLite thread's ingest batch alone (sqliteBatchApplier of `checkout`, this one by
// default), in process on a fresh migrated file: 20,000 units to warm up, then `units` timed, in
// batches of `batch`, with the `new` or `mixed` pattern of bench/load.lua. No HTTP, main thread or
// outbox: a batch's cost without the machine's phase moving the batch size (the HTTP bench's CPU
// a request depends on how many requests a commit carries). `--sql` runs a file after the
// migrations (e.g. dropping a trigger) to measure what a part costs. A script, not a test;
// docs/adr/0553-sqlite-ingest-cost.md.
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { mode: { type: 'string', default: 'mixed' }, units: { type: 'string', default: '8000' }, batch: { type: 'string', default: '30' }, sql: { type: 'string' } },
});
const ROOT = resolve(positionals[0] ?? resolve(dirname(fileURLToPath(import.meta.url)), '..'));
const mode = values.mode!;
if (mode !== 'mixed' && mode !== 'new') throw new Error('--mode is mixed or new');
// The checkout's own modules and its Kysely, so an older commit is measured with its own code.
const { Kysely, SqliteDialect } = await import(join(ROOT, 'node_modules/kysely/dist/esm/index.js'));
const { openSqlite } = await import(join(ROOT, 'src/db/sqlite.ts'));
const { migrateToLatest } = await import(join(ROOT, 'src/db/migrator.ts'));
const { sqliteBatchApplier } = await import(join(ROOT, 'src/modules/ingest/ingest.sqlite.ts'));

const dir = mkdtempSync(join(tmpdir(), 'klaxon-batch-cpu-'));
const sqlite = openSqlite(join(dir, 'klaxon.db'));
await migrateToLatest(new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }));
if (values.sql) sqlite.exec(readFileSync(values.sql, 'utf8'));
const t0 = new Date().toISOString();
sqlite.prepare(`insert into organizations (id, name, created_at, updated_at) values ('org_bench', 'Bench', ?, ?)`).run(t0, t0);
sqlite.prepare(`insert into services (id, org_id, name, created_at, updated_at) values ('svc_bench', 'org_bench', 'Bench', ?, ?)`).run(t0, t0);
const apply = sqliteBatchApplier(sqlite);
const actor = { type: 'integration', id: 'int_bench', orgId: 'org_bench', name: 'Default webhook' } as const;

let counter = 0;
// bench/load.lua's patterns: new, a distinct key a request; mixed, 50 % new keys, 30 % repeats
// on 20 hot keys, 20 % trigger-then-resolve pairs.
function unit(prefix: string) {
  counter++;
  const r = counter % 10;
  let action = 'trigger';
  let key: string;
  if (mode === 'new' || r < 5) key = `${prefix}-1-n${counter}`;
  else if (r < 8) key = `${prefix}-hot${counter % 20}`;
  else {
    key = `${prefix}-1-p${Math.floor(counter / 10)}`;
    if (r === 9) action = 'resolve';
  }
  return {
    receiptId: `rcp_${prefix}_${String(counter).padStart(20, '0')}`, orgId: 'org_bench', credentialId: 'int_bench', idempotencyKey: null, actor, integrationId: 'int_bench',
    signals: [{ serviceId: 'svc_bench', signal: { action, title: `Bench alert ${key}`, eventKey: key, body: `CPU above 90% for 5 minutes on host ${key}`, priority: 'high', urgency: 'high', urgencyGiven: false, source: 'bench', details: {} } }],
    response: 'native', receivedAt: new Date().toISOString(),
  };
}
const batch = Number(values.batch);
async function run(prefix: string, n: number) {
  for (let i = 0; i < n; i += batch) await apply({ units: Array.from({ length: batch }, () => unit(prefix)), settled: [] });
}

await run('warm', 20_000);
const units = Number(values.units);
const c0 = process.cpuUsage();
const w0 = performance.now();
await run('timed', units);
const c = process.cpuUsage(c0);
const wall = performance.now() - w0;
console.log(JSON.stringify({ checkout: ROOT, mode, units, batch, sql: values.sql ?? null, cpu_us_per_unit: +((c.user + c.system) / units).toFixed(1), user_us: +(c.user / units).toFixed(1), system_us: +(c.system / units).toFixed(1), wall_us: +((wall * 1000) / units).toFixed(1) }));
sqlite.close();
rmSync(dir, { recursive: true, force: true });
