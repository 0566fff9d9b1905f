import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { createTestStore, DIALECTS, type TestStore } from '../../helpers/app.ts';
import { integrationsFallingBackToQuery } from '../../../src/modules/service/service.repository.ts';
import { pgNodes, pgPlan, sqlitePlan } from '../../helpers/plans.ts';

// Deleting a parent row (a user, an organization, a service) looks up its children by the foreign
// key's column, to cascade or to refuse. Without an index led by that column both stores read the
// whole child table, every organization's rows, and sessions or device grants are never deleted.
// So every foreign key's child column leads a full (not partial) index (docs/adr/0322).

/**
 * Foreign keys to a parent whose rows are never deleted, so nothing ever looks its children up
 * by the key: an entry's shared template (docs/adr/0550-timeline-storage.md: templates are never
 * deleted; an index of alert_log by template would cost ~70 bytes an entry on SQLite, where
 * alert_log is keyed by (alert_id, id)).
 */
const NEVER_DELETED_PARENTS = new Set(['alert_log.template_id']);

interface ForeignKey {
  child: string;
  column: string;
  parent: string;
}

describe.each(DIALECTS)('foreign keys (%s)', (dialect) => {
  let ts: TestStore;
  beforeAll(async () => {
    ts = await createTestStore(dialect);
  });
  afterAll(async () => {
    await ts.drop();
  });

  async function unindexedForeignKeys(): Promise<ForeignKey[]> {
    const db = ts.store.db;
    if (dialect === 'postgres') {
      const r = await sql<ForeignKey>`
        select c.conrelid::regclass::text as child, a.attname as column, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
          and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indpred is null and i.indkey[0] = c.conkey[1])
        order by 1, 2`.execute(db);
      return r.rows;
    }
    const r = await sql<ForeignKey>`
      select t.name as child, f."from" as column, f."table" as parent
      from sqlite_schema t, pragma_foreign_key_list(t.name) f
      where t.type = 'table'
        -- A composite key's first column, as on PostgreSQL (conkey[1]): an index it leads finds the children.
        and f.seq = 0
        and not exists (
          select 1 from pragma_index_list(t.name) l, pragma_index_info(l.name) i
          where l.partial = 0 and i.seqno = 0 and i.name = f."from")
      order by 1, 2`.execute(db);
    return r.rows;
  }

  test('every foreign key column leads an index', async () => {
    expect((await unindexedForeignKeys()).filter((k) => !NEVER_DELETED_PARENTS.has(`${k.child}.${k.column}`))).toEqual([]);
  });

  test.skipIf(dialect !== 'sqlite')('deleting a user, an organization or a service searches every child table by index', async () => {
    const db = ts.store.db;
    for (const [table, id] of [['users', 'usr_1'], ['organizations', 'org_1'], ['services', 'svc_1']] as const) {
      const plan = await sqlitePlan(db, CompiledQuery.raw(`delete from ${table} where id = ?`, [id]));
      expect(plan.filter((s) => !s.detail.startsWith('SEARCH ')).map((s) => `${table}: ${s.detail}`)).toEqual([]);
    }
  });

  test("deleting a service looks for the connections that block it among its organization's only", async () => {
    const db = ts.store.db;
    const q = integrationsFallingBackToQuery(db, 'org_1', 'svc_1').compile();
    if (dialect === 'sqlite') {
      expect((await sqlitePlan(db, q)).map((s) => s.detail)).toEqual([expect.stringMatching(/^SEARCH integrations USING INDEX integrations_org \(org_id=\?\)$/)]);
    } else {
      const reads = pgNodes(await pgPlan(db, q)).filter((n) => n['Relation Name'] === 'integrations');
      expect(reads.map((n) => [n['Node Type'], /org_id =/.test(n['Index Cond'] ?? '')])).toEqual([[expect.stringMatching(/Index Scan$/), true]]);
    }
  });
});
