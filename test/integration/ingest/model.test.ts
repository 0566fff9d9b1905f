import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIORITIES, type Priority, type Urgency } from '../../../src/modules/alert/index.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';

// Promise 2 (one condition pages once; nothing that should page is missed) as a property: random
// programs of triggers, repeats, resolves by key and ack/resolve by id, several at once on
// different keys (so they share a commit batch), run through HTTP against a model of spec 2.1
// and 3 (PRODUCT.md 3), with retries of earlier requests by Idempotency-Key (PRODUCT.md 4: the
// first response again, nothing applied twice). After each program every alert's state, duplicate count and number of
// page requests must match the model, and each key has at most one open alert.

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const KEYS = ['a', 'b', 'c', 'd'];

type Op =
  | { kind: 'trigger'; key: string; priority?: Priority; urgency?: Urgency; idempotent?: boolean }
  | { kind: 'replay'; key: string; pick: number }
  | { kind: 'resolve-key'; key: string }
  | { kind: 'ack-id' | 'resolve-id'; key: string };

interface ModelAlert {
  id: string;
  status: 'open' | 'acknowledged' | 'resolved';
  rank: number;
  urgency: Urgency;
  duplicates: number;
  pages: number;
}

const rankOf = (p: Priority) => PRIORITIES.indexOf(p);
const defaultUrgency = (p: Priority): Urgency => (p === 'info' ? 'low' : 'high');

const opArb = (key: string): fc.Arbitrary<Op> =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record(
        { kind: fc.constant('trigger' as const), key: fc.constant(key), priority: fc.option(fc.constantFrom(...PRIORITIES), { nil: undefined }), urgency: fc.option(fc.constantFrom('high' as const, 'low' as const), { nil: undefined }), idempotent: fc.boolean() },
        { requiredKeys: ['kind', 'key'] },
      ),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), key: fc.constant(key), pick: fc.nat() }) },
    { weight: 2, arbitrary: fc.constant<Op>({ kind: 'resolve-key', key }) },
    { weight: 1, arbitrary: fc.constant<Op>({ kind: 'ack-id', key }) },
    { weight: 1, arbitrary: fc.constant<Op>({ kind: 'resolve-id', key }) },
  );
/** A step: operations on distinct keys, sent at once. */
const stepArb = fc.subarray(KEYS, { minLength: 1 }).chain((keys) => fc.tuple(...keys.map(opArb)));
const programArb = fc.array(stepArb, { minLength: 1, maxLength: 12 });

