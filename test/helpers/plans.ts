import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';

// Query plans for tests that prove a query's cost is bounded (docs/adr/0010-alert-list-queries.md):
// the plan says which index range a statement reads, on any machine; a timing would not.

export interface SqlitePlanStep {
  id: number;
  parent: number;
  detail: string;
}
export interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PgPlanNode[];
}

/** SQLite's EXPLAIN QUERY PLAN of a compiled query. */
export async function sqlitePlan(db: Kysely<Database>, q: CompiledQuery): Promise<SqlitePlanStep[]> {
  const r = await db.executeQuery<SqlitePlanStep>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
  return r.rows;
}

/**
 * PostgreSQL's plan with sequential scans and sorts priced out, so it shows whether an index can
 * serve the query at all (on a small test table the planner would rightly scan). The statement is
 * only planned, never run.
 */
export async function pgPlan(db: Kysely<Database>, q: CompiledQuery): Promise<PgPlanNode> {
  return db.connection().execute(async (conn) => {
    await conn.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    await conn.executeQuery(CompiledQuery.raw('set enable_sort = off'));
    try {
      const r = await conn.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PgPlanNode }> }>(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]));
      return r.rows[0]!['QUERY PLAN'][0]!.Plan;
    } finally {
      await conn.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
      await conn.executeQuery(CompiledQuery.raw('reset enable_sort'));
    }
  });
}

/** Every node of a PostgreSQL plan, depth first. */
export function pgNodes(plan: PgPlanNode): PgPlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(pgNodes)];
}
