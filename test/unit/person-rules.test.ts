import { describe, expect, it } from 'vitest';
import type { ChannelStep } from '../../src/modules/paging/directory.port.ts';
import { defaultSteps } from '../../src/modules/paging/escalation.ts';
import { WEEKDAYS } from '../../src/modules/schedule/index.ts';
import { NO_RULES, OWN_STEP_BASE, type PersonRules, type Rule, effectiveSteps, planPeople } from '../../src/modules/paging/rules.ts';

// effectiveSteps, the one rule of whose steps page a person (PRODUCT.md 10), over every
// combination of: the organization switch, the alert's urgency, the person's lists (none, empty,
// high only, low only, both) and level steps with and without chat.

const HIGH: Rule[] = [{ channel: 'push', delay_seconds: 0 }, { channel: 'sms', delay_seconds: 60, contact_id: 'phn_1' }];
const LOW: Rule[] = [{ channel: 'email', delay_seconds: 30 }];
const CHAT: ChannelStep = { channel: 'chat', delay_seconds: 0, destination_id: 'whk_1' };
const LEVELS: ChannelStep[][] = [defaultSteps('critical'), [...defaultSteps('high'), CHAT], [CHAT, { channel: 'email', delay_seconds: 0 }]];
const PEOPLE: (PersonRules | undefined)[] = [undefined, NO_RULES, { ...NO_RULES, high: HIGH }, { ...NO_RULES, low: LOW }, { ...NO_RULES, high: HIGH, low: LOW }];

describe('effectiveSteps', () => {
  for (const on of [true, false]) {
    for (const urgency of ['high', 'low'] as const) {
      PEOPLE.forEach((rules, pi) => {
        LEVELS.forEach((level, li) => {
          it(`person_rules ${on}, ${urgency} urgency, person ${pi}, level ${li}`, () => {
            const eff = effectiveSteps(rules, level, urgency, on);
            const own = on && rules ? rules[urgency] : [];
            if (!own.length) {
              expect(eff.source).toBe('level');
              expect(eff.steps).toEqual(level.map((s, index) => ({ ...s, index })));
              return;
            }
            expect(eff.source).toBe('own');
            // The person's list in order, each contact as the step's destination, then the level's chat steps at their level index.
            expect(eff.steps).toEqual([
              ...own.map((r, i) => ({ channel: r.channel, delay_seconds: r.delay_seconds, ...(r.contact_id ? { destination_id: r.contact_id } : {}), index: OWN_STEP_BASE + i })),
              ...level.flatMap((s, index) => (s.channel === 'chat' ? [{ ...s, index }] : [])),
            ]);
          });
        });
      });
    }
  }
});

describe('planPeople', () => {
  const p = { alertId: 'alr_1', epoch: 0, cycle: 0, level: 1, at: 1_000_000, people: ['usr_a', 'usr_b'], urgency: 'high' as const };
  const rules = { on: true, of: (id: string) => (id === 'usr_a' ? { ...NO_RULES, high: HIGH } : undefined) };

  it("each person by their own steps, delays from when they are paged; chat keeps the level's index so one post names both", () => {
    const plan = planPeople(p, [...defaultSteps('high'), CHAT], rules);
    expect(plan.sources).toEqual(new Map([['usr_a', 'own'], ['usr_b', 'level']]));
    const of = (u: string) => plan.drafts.filter((d) => d.userId === u).map((d) => [d.channel, d.stepIndex, d.dueAt - p.at, d.destinationId]);
    expect(of('usr_a')).toEqual([['push', 100, 0, null], ['sms', 101, 60_000, 'phn_1'], ['chat', 3, 0, 'whk_1']]);
    expect(of('usr_b')).toEqual([['push', 0, 0, null], ['sms', 1, 60_000, null], ['voice', 2, 120_000, null], ['chat', 3, 0, 'whk_1']]);
    expect(new Set(plan.drafts.map((d) => d.idempotencyKey)).size).toBe(plan.drafts.length);
  });

  it('a person no step reaches gets the email fallback, with their own rules too', () => {
    const plan = planPeople(p, defaultSteps('high'), rules, {
      contactsOf: () => ({ devices: [], phones: 0 }),
      configured: { email: true, sms: true, voice: true, push: ['apns'] },
    });
    expect(plan.unreached.map((u) => u.userId)).toEqual(['usr_a', 'usr_b']);
    expect(plan.drafts.filter((d) => d.detail === 'fallback: email').map((d) => [d.userId, d.stepIndex])).toEqual([['usr_a', 2], ['usr_b', 3]]);
  });

  it('quiet hours hold a low-urgency page to their end and say so; the switch off holds nothing', () => {
    const quiet = { ...NO_RULES, quiet_hours: { time_zone: 'UTC', days: [...WEEKDAYS], start: '22:00', end: '07:00' } };
    const at = Date.parse('2026-12-05T23:00:00Z');
    const plan = planPeople({ ...p, at, people: ['usr_a'], urgency: 'low' }, defaultSteps('low'), { on: true, of: () => quiet });
    expect(plan.drafts.map((d) => [d.channel, new Date(d.dueAt).toISOString(), d.detail])).toEqual([
      ['push', '2026-12-06T07:00:00.000Z', 'held until 2026-12-06T07:00:00.000Z: quiet hours'],
      ['email', '2026-12-06T07:00:00.000Z', 'held until 2026-12-06T07:00:00.000Z: quiet hours'],
    ]);
    expect(plan.held).toHaveLength(2);
    expect(planPeople({ ...p, at, people: ['usr_a'], urgency: 'low' }, defaultSteps('low'), { on: false, of: () => quiet }).held).toEqual([]);
    expect(planPeople({ ...p, at, people: ['usr_a'], urgency: 'high' }, defaultSteps('high'), { on: true, of: () => quiet }).held).toEqual([]);
  });
});
