import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AuditFilter, listAuditQuery } from '../../../src/modules/audit/audit.repository.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../helpers/app.ts';
import { pgNodes, pgPlan, sqlitePlan } from '../../helpers/plans.ts';

// GET /api/audit answers newest first. The audit log is never pruned, so a filter by actor, action or
// target must read an index range in list order cut at the page size, not walk the organization's
// whole log looking for matches (docs/adr/0322-org-deletion-and-audit-log.md). Not covered: the time
// filters, which SQLite serves from audit_log_org_created and a sort of the window's entries (see the ADR).

const PARTS: Array<[string, AuditFilter]> = [
  ['actor', { actorId: 'usr_1' }],
  ['action', { action: 'alert.ack' }],
  ['target type', { targetType: 'alert' }],
  ['target', { targetId: 'alr_1' }],
];

/** Every combination of the actor, action and target filters, with and without a cursor. */
function cases(): Array<[string, AuditFilter, string | undefined]> {
  const out: Array<[string, AuditFilter, string | undefined]> = [];
  for (let mask = 1; mask < 1 << PARTS.length; mask++) {
    const picked = PARTS.filter((_, i) => mask & (1 << i));
    const name = picked.map(([n]) => n).join(' + ');
    const filter = Object.assign({}, ...picked.map(([, f]) => f)) as AuditFilter;
    out.push([name, filter, undefined], [`${name} + cursor`, filter, 'aud_01kz0000000000000000000000']);
  }
  return out;
}

const INDEXES = /^audit_log_org_(actor|action|target_type|target)$/;

describe.each(DIALECTS)('audit log plans (%s)', (dialect) => {
  let ts: TestStore;
  beforeAll(async () => {
    ts = await createTestStore(dialect);
  });
  afterAll(async () => {
    await ts.drop();
  });

  test.each(cases())('filtered by %s: one index range in list order', async (_name, filter, cursor) => {
    const db = ts.store.db;
    const q = listAuditQuery(db, 'org_1', filter, cursor, 51).compile();
    if (dialect === 'sqlite') {
      const plan = (await sqlitePlan(db, q)).map((s) => s.detail);
      expect(plan).toHaveLength(1);
      expect(plan[0]).toMatch(/^SEARCH audit_log USING INDEX audit_log_org_(actor|action|target_type|target) \(org_id=\? AND (actor_id|action|target_type|target_id)=\?/);
    } else {
      const plan = await pgPlan(db, q);
      const reads = pgNodes(plan).filter((n) => n['Relation Name'] === 'audit_log');
      expect(reads.map((n) => [n['Node Type'], INDEXES.test(n['Index Name'] ?? '')])).toEqual([['Index Scan', true]]);
      expect(plan['Node Type']).toBe('Limit');
      expect(plan.Plans?.[0]?.['Relation Name']).toBe('audit_log');
    }
  });
});
