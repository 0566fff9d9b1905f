import type { Urgency } from '../alert/index.ts';
import { type Weekday, windowEndAfter } from '../schedule/index.ts';
import type { ChannelStep } from './directory.port.ts';
import { type PageDraft, draftPages, idempotencyKey } from './escalation.ts';
import { type ConfiguredChannels, type PersonContacts, type Reach, withFallback } from './reach.ts';

/**
 * How each person is reached (PRODUCT.md 10, docs/adr/0800): the pure core. A person's own list
 * for the alert's urgency replaces the level's steps where it is not empty; chat steps always come
 * from the level; low-urgency pages inside the person's quiet hours are held until they end. The
 * engine (escalation job, responders), the preview and reachability all ask `effectiveSteps`, so one
 * function decides a person's steps.
 */

export type RuleChannel = 'push' | 'sms' | 'voice' | 'email' | 'telegram';
export interface Rule {
  channel: RuleChannel;
  delay_seconds: number;
  /** One of the person's devices (`dev_…`) or numbers (`phn_…`); absent: every working device, the first verified number (PRODUCT.md 10). */
  contact_id?: string;
}
export interface QuietHours {
  time_zone: string;
  days: Weekday[];
  start: string;
  end: string;
}
export interface PersonRules {
  high: Rule[];
  low: Rule[];
  quiet_hours: QuietHours | null;
  handoff_notice_minutes: number | null;
}
export const NO_RULES: PersonRules = { high: [], low: [], quiet_hours: null, handoff_notice_minutes: null };

/** Most rules a list may hold. */
export const MAX_RULES = 10;
/** A person's own step's index starts here, so its idempotency key never meets a level step's (chat keeps the level's index). */
export const OWN_STEP_BASE = 100;

/** A step with the index its page's idempotency key carries. */
export interface IndexedStep extends ChannelStep {
  index: number;
}

export interface Effective {
  steps: IndexedStep[];
  /** Whose rules applied: the person's own list, or the level's steps. */
  source: 'own' | 'level';
}

/**
 * The steps that page one person (PRODUCT.md 10): with the organization's `person_rules` on and the
 * person's list for `urgency` not empty, that list (each step's delay from when the person is
 * paged), followed by the level's chat steps; otherwise the level's steps.
 */
export function effectiveSteps(rules: PersonRules | undefined, levelSteps: readonly ChannelStep[], urgency: Urgency, personRules: boolean): Effective {
  const own = personRules && rules ? rules[urgency] : [];
  if (!own.length) return { steps: levelSteps.map((s, index) => ({ ...s, index })), source: 'level' };
  const steps: IndexedStep[] = own.map((r, i) => ({ channel: r.channel, delay_seconds: r.delay_seconds, ...(r.contact_id ? { destination_id: r.contact_id } : {}), index: OWN_STEP_BASE + i }));
  levelSteps.forEach((s, index) => {
    if (s.channel === 'chat') steps.push({ ...s, index });
  });
  return { steps, source: 'own' };
}

/**
 * When a page due at `dueAt` may go, by the person's quiet hours: the end of the quiet hours it
 * falls in (their own zone, DST-correct), for low urgency only; undefined: it goes when due.
 */
export function quietUntil(rules: PersonRules | undefined, urgency: Urgency, dueAt: number, personRules: boolean): number | undefined {
  if (urgency !== 'low' || !personRules || !rules?.quiet_hours) return undefined;
  const q = rules.quiet_hours;
  return windowEndAfter(q.time_zone, { days: q.days, start: q.start, end: q.end }, dueAt);
}

/** A page held by quiet hours remembers when it was due (the timeline shows the step's own delay). */
export type HeldDraft = PageDraft & { heldFrom?: number };

export interface PersonPlan {
  drafts: PageDraft[];
  /** Per person: whose rules applied. */
  sources: Map<string, 'own' | 'level'>;
  /** People no step reaches (their email fallback is in drafts when email is configured). */
  unreached: { userId: string; reach: Reach }[];
  /** Pages held by quiet hours: person, channel and until when. */
  held: { userId: string; channel: string; until: number }[];
}

/**
 * The pages of one level start (or responder request) for its people, each by their effective
 * steps, with the email fallback for whoever no step reaches and quiet hours applied. `reach`
 * absent: no fallback (the server's channels are not known).
 */
export function planPeople(
  p: { alertId: string; epoch: number; cycle: number; level: number | string; at: number; people: readonly string[]; urgency: Urgency },
  levelSteps: readonly ChannelStep[],
  rules: { on: boolean; of: (userId: string) => PersonRules | undefined },
  reach?: { contactsOf: (userId: string) => PersonContacts; configured: ConfiguredChannels },
): PersonPlan {
  const out: PersonPlan = { drafts: [], sources: new Map(), unreached: [], held: [] };
  for (const userId of p.people) {
    const mine = rules.of(userId);
    const eff = effectiveSteps(mine, levelSteps, p.urgency, rules.on);
    out.sources.set(userId, eff.source);
    const one = { ...p, people: [userId], steps: eff.steps };
    // draftPages numbers steps by position: each draft takes its step's own index (and key).
    let drafts = draftPages(one).map((d, i) => {
      const index = eff.steps[i]!.index;
      return index === d.stepIndex ? d : { ...d, stepIndex: index, idempotencyKey: idempotencyKey({ alertId: p.alertId, epoch: p.epoch, cycle: p.cycle, level: p.level, userId, channel: d.channel, stepIndex: index }) };
    });
    if (reach) {
      // The fallback's index is the list's length: below OWN_STEP_BASE, and its channel (email) is its own key.
      const f = withFallback(drafts, one, reach.contactsOf, reach.configured);
      drafts = f.drafts;
      out.unreached.push(...f.unreached);
    }
    for (const d of drafts) {
      if (d.status !== 'pending') continue;
      const until = quietUntil(mine, p.urgency, d.dueAt, rules.on);
      if (until === undefined) continue;
      (d as HeldDraft).heldFrom = d.dueAt;
      d.dueAt = until;
      d.detail = `held until ${new Date(until).toISOString()}: quiet hours`;
      out.held.push({ userId, channel: d.channel, until });
    }
    out.drafts.push(...drafts);
  }
  return out;
}

/** "0 s push · 60 s sms": a person's list as the timeline and the dashboard preview say it. */
export const rulesLine = (rules: readonly Rule[]): string => rules.map((r) => `${r.delay_seconds} s ${r.channel}`).join(' · ');

/** "Ada: push held until 2026-03-29T05:00:00.000Z: quiet hours" (PRODUCT.md 10). */
export const heldLine = (name: string, h: { channel: string; until: number }): string => `${name}: ${h.channel} held until ${new Date(h.until).toISOString()}: quiet hours`;
