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
 * serve the query at all (on a small test table the planner would rightly scan); `off` names more
 * plan types to price out, as the code that runs the statement does (`enable_indexscan`). The
 * statement is only planned, never run.
 */
export async function pgPlan(db: Kysely<Database>, q: CompiledQuery, off: string[] = []): Promise<PgPlanNode> {
  const settings = ['enable_seqscan', 'enable_sort', ...off];
  return db.connection().execute(async (conn) => {
    for (const s of settings) await conn.executeQuery(CompiledQuery.raw(`set ${s} = off`));
    try {
      const r = await conn.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PgPlanNode }> }>(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]));
      return r.rows[0]!['QUERY PLAN'][0]!.Plan;
    } finally {
      for (const s of settings) await conn.executeQuery(CompiledQuery.raw(`reset ${s}`));
    }
  });
}

/** Every node of a PostgreSQL plan, depth first. */
export function pgNodes(plan: PgPlanNode): PgPlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(pgNodes)];
}
