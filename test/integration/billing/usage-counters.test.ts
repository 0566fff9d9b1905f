import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionJob } from '../../../src/jobs/retention.job.ts';
import { signedIn } from '../../helpers/people.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, liftIngestRateLimit, type Tenant, type TestApp } from '../../helpers/app.ts';

// Usage counters (issue 25 item 2, docs/adr/0543-usage-counters.md): after random programs of
// ingest (new alerts and repeats), alerts opened by hand, resolves, clock moves, retention and
// organization deletion, the hourly counters equal the model's count of alerts created, the
// alerts the store still holds equal that count less what retention deleted (a full count), and
// GET /api/org/usage shows the current period's sum. A deleted organization leaves no counter.

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RETENTION_DAYS = [1, 3] as const;

type Op =
  | { kind: 'trigger'; org: 0 | 1; key: number }
  | { kind: 'create'; org: 0 | 1 }
  | { kind: 'resolve'; org: 0 | 1; key: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'retention' }
  | { kind: 'deleteOrg'; org: 0 | 1 };

const orgArb = fc.constantFrom<0 | 1>(0, 1);
const keyArb = fc.integer({ min: 0, max: 4 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('trigger' as const), org: orgArb, key: keyArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('create' as const), org: orgArb }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('resolve' as const), org: orgArb, key: keyArb }) },
  // Minutes to weeks: hours and month ends are crossed.
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(60_000, 20 * 60_000, HOUR, 7 * HOUR, DAY + 13 * 60_000, 9 * DAY) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'retention' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteOrg' as const), org: orgArb }) },
);

interface ModelAlert {
  id: string;
  key: number | null;
  createdAt: string;
  resolvedAt: string | null;
  deleted: boolean;
}
interface ModelOrg {
  tenant: Tenant;
  svc: Awaited<ReturnType<typeof createService>>;
  retentionDays: number;
  alerts: ModelAlert[];
}

