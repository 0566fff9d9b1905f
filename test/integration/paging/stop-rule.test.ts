import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createDirectIntegration } from '../../factories/integrations.ts';
import { startFakeTwilio, type FakeTwilio } from '../../helpers/fakes/twilio.ts';
import { createHarness, type Harness, MINUTE, TWILIO } from '../../helpers/paging.ts';

// The one stop rule and the one send decision (issue 41 items 2 and 3; docs/adr/0750): a page
// goes only while its alert still wants it, and a responder page on a snoozed alert is sent as
// every other SMS is (a reply code, the throttle), not as an "early" row the phone side never saw.

const BOB = '+15550001001';
const codeOf = (body: string) => /Reply (\d{3,6}) to acknowledge/.exec(body)?.[1];

for (const dialect of DIALECTS) {
  describe(`${dialect}: one stop rule, one send decision`, () => {
    let h: Harness;
    let tw: FakeTwilio | undefined;
    afterEach(async () => {
      await h?.close();
      await tw?.close();
      tw = undefined;
    });

    it('a responder paged on a snoozed alert gets an SMS with a reply code, and their reply acknowledges', async () => {
      tw = await startFakeTwilio({ ...TWILIO });
      h = await createHarness(dialect, { twilio: tw });
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 10, onCall: ['ada'] }, { timeoutMinutes: 10, onCall: ['bob'] }] });
      h.schedules.bind(h.service.id, 'sch_main');
      const id = await h.trigger({ title: 'Snoozed', priority: 'critical' });
      h.expect(['push ada: Snoozed']);
      expect((await h.api('PUT', `/api/alerts/${id}/snooze`, { duration_minutes: 60 }, 'ada')).body).toMatchObject({ status: 'snoozed', changed: true });
      const r = await h.api('POST', `/api/alerts/${id}/responders`, { user_ids: [h.people.bob!.userId] }, 'ada');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      h.expect(['push bob: Snoozed']);
      await h.advance(MINUTE);
      const sms = tw.messages.filter((m) => m.to === BOB);
      expect(sms).toHaveLength(1);
      // Planned by the phone side like any SMS page: it carries the code that acknowledges by reply.
      const code = codeOf(sms[0]!.body);
      expect(code, sms[0]!.body).toBeDefined();
      const reply = await tw.inbound('http://klaxon.test/v1/providers/twilio/sms', BOB, code!);
      expect(reply.body).toContain('Acknowledged');
      await h.settle();
      await h.advance(5 * MINUTE);
      // Bob's own acknowledgement stopped his voice step.
      expect(tw.calls.filter((c) => c.to === BOB)).toHaveLength(0);
    });

    it('no page is sent after its alert was acknowledged, whatever status change follows (fast-check walks)', async () => {
      h = await createHarness(dialect);
      h.schedules.set('sch_main', { repeat: 1, levels: [{ timeoutMinutes: 3, onCall: ['ada'] }, { timeoutMinutes: 3, onCall: ['bob'] }] });
      h.schedules.bind(h.service.id, 'sch_main');
      const db = h.t.container.db;
      // Acknowledge and resolve by signal through the Events API v2 (by dedup_key = the alert's key).
      const routingKey = (await createDirectIntegration(h.t, h.tenant, { type: 'events_v2', serviceId: h.service.id, name: 'Monitor' })).routing_key!;
      let run = 0;
      type Op =
        | { op: 'wait'; seconds: number }
        | { op: 'ack' | 'resolve' | 'escalate' | 'wake'; by: 'ada' | 'bob' }
        | { op: 'snooze'; minutes: number }
        | { op: 'priority'; priority: 'critical' | 'info' }
        | { op: 'responders' }
        | { op: 'signal'; action: 'acknowledge' | 'resolve' };
      const op: fc.Arbitrary<Op> = fc.oneof(
        fc.record({ op: fc.constant('wait' as const), seconds: fc.integer({ min: 1, max: 400 }) }),
        fc.record({ op: fc.constantFrom('ack' as const, 'resolve' as const, 'escalate' as const, 'wake' as const), by: fc.constantFrom('ada' as const, 'bob' as const) }),
        fc.record({ op: fc.constant('snooze' as const), minutes: fc.integer({ min: 1, max: 5 }) }),
        fc.record({ op: fc.constant('priority' as const), priority: fc.constantFrom('critical' as const, 'info' as const) }),
        fc.record({ op: fc.constant('responders' as const) }),
        fc.record({ op: fc.constant('signal' as const), action: fc.constantFrom('acknowledge' as const, 'resolve' as const) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 8 }), async (ops) => {
          const key = `walk-${run++}`;
          const title = `Walk ${key}`;
          const id = await h.trigger({ title, priority: 'critical', event_key: key });
          // Since when the alert has been stopped (acknowledged or resolved) with nothing since that
          // pages again (an escalation by hand, a wake, a snooze's end, a raise); who acknowledged.
          const ackedBy = new Set<string>();
          const step = async (o: Op) => {
            const before = await db.selectFrom('alerts').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
            const mark = h.inbox().length;
            switch (o.op) {
              case 'wait':
                await h.advance(o.seconds * 1000);
                break;
              case 'ack':
              case 'resolve':
              case 'escalate':
              case 'wake':
                await h.api('PUT', `/api/alerts/${id}/${o.op}`, undefined, o.by);
                break;
              case 'snooze':
                await h.api('PUT', `/api/alerts/${id}/snooze`, { duration_minutes: o.minutes }, 'ada');
                break;
              case 'priority':
                await h.api('PUT', `/api/alerts/${id}/priority`, { priority: o.priority }, 'ada');
                break;
              case 'responders':
                await h.api('POST', `/api/alerts/${id}/responders`, { user_ids: [h.people.cy!.userId] }, 'ada');
                break;
              case 'signal': {
                const res = await h.t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: { routing_key: routingKey, event_action: o.action, dedup_key: key } });
                expect(res.statusCode).toBe(202);
                await h.settle();
                break;
              }
            }
            const after = await db.selectFrom('alerts').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
            if ((o.op === 'ack' && after.status === 'acknowledged') || (o.op === 'signal' && o.action === 'acknowledge')) ackedBy.add(o.op === 'ack' ? o.by : 'source');
            if (after.status === 'open') ackedBy.clear();
            const received = h.inbox().slice(mark).filter((s) => s.title === title);
            // A step that began and ended stopped pages nobody of the escalation; a resolved alert nobody at all.
            const stopped = (s: string) => s === 'acknowledged' || s === 'resolved';
            if (stopped(before.status) && stopped(after.status) && o.op !== 'wake') {
              const kinds = await db.selectFrom('notifications').select(['id', 'kind', 'user_id']).where('id', 'in', received.length ? received.map((r) => r.id) : ['none']).execute();
              for (const k of kinds) {
                const who = received.find((r) => r.id === k.id)!;
                expect(k.kind === 'responder' && before.status !== 'resolved', `${who.channel} page to ${who.person} sent while the alert was ${before.status} (after ${JSON.stringify(o)} in ${JSON.stringify(ops)})`).toBe(true);
                expect(ackedBy.has(who.person), `responder ${who.person} paged after their own acknowledgement`).toBe(false);
              }
            }
          };
          try {
            for (const o of ops) await step(o);
          } catch (err) {
            h.inbox().splice(0);
            throw err;
          }
          // Whatever the walk left open is stopped now, and nothing of it is sent afterwards.
          await h.api('PUT', `/api/alerts/${id}/resolve`, undefined, 'ada');
          const mark = h.inbox().length;
          await h.advance(15 * MINUTE);
          expect(h.inbox().slice(mark).filter((s) => s.title === title), 'pages sent after the alert was resolved').toEqual([]);
          h.inbox().splice(0);
        }),
        { numRuns: 12, seed: 41 },
      );
    }, 600_000);
  });
}