for (const dialect of DIALECTS) {
  describe(`${dialect}: random programs of signals match the model of spec 3, pages included`, () => {
    let t: TestApp;
    let tenant: Tenant;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      tenant = await bootstrapTenant(t);
      await t.container.db.updateTable('organizations').set({ ingest_rate_per_minute: 1_000_000 }).where('id', '=', tenant.orgId).execute();
    });
    afterAll(async () => t?.close());

    it(`${RUNS} programs, each on a service of its own`, async () => {
      let program = 0;
      let replays = 0;
      await fc.assert(
        fc.asyncProperty(programArb, async (steps) => {
          const svc = await createService(t, tenant, `model-${++program}`);
          const open = new Map<string, ModelAlert>(); // the key's open alert
          const last = new Map<string, ModelAlert>(); // the key's latest alert, open or not
          const all: ModelAlert[] = [];
          const trace: string[] = [];
          // Requests sent with an Idempotency-Key, per key: what a retry must get back.
          const sent = new Map<string, { payload: object; idempotencyKey: string; body: unknown }[]>();

          const run = async (op: Op) => {
            const cur = open.get(op.key);
            if (op.kind === 'trigger') {
              const payload = { title: `condition ${op.key}`, event_key: op.key, ...(op.priority ? { priority: op.priority } : {}), ...(op.urgency ? { urgency: op.urgency } : {}) };
              const idempotencyKey = op.idempotent ? `retry-${program}-${op.key}-${sent.get(op.key)?.length ?? 0}` : undefined;
              const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
              expect(res.statusCode, res.body).toBe(202);
              const body = res.json();
              if (idempotencyKey) sent.set(op.key, [...(sent.get(op.key) ?? []), { payload, idempotencyKey, body }]);
              const priority = op.priority ?? 'high';
              const urgency = op.urgency ?? defaultUrgency(priority);
              if (!cur) {
                expect(body, trace.join(' ')).toMatchObject({ deduped: false, resolved: false });
                const a: ModelAlert = { id: body.alert_id, status: 'open', rank: rankOf(priority), urgency, duplicates: 0, pages: 1 };
                open.set(op.key, a);
                last.set(op.key, a);
                all.push(a);
              } else {
                expect(body, trace.join(' ')).toMatchObject({ deduped: true, resolved: false, alert_id: cur.id });
                cur.duplicates++;
                const raisedPriority = rankOf(priority) < cur.rank;
                const raisedUrgency = cur.urgency === 'low' && urgency === 'high';
                if (raisedPriority) cur.rank = rankOf(priority);
                if (raisedUrgency) cur.urgency = 'high';
                if (raisedPriority || raisedUrgency) cur.pages++;
              }
            } else if (op.kind === 'replay') {
              const earlier = sent.get(op.key);
              if (!earlier?.length) return;
              const first = earlier[op.pick % earlier.length]!;
              const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: first.payload, headers: { 'idempotency-key': first.idempotencyKey } });
              expect(res.statusCode, res.body).toBe(202);
              expect(res.headers['idempotent-replayed'], trace.join(' ')).toBe('true');
              expect(res.json(), trace.join(' ')).toEqual(first.body);
              replays++;
            } else if (op.kind === 'resolve-key') {
              const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { action: 'resolve', event_key: op.key } });
              expect(res.statusCode, res.body).toBe(202);
              const body = res.json();
              if (cur) {
                expect(body, trace.join(' ')).toMatchObject({ resolved: true, alert_id: cur.id });
                cur.status = 'resolved';
                open.delete(op.key);
              } else {
                expect(body, trace.join(' ')).toMatchObject({ resolved: false, deduped: false });
                expect(body.alert_id).toBeUndefined();
              }
            } else {
              const target = cur ?? last.get(op.key);
              if (!target) return; // nothing to address by id yet
              const verb = op.kind === 'ack-id' ? 'ack' : 'resolve';
              const res = await t.app.inject({ method: 'PUT', url: `/v1/alerts/${target.id}/${verb}`, headers: { authorization: `Bearer ${tenant.ingestKey}` } });
              expect(res.statusCode, res.body).toBe(200);
              const changes = verb === 'ack' ? target.status === 'open' : target.status !== 'resolved';
              if (changes) target.status = verb === 'ack' ? 'acknowledged' : 'resolved';
              if (target.status === 'resolved' && open.get(op.key) === target) open.delete(op.key);
              expect(res.json(), trace.join(' ')).toEqual({ ok: true, alert_id: target.id, status: target.status, changed: changes });
            }
          };

          for (const step of steps) {
            trace.push(step.map((op) => `${op.kind}(${op.key}${'priority' in op && op.priority ? `,${op.priority}` : ''}${'urgency' in op && op.urgency ? `,${op.urgency}` : ''}${'idempotent' in op && op.idempotent ? ',idem' : ''})`).join('+'));
            // Distinct keys: the model's order within a step does not matter.
            await Promise.all(step.map(run));
          }

          await t.container.runner.drain();
          for (const a of all) {
            const got = (await t.app.inject({ method: 'GET', url: `/api/alerts/${a.id}`, headers: tenant.headers })).json();
            const where = `${a.id} after ${trace.join(' | ')}`;
            expect({ status: got.status, priority: got.priority, urgency: got.urgency, duplicate_count: got.duplicate_count }, where).toEqual({
              status: a.status,
              priority: PRIORITIES[a.rank],
              urgency: a.urgency,
              duplicate_count: a.duplicates,
            });
            const timeline = (await t.app.inject({ method: 'GET', url: `/api/alerts/${a.id}/timeline?limit=500`, headers: tenant.headers })).json() as { kind: string }[];
            expect(timeline.filter((e) => e.kind === 'page_requested').length, `page requests of ${where}`).toBe(a.pages);
          }
          const openRows = await t.container.db.selectFrom('alerts').select(['event_key']).where('service_id', '=', svc.id).where('status', '<>', 'resolved').execute();
          expect(openRows.map((r) => r.event_key).sort()).toEqual([...open.keys()].sort());
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(replays, 'the programs retried some requests').toBeGreaterThan(0);
    });
  });
}
