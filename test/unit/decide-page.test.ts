import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DecideAlert, type DecideNotification, decidePage } from '../../src/modules/paging/decide.ts';
import type { Channel } from '../../src/modules/paging/index.ts';

// The one send decision (issue 41 item 2; docs/adr/0750): every alert status × page kind × step
// (the page's channel and its position against the escalation's) × what the batch read.

const STATUSES = ['open', 'acknowledged', 'snoozed', 'resolved'] as const;
const KINDS = ['escalation', 'responder'] as const;
const CHANNELS: Channel[] = ['push', 'sms', 'voice', 'email', 'chat'];
const NOW = Date.parse('2026-12-05T12:00:00.000Z');
const iso = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

/** Where the page stands against the escalation: its own level, an earlier one it was made for, or one planned with the current level (catch-up after downtime). */
const STEPS = ['current', 'left', 'caught-up', 'no-escalation'] as const;
type Step = (typeof STEPS)[number];

function pageAt(step: Step, kind: DecideNotification['kind'], channel: Channel, rest: Partial<DecideNotification> = {}): { alert: (status: DecideAlert['status'], urgency?: 'high' | 'low') => DecideAlert; page: DecideNotification } {
  const escalation = step === 'no-escalation' ? null : { epoch: 0, cycle: 0, level: 2, levelStartedAt: iso(-5) };
  // Made at level 1 before level 2 started (left), or in the round that started level 2 (caught-up).
  const level = step === 'current' ? 2 : 1;
  const createdAt = step === 'left' ? iso(-15) : step === 'caught-up' ? iso(-1) : iso(-4);
  return {
    alert: (status, urgency = 'high') => ({ status, urgency, escalation }),
    page: { kind, channel, epoch: 0, cycle: 0, level, createdAt, claimExpiresAt: iso(1), person: 'Ada', configured: true, destinations: 1, ...rest },
  };
}

describe('decidePage', () => {
  it('every status × kind × step × channel: sent exactly when the alert still wants the page', () => {
    for (const status of STATUSES) {
      for (const kind of KINDS) {
        for (const step of STEPS) {
          for (const channel of CHANNELS) {
            const { alert, page } = pageAt(step, kind, channel);
            const d = decidePage(alert(status), page, NOW);
            const wanted = kind === 'escalation' ? status === 'open' && step !== 'left' : status !== 'resolved';
            expect(d.send, `${status} ${kind} ${step} ${channel}: ${JSON.stringify(d)}`).toBe(wanted);
            if (!d.send) expect(d.status).toBe('cancelled');
          }
        }
      }
    }
  });

  it('a responder page on a snoozed alert is sent (issue 41 item 3), on an acknowledged one too; a resolved alert sends nothing', () => {
    for (const channel of CHANNELS) {
      const { alert, page } = pageAt('no-escalation', 'responder', channel);
      expect(decidePage(alert('snoozed'), page, NOW)).toEqual({ send: true });
      expect(decidePage(alert('acknowledged'), page, NOW)).toEqual({ send: true });
      expect(decidePage(alert('resolved'), page, NOW)).toEqual({ send: false, status: 'cancelled', detail: 'the alert is resolved' });
    }
  });

  it('a page of a level the alert has left is never sent; one planned with the current level after downtime is', () => {
    const left = pageAt('left', 'escalation', 'email');
    expect(decidePage(left.alert('open'), left.page, NOW)).toEqual({ send: false, status: 'cancelled', detail: 'the escalation has left level 1' });
    const caught = pageAt('caught-up', 'escalation', 'email');
    expect(decidePage(caught.alert('open'), caught.page, NOW)).toEqual({ send: true });
  });

  it('fast-check: the decision against its definition, over everything the batch reads', () => {
    const arb = fc.record({
      gone: fc.boolean(),
      status: fc.constantFrom(...STATUSES),
      urgency: fc.constantFrom('high' as const, 'low' as const),
      kind: fc.constantFrom(...KINDS),
      step: fc.constantFrom(...STEPS),
      channel: fc.constantFrom(...CHANNELS),
      person: fc.option(fc.constant('Ada'), { nil: null }),
      configured: fc.boolean(),
      destinations: fc.integer({ min: 0, max: 3 }),
      claim: fc.option(fc.integer({ min: -2, max: 2 }), { nil: null }),
    });
    fc.assert(
      fc.property(arb, (x) => {
        const { alert, page } = pageAt(x.step, x.kind, x.channel, {
          person: x.person, configured: x.configured, destinations: x.destinations, claimExpiresAt: x.claim === null ? null : iso(x.claim),
        });
        const d = decidePage(x.gone ? undefined : alert(x.status, x.urgency), page, NOW);
        const lapsed = x.claim !== null && x.claim <= 0;
        const statusOk = x.kind === 'escalation' ? x.status === 'open' : x.status !== 'resolved';
        const levelOk = x.kind === 'responder' || x.step !== 'left';
        const phone = x.channel === 'sms' || x.channel === 'voice';
        const send = !lapsed && !x.gone && x.person !== null && statusOk && levelOk && !(x.urgency === 'low' && phone) && x.configured && x.destinations > 0;
        expect(d.send).toBe(send);
        if (d.send) return;
        // The first reason, in the order the rule gives them.
        const expected = lapsed ? 'claimed' : x.gone || x.person === null || !statusOk || !levelOk ? 'cancelled' : x.urgency === 'low' && phone ? 'skipped' : !x.configured ? 'not_configured' : 'failed';
        expect(d.status).toBe(expected);
      }),
      { numRuns: 5000, seed: 41 },
    );
  });
  it('a service in a maintenance window: no page of an alert that is not resolved leaves, whatever its kind, step or channel', () => {
    for (const status of ['open', 'acknowledged', 'snoozed'] as const) {
      for (const kind of KINDS) {
        for (const step of STEPS) {
          for (const channel of CHANNELS) {
            const { alert, page } = pageAt(step, kind, channel);
            const d = decidePage({ ...alert(status), maintenance: { windowId: 'mnt_1', name: 'DB upgrade' } }, page, NOW);
            expect(d, `${status} ${kind} ${step} ${channel}`).toEqual({ send: false, status: 'cancelled', detail: 'the service is in maintenance window "DB upgrade"' });
          }
        }
      }
    }
    // A lapsed claim is still left to claim recovery, which asks again.
    const { alert, page } = pageAt('current', 'escalation', 'push', { claimExpiresAt: iso(-1) });
    expect(decidePage({ ...alert('open'), maintenance: { windowId: 'mnt_1', name: 'x' } }, page, NOW)).toMatchObject({ status: 'claimed' });
  });
});
