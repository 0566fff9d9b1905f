// `node --import tsx bench/pg-autovacuum.ts <database url>`: autovacuum's decision, taken every
// autovacuum_naptime (or BENCH_AUTOVACUUM_NAP_MS) by a process of its own, for a PostgreSQL server that runs without autovacuum (this
// machine's, configured for tests). A production server runs autovacuum; a fill of a million
// alerts without it measures dead row versions piling up in the queue tables (handled outbox
// events, escalation steps) rather than Klaxon. The scale bench starts it beside a PostgreSQL fill.
// A script, not a test.
import pg from 'pg';

const url = process.argv[2];
if (!url) throw new Error('usage: bench/pg-autovacuum.ts <database url>');

// autovacuum's defaults (PostgreSQL 15); a table's own reloptions (Klaxon's migrations set some)
// take precedence, as they do for autovacuum.
const DEFAULTS = { vacuum_threshold: 50, vacuum_scale_factor: 0.2, analyze_threshold: 50, analyze_scale_factor: 0.1 };

interface TableStat {
  relname: string;
  n_live_tup: string;
  n_dead_tup: string;
  n_mod_since_analyze: string;
  n_ins_since_vacuum: string;
  reloptions: string[] | null;
}

function option(reloptions: string[] | null, name: string, fallback: number): number {
  const hit = reloptions?.find((o) => o.startsWith(`autovacuum_${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
}

const client = new pg.Client({ connectionString: url, application_name: 'bench-autovacuum' });
await client.connect();
// autovacuum's own pace: cost-based delay of 2 ms after 200 units of work.
await client.query('set vacuum_cost_delay = 2; set vacuum_cost_limit = 200');
// The server's own autovacuum_naptime (1 minute by default): how often autovacuum visits a database.
const naptime = (await client.query<{ s: string }>(`select setting as s from pg_settings where name = 'autovacuum_naptime'`)).rows[0]!.s;
const NAP_MS = process.env.BENCH_AUTOVACUUM_NAP_MS ? Number(process.env.BENCH_AUTOVACUUM_NAP_MS) : Number(naptime) * 1000;
// Stops at once: a vacuum still running ends on its own (or with the database).
process.on('SIGTERM', () => process.exit(0));
for (;;) {
  const { rows } = await client.query<TableStat>(
    `select s.relname, s.n_live_tup, s.n_dead_tup, s.n_mod_since_analyze, s.n_ins_since_vacuum, c.reloptions
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.schemaname = 'public'`,
  );
  for (const t of rows) {
    const live = Number(t.n_live_tup);
    const vacuumAt = option(t.reloptions, 'vacuum_threshold', DEFAULTS.vacuum_threshold) + option(t.reloptions, 'vacuum_scale_factor', DEFAULTS.vacuum_scale_factor) * live;
    const analyzeAt = option(t.reloptions, 'analyze_threshold', DEFAULTS.analyze_threshold) + option(t.reloptions, 'analyze_scale_factor', DEFAULTS.analyze_scale_factor) * live;
    // PostgreSQL 13+ also vacuums after inserts (1,000 + 20 %), which sets pages all-visible.
    const insertAt = 1_000 + 0.2 * live;
    const vacuum = Number(t.n_dead_tup) > vacuumAt || Number(t.n_ins_since_vacuum) > insertAt;
    const analyze = Number(t.n_mod_since_analyze) > analyzeAt;
    if (!vacuum && !analyze) continue;
    const what = vacuum && analyze ? 'vacuum (analyze)' : vacuum ? 'vacuum' : 'analyze';
    await client.query(`${what} "${t.relname.replace(/"/g, '""')}"`).catch(() => undefined);
  }
  await new Promise((r) => setTimeout(r, NAP_MS));
}
