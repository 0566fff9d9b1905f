import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { countAlertsQuery } from '../../../src/modules/billing/billing.repository.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../helpers/app.ts';
import { pgNodes, pgPlan, sqlitePlan } from '../../helpers/plans.ts';

// GET /api/org/usage counts the alerts opened in the billing period. Its cost must be the period's
// alerts, not every alert the organization keeps (365 days by default) or, on PostgreSQL, every alert
// of every organization: the count is one range of alerts_org_created (docs/adr/0340-plans-and-limits.md).

describe.each(DIALECTS)('usage count plan (%s)', (dialect) => {
  let ts: TestStore;
  beforeAll(async () => {
    ts = await createTestStore(dialect);
  });
  afterAll(async () => {
    await ts.drop();
  });

  test("the period's alerts are counted from one index range on (org_id, created_at)", async () => {
    const db = ts.store.db;
    const q = countAlertsQuery(db, 'org_1', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z').compile();
    if (dialect === 'sqlite') {
      const plan = await sqlitePlan(db, q);
      expect(plan.map((s) => s.detail)).toEqual(['SEARCH alerts USING COVERING INDEX alerts_org_created (org_id=? AND created_at>? AND created_at<?)']);
    } else {
      const reads = pgNodes(await pgPlan(db, q)).filter((n) => n['Relation Name'] === 'alerts');
      expect(reads.map((n) => [n['Node Type'], n['Index Name'], /created_at >=.*created_at </.test(n['Index Cond'] ?? '')])).toEqual([
        [expect.stringMatching(/^Index (Only )?Scan$/), 'alerts_org_created', true],
      ]);
    }
  });
});
