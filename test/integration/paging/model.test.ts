import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createService } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';

// PRODUCT.md 7.3 as a property: random programs of signals (of several priorities, so repeats
// raise), acknowledgements, escalations, snoozes, wakes, priority changes, responders, schedule
// edits and clock advances, run through HTTP against the engine, and against a small model of the
// escalation; after every step the messages the providers received must equal the model's. Two
// levels of 10 minutes, one repeat, one email step at 0 s per level and priority.

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const KEYS = ['a', 'b'];
const LEVELS = 2;
const REPEAT = 1;
const TIMEOUT = 10 * MINUTE;

const PRIORITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
type Priority = (typeof PRIORITIES)[number];
const rankOf = (p: Priority) => PRIORITIES.indexOf(p) + 1;
const urgencyOf = (p: Priority): 'high' | 'low' => (p === 'info' ? 'low' : 'high');

type Op =
  | { kind: 'trigger'; key: string; priority: Priority }
  | { kind: 'priority'; key: string; priority: Priority }
  | { kind: 'responder'; key: string }
  | { kind: 'resolve' | 'ack' | 'escalate' | 'wake'; key: string }
  | { kind: 'snooze'; key: string; minutes: number }
  | { kind: 'edit'; person: 'bob' | 'cy' }
  | { kind: 'advance'; minutes: number };

const keyed = (kind: 'resolve' | 'ack' | 'escalate' | 'wake' | 'responder') => fc.record({ kind: fc.constant(kind), key: fc.constantFrom(...KEYS) });
const prioritized = (kind: 'trigger' | 'priority') => fc.record({ kind: fc.constant(kind), key: fc.constantFrom(...KEYS), priority: fc.constantFrom<Priority>('info', 'medium', 'critical') });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: prioritized('trigger') },
  { weight: 2, arbitrary: prioritized('priority') },
  { weight: 1, arbitrary: keyed('responder') },
  { weight: 1, arbitrary: keyed('resolve') },
  { weight: 1, arbitrary: keyed('ack') },
  { weight: 2, arbitrary: keyed('escalate') },
  { weight: 2, arbitrary: keyed('wake') },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('snooze' as const), key: fc.constantFrom(...KEYS), minutes: fc.constantFrom(3, 10, 25) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), person: fc.constantFrom('bob' as const, 'cy' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), minutes: fc.constantFrom(1, 5, 10, 20, 45) }) },
);

