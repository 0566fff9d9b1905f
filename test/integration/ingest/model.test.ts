import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIORITIES, type Priority, type Urgency } from '../../../src/modules/alert/index.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, liftIngestRateLimit, type Tenant, type TestApp } from '../../helpers/app.ts';

// Promise 2 (one condition pages once; nothing that should page is missed) as a property:
// random programs of triggers, repeats, resolves by key and ack/resolve by id, run through HTTP
// against a model of spec 2.1 and 3 (PRODUCT.md 3). Several operations go at once on different
// keys (so they share a commit batch), and bursts of one key's requests go at once too (their
// order is the store's to pick). Retries by Idempotency-Key must get the first response and apply
// nothing twice (PRODUCT.md 4). After each program, every alert's state, duplicate count and
// number of page requests must match the model, and each key has at most one open alert.

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const KEYS = ['a', 'b', 'c', 'd'];

type Op =
  | { kind: 'trigger'; key: string; priority?: Priority; urgency?: Urgency; idempotent?: boolean }
  | { kind: 'replay'; key: string; pick: number }
  /** The same trigger and resolves of one key, all at once: their order is the store's to pick. */
  | { kind: 'burst'; key: string; priority?: Priority; urgency?: Urgency; actions: ('trigger' | 'resolve')[] }
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
/** Every order of 0..n-1. */
const permutations = (n: number): number[][] =>
  n === 0 ? [[]] : permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
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
    {
      weight: 1,
      arbitrary: fc.record(
        { kind: fc.constant('burst' as const), key: fc.constant(key), priority: fc.option(fc.constantFrom(...PRIORITIES), { nil: undefined }), urgency: fc.option(fc.constantFrom('high' as const, 'low' as const), { nil: undefined }), actions: fc.array(fc.constantFrom('trigger' as const, 'trigger' as const, 'resolve' as const), { minLength: 2, maxLength: 4 }) },
        { requiredKeys: ['kind', 'key', 'actions'] },
      ),
    },
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
      await liftIngestRateLimit(t, tenant);
    });
    afterAll(async () => t?.close());

    it(`${RUNS} programs, each on a service of its own`, async () => {
      let program = 0;
      let replays = 0;
      let bursts = 0;
      await fc.assert(
        fc.asyncProperty(programArb, async (steps) => {
          const svc = await createService(t, tenant, `model-${++program}`);
          const open = new Map<string, ModelAlert>(); // the key's open alert
          const last = new Map<string, ModelAlert>(); // the key's latest alert, open or not
          const all: ModelAlert[] = [];
          const trace: string[] = [];
          // Requests sent with an Idempotency-Key, per key: what a retry must get back.
          const sent = new Map<string, { payload: object; idempotencyKey: string; body: unknown }[]>();

          /** A trigger of `key` answered with `body`: checks the answer and moves the model. */
          const modelTrigger = (key: string, priority: Priority, urgency: Urgency, body: { deduped: boolean; alert_id: string }) => {
            const cur = open.get(key);
            if (!cur) {
              expect(body, trace.join(' ')).toMatchObject({ deduped: false, resolved: false });
              const a: ModelAlert = { id: body.alert_id, status: 'open', rank: rankOf(priority), urgency, duplicates: 0, pages: 1 };
              open.set(key, a);
              last.set(key, a);
              all.push(a);
              return;
            }
            expect(body, trace.join(' ')).toMatchObject({ deduped: true, resolved: false, alert_id: cur.id });
            cur.duplicates++;
            const raisedPriority = rankOf(priority) < cur.rank;
            const raisedUrgency = cur.urgency === 'low' && urgency === 'high';
            if (raisedPriority) cur.rank = rankOf(priority);
            if (raisedUrgency) cur.urgency = 'high';
            if (raisedPriority || raisedUrgency) cur.pages++;
          };
          /** A resolve of `key` answered with `body`. */
          const modelResolveKey = (key: string, body: { resolved: boolean; alert_id?: string }) => {
            const cur = open.get(key);
            if (cur) {
              expect(body, trace.join(' ')).toMatchObject({ resolved: true, alert_id: cur.id });
              cur.status = 'resolved';
              open.delete(key);
            } else {
              expect(body, trace.join(' ')).toMatchObject({ resolved: false, deduped: false });
              expect(body.alert_id).toBeUndefined();
            }
          };
          const signalPayload = (key: string, priority?: Priority, urgency?: Urgency) => ({ title: `condition ${key}`, event_key: key, ...(priority ? { priority } : {}), ...(urgency ? { urgency } : {}) });

          const run = async (op: Op) => {
            const cur = open.get(op.key);
            if (op.kind === 'trigger') {
              const payload = signalPayload(op.key, op.priority, op.urgency);
              const idempotencyKey = op.idempotent ? `retry-${program}-${op.key}-${sent.get(op.key)?.length ?? 0}` : undefined;
              const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });
              expect(res.statusCode, res.body).toBe(202);
              const body = res.json();
              if (idempotencyKey) sent.set(op.key, [...(sent.get(op.key) ?? []), { payload, idempotencyKey, body }]);
              const priority = op.priority ?? 'high';
              modelTrigger(op.key, priority, op.urgency ?? defaultUrgency(priority), body);
            } else if (op.kind === 'burst') {
              const answers = await Promise.all(
                op.actions.map(async (action) => {
                  const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: action === 'trigger' ? signalPayload(op.key, op.priority, op.urgency) : { action: 'resolve', event_key: op.key } });
                  expect(res.statusCode, res.body).toBe(202);
                  return res.json() as { deduped: boolean; resolved: boolean; alert_id?: string };
                }),
              );
              // Some order of the requests must explain every answer; the triggers are identical,
              // so every order that does leaves the same state.
              const order = permutations(op.actions.length).find((perm) => {
                let openId: string | undefined = cur?.id;
                return perm.every((i) => {
                  const a = answers[i]!;
                  if (op.actions[i] === 'trigger') {
                    if (openId === undefined) return !a.deduped && !a.resolved && ((openId = a.alert_id), true);
                    return a.deduped && a.alert_id === openId;
                  }
                  if (openId === undefined) return !a.resolved && a.alert_id === undefined;
                  const ok = a.resolved && a.alert_id === openId;
                  openId = undefined;
                  return ok;
                });
              });
              expect(order, `no order of ${op.actions.join(',')} on ${op.key} explains ${JSON.stringify(answers)} after ${trace.join(' | ')}`).toBeDefined();
              const priority = op.priority ?? 'high';
              for (const i of order!) {
                if (op.actions[i] === 'trigger') modelTrigger(op.key, priority, op.urgency ?? defaultUrgency(priority), answers[i] as { deduped: boolean; alert_id: string });
                else modelResolveKey(op.key, answers[i]!);
              }
              bursts++;
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
              modelResolveKey(op.key, res.json());
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
            trace.push(step.map((op) => `${op.kind}(${op.key}${'priority' in op && op.priority ? `,${op.priority}` : ''}${'urgency' in op && op.urgency ? `,${op.urgency}` : ''}${'idempotent' in op && op.idempotent ? ',idem' : ''}${'actions' in op ? `,${op.actions.join('/')}` : ''})`).join('+'));
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
      expect(bursts, 'the programs sent some requests of one key at once').toBeGreaterThan(0);
    });
  });
}