const byHour = (xs: { createdAt: string }[]) => {
  const m: Record<string, number> = {};
  for (const x of xs) m[x.createdAt.slice(0, 13)] = (m[x.createdAt.slice(0, 13)] ?? 0) + 1;
  return m;
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: usage counters equal a full count after random programs`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ dialect });
    }, 120_000);
    afterAll(async () => t?.close());

    let orgs = 0;
    async function newOrg(slot: 0 | 1): Promise<ModelOrg> {
      const tenant = await bootstrapTenant(t, `Usage ${++orgs}`);
      await liftIngestRateLimit(t, tenant);
      const svc = await createService(t, tenant, 'svc');
      const retentionDays = RETENTION_DAYS[slot];
      const r = await t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: tenant.headers, payload: { retention_days: retentionDays } });
      expect(r.statusCode, r.body).toBe(200);
      return { tenant, svc, retentionDays, alerts: [] };
    }

    /** The store's counters of an organization, by hour (shards summed). */
    async function counters(orgId: string): Promise<Record<string, number>> {
      const rows = await t.container.db.selectFrom('usage_hours').select(['hour', 'alerts_created']).where('org_id', '=', orgId).execute();
      const m: Record<string, number> = {};
      for (const r of rows) m[r.hour] = (m[r.hour] ?? 0) + Number(r.alerts_created);
      return m;
    }
    /** The full count: the alerts the store holds, by the hour they were created in. */
    async function fullCount(orgId: string): Promise<Record<string, number>> {
      const rows = await t.container.db.selectFrom('alerts').select(['created_at']).where('org_id', '=', orgId).execute();
      return byHour(rows.map((r) => ({ createdAt: r.created_at })));
    }

    async function check(o: ModelOrg, where: string) {
      expect(await counters(o.tenant.orgId), `${where}: counters`).toEqual(byHour(o.alerts));
      expect(await fullCount(o.tenant.orgId), `${where}: alerts held`).toEqual(byHour(o.alerts.filter((a) => !a.deleted)));
      const res = await t.app.inject({ method: 'GET', url: '/api/org/usage', headers: o.tenant.headers });
      expect(res.statusCode, res.body).toBe(200);
      const usage = res.json() as { period_start: string; period_end: string; alerts: { count: number } };
      const inPeriod = o.alerts.filter((a) => a.createdAt >= usage.period_start && a.createdAt < usage.period_end).length;
      expect(usage.alerts.count, `${where}: GET /api/org/usage`).toBe(inPeriod);
    }

    it(`counters, full counts and GET /api/org/usage agree (${RUNS} programs)`, async () => {
      let created = 0;
      let deletedByRetention = 0;
      let orgsDeleted = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 30 }), async (ops) => {
          const model: [ModelOrg, ModelOrg] = [await newOrg(0), await newOrg(1)];
          // Every program ends past both retentions, with a retention run.
          const program: Op[] = [...ops, { kind: 'advance', ms: 4 * DAY }, { kind: 'retention' }];
          for (const [step, op] of program.entries()) {
            const where = `step ${step} (${JSON.stringify(op)})`;
            const now = () => t.clock.now().toISOString();
            if (op.kind === 'trigger') {
              const o = model[op.org];
              const open = o.alerts.find((a) => a.key === op.key && a.resolvedAt === null);
              const res = await t.app.inject({ method: 'POST', url: o.svc.ingestPath, payload: { title: `Key ${op.key} hot`, event_key: `k${op.key}` } });
              expect(res.statusCode, res.body).toBe(202);
              const body = res.json() as { alert_id: string; deduped: boolean };
              expect(body.deduped, where).toBe(open !== undefined);
              if (!open) {
                o.alerts.push({ id: body.alert_id, key: op.key, createdAt: now(), resolvedAt: null, deleted: false });
                created++;
              }
            } else if (op.kind === 'create') {
              const o = model[op.org];
              const res = await t.app.inject({ method: 'POST', url: '/api/alerts', headers: o.tenant.headers, payload: { service_id: o.svc.id, title: 'By hand' } });
              expect(res.statusCode, res.body).toBe(200);
              o.alerts.push({ id: (res.json() as { id: string }).id, key: null, createdAt: now(), resolvedAt: null, deleted: false });
              created++;
            } else if (op.kind === 'resolve') {
              const o = model[op.org];
              const open = o.alerts.find((a) => a.key === op.key && a.resolvedAt === null);
              const res = await t.app.inject({ method: 'POST', url: o.svc.ingestPath, payload: { action: 'resolve', event_key: `k${op.key}` } });
              expect(res.statusCode, res.body).toBe(202);
              expect((res.json() as { resolved: boolean }).resolved, where).toBe(open !== undefined);
              if (open) open.resolvedAt = now();
            } else if (op.kind === 'advance') {
              t.clock.advance(op.ms);
            } else if (op.kind === 'retention') {
              await retentionJob.run({ db: t.container.db, now: t.clock.now() });
              for (const o of model) {
                const before = new Date(t.clock.now().getTime() - o.retentionDays * DAY).toISOString();
                for (const a of o.alerts) {
                  if (!a.deleted && a.resolvedAt !== null && a.resolvedAt < before) {
                    a.deleted = true;
                    deletedByRetention++;
                  }
                }
                await check(o, where);
              }
            } else {
              const o = model[op.org];
              const res = await t.app.inject({ method: 'DELETE', url: '/api/org', headers: (await signedIn(t, o.tenant.userId, o.tenant.orgId)).headers });
              expect(res.statusCode, res.body).toBe(200);
              expect(await counters(o.tenant.orgId), `${where}: counters of the deleted organization`).toEqual({});
              orgsDeleted++;
              model[op.org] = await newOrg(op.org);
            }
          }
          for (const o of model) await check(o, 'end of program');
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // Not vacuous: alerts were created, retention deleted some, organizations went.
      expect(created).toBeGreaterThan(RUNS * 3);
      expect(deletedByRetention).toBeGreaterThan(0);
      expect(orgsDeleted).toBeGreaterThan(0);
    }, 600_000);
  });
}