interface ModelAlert {
  id: string;
  title: string;
  status: 'open' | 'acknowledged' | 'snoozed' | 'resolved';
  level: number;
  cycle: number;
  /** When the current level started (its timeout runs from here); null: resting (exhausted or stopped). */
  start: number | null;
  snoozedUntil: number | null;
  rank: number;
  urgency: 'high' | 'low';
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: the paging engine against a model of PRODUCT.md 7.3`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness(dialect);
    }, 60_000);
    afterAll(async () => h?.close());

    it('random programs page exactly as the model says', async () => {
      let run = 0;
      await fc.assert(
        // Every program starts with both keys open, so the operations have alerts to act on.
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 20 }).map((rest): Op[] => [...KEYS.map((key) => ({ kind: 'trigger' as const, key, priority: 'medium' as const })), ...rest]), async (ops) => {
          run++;
          const svc = await createService(h.t, h.tenant, `model-${run}`);
          let level2 = 'bob';
          const schedule = () => h.schedules.set(`sch_model_${run}`, {
            repeat: REPEAT, allSteps: [{ channel: 'email', delay_seconds: 0 }],
            levels: [{ timeoutMinutes: 10, onCall: ['ada'] }, { timeoutMinutes: 10, onCall: [level2] }],
          });
          schedule();
          h.schedules.bind(svc.id, `sch_model_${run}`);
          const alerts = new Map<string, ModelAlert>();
          let n = 0;
          const expected: string[] = [];
          const onCall = (level: number) => (level === 1 ? 'ada' : level2);
          const page = (a: ModelAlert) => expected.push(`email ${onCall(a.level)}: ${a.title}`);
          const now = () => h.t.clock.now().getTime();
          /** A new priority and urgency: a raise of either pages the current level again, if the alert is open. */
          const raise = (a: ModelAlert, rank: number, urgency: 'high' | 'low') => {
            const raised = rank < a.rank || (urgency === 'high' && a.urgency === 'low');
            a.rank = rank;
            a.urgency = urgency;
            if (raised && a.status === 'open') {
              a.start = now();
              page(a);
            }
          };
          /** The model's view of time passing to `t`: snoozes end, levels time out. */
          const tick = (t: number) => {
            for (const a of alerts.values()) {
              if (a.status === 'snoozed' && a.snoozedUntil! <= t) {
                a.status = 'open';
                a.snoozedUntil = null;
                a.start = t;
                page(a);
              }
              while (a.status === 'open' && a.start !== null && a.start + TIMEOUT <= t) {
                if (a.level < LEVELS) a.level++;
                else if (a.cycle < REPEAT) {
                  a.level = 1;
                  a.cycle++;
                } else {
                  a.start = null; // exhausted
                  break;
                }
                a.start += TIMEOUT;
                page(a);
              }
            }
          };
          const step = async (op: Op) => {
            const a = 'key' in op ? alerts.get(op.key) : undefined;
            const live = a && a.status !== 'resolved' ? a : undefined;
            switch (op.kind) {
              case 'trigger': {
                const title = `${op.key}-${run}-${++n}`;
                const res = await h.t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title, event_key: op.key, priority: op.priority } });
                expect(res.statusCode).toBe(202);
                if (!live) {
                  const m: ModelAlert = { id: res.json().alert_id, title, status: 'open', level: 1, cycle: 0, start: now(), snoozedUntil: null, rank: rankOf(op.priority), urgency: urgencyOf(op.priority) };
                  alerts.set(op.key, m);
                  page(m);
                } else {
                  // A repeat never lowers; a higher one pages the current level again (spec 2.1 rule 2).
                  raise(live, Math.min(live.rank, rankOf(op.priority)), live.urgency === 'high' || urgencyOf(op.priority) === 'high' ? 'high' : 'low');
                }
                break;
              }
              case 'priority': {
                if (!live) return;
                const r = await h.api('PUT', `/api/alerts/${live.id}/priority`, { priority: op.priority, urgency: urgencyOf(op.priority) }, 'ada');
                expect(r.status, JSON.stringify(r.body)).toBe(200);
                // Set by hand: a lowering is kept and pages nobody; a raise pages.
                raise(live, rankOf(op.priority), urgencyOf(op.priority));
                break;
              }
              case 'responder': {
                if (!live) return;
                const r = await h.api('POST', `/api/alerts/${live.id}/responders`, { user_ids: [h.people.cy!.userId] }, 'ada');
                expect(r.status, JSON.stringify(r.body)).toBe(200);
                // Paged now with level 1's steps, whatever the alert's state (open, acknowledged, snoozed).
                expected.push(`email cy: ${live.title}`);
                break;
              }
              case 'resolve':
                expect((await h.t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { action: 'resolve', event_key: op.key } })).statusCode).toBe(202);
                if (live) live.status = 'resolved';
                break;
              case 'ack':
                if (!live) return;
                await h.api('PUT', `/api/alerts/${live.id}/ack`, undefined, 'ada');
                if (live.status !== 'acknowledged') {
                  live.status = 'acknowledged';
                  live.snoozedUntil = null;
                }
                break;
              case 'escalate': {
                if (!live) return;
                await h.api('PUT', `/api/alerts/${live.id}/escalate`, undefined, 'ada');
                live.status = 'open';
                live.snoozedUntil = null;
                if (live.level < LEVELS) live.level++;
                else if (live.cycle < REPEAT) {
                  live.level = 1;
                  live.cycle++;
                } // past the end: the last level again
                live.start = now();
                page(live);
                break;
              }
              case 'snooze':
                if (!live) return;
                await h.api('PUT', `/api/alerts/${live.id}/snooze`, { duration_minutes: op.minutes }, 'ada');
                live.status = 'snoozed';
                live.snoozedUntil = now() + op.minutes * MINUTE;
                break;
              case 'wake':
                if (!live) return;
                await h.api('PUT', `/api/alerts/${live.id}/wake`, undefined, 'ada');
                if (live.status === 'snoozed') {
                  live.status = 'open';
                  live.snoozedUntil = null;
                  live.start = now();
                  page(live);
                }
                break;
              case 'edit':
                level2 = op.person;
                schedule();
                break;
              case 'advance':
                for (let i = 0; i < op.minutes; i++) {
                  await h.advance(MINUTE);
                  tick(now());
                }
                break;
            }
            await h.settle();
          };
          try {
            for (const op of ops) {
              await step(op);
              h.expect(expected.splice(0));
            }
          } finally {
            // Leave nothing escalating for the next program.
            for (const a of alerts.values()) if (a.status !== 'resolved') await h.api('PUT', `/api/alerts/${a.id}/resolve`, undefined, 'ada');
            await h.settle();
            h.inbox().splice(0);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }, 600_000);
  });
}
