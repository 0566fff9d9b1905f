// The schedule page's escalation preview (docs/adr/0603): what happens to an alert that opens now,
// from the schedule's own answers (its levels' timeouts, who is on call at each level's start, the
// level channels of the priority), by PRODUCT.md 7.2–7.3. Pure; tested in test/unit.

export interface PlanStepIn {
  channel: string;
  delay_seconds: number;
  destination_id?: string;
}
export interface ChannelEntryIn {
  level: number;
  priority: string;
  steps: PlanStepIn[];
  default: boolean;
}
export interface PlanPerson {
  user_id: string;
  name: string;
}
export interface PlanPage {
  user_id: string;
  name: string;
  channel: string;
  at: number;
  delay_seconds: number;
  /** Why the step is not sent (urgency low never rings a phone). */
  skipped?: string;
}
export interface PlanLevel {
  level: number;
  startsAt: number;
  timeoutMinutes: number;
  people: PlanPerson[];
  pages: PlanPage[];
  usesDefault: boolean;
}

/** When each level starts if nobody acknowledges: level 1 at `now`, each next one a timeout later. */
export function levelStarts(now: number, levels: { level: number; timeout_minutes: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  let t = now;
  for (const l of [...levels].sort((a, b) => a.level - b.level)) {
    out.set(l.level, t);
    t += l.timeout_minutes * 60_000;
  }
  return out;
}

export function escalationPlan(input: {
  now: number;
  levels: { level: number; timeout_minutes: number }[];
  /** Who is on call at each level when it starts. */
  onCall: Map<number, PlanPerson[]>;
  channels: ChannelEntryIn[];
  priority: string;
  urgency: 'high' | 'low';
}): PlanLevel[] {
  const starts = levelStarts(input.now, input.levels);
  return [...input.levels]
    .sort((a, b) => a.level - b.level)
    .map((l) => {
      const startsAt = starts.get(l.level)!;
      const entry = input.channels.find((c) => c.level === l.level && c.priority === input.priority);
      const steps = [...(entry?.steps ?? [])].sort((a, b) => a.delay_seconds - b.delay_seconds);
      const people = input.onCall.get(l.level) ?? [];
      const pages: PlanPage[] = [];
      for (const p of people) {
        for (const s of steps) {
          const phone = s.channel === 'sms' || s.channel === 'voice';
          pages.push({
            user_id: p.user_id,
            name: p.name,
            channel: s.channel,
            delay_seconds: s.delay_seconds,
            at: startsAt + s.delay_seconds * 1000,
            ...(phone && input.urgency === 'low' ? { skipped: 'low urgency never rings a phone' } : {}),
          });
        }
      }
      pages.sort((a, b) => a.at - b.at || a.name.localeCompare(b.name));
      return { level: l.level, startsAt, timeoutMinutes: l.timeout_minutes, people, pages, usesDefault: entry?.default ?? true };
    });
}

export const CHANNEL_LABEL: Record<string, string> = { push: 'Push', sms: 'SMS', voice: 'Voice call', email: 'Email', chat: 'Chat', telegram: 'Telegram' };

/** "at once", "after 1 min", "after 1 min 30 s". */
export function delayWords(seconds: number): string {
  if (seconds === 0) return 'at once';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `after ${m ? `${m} min` : ''}${m && s ? ' ' : ''}${s ? `${s} s` : ''}`;
}

/** "Push at once, SMS after 1 min" for a matrix cell. */
export function stepsWords(steps: PlanStepIn[]): string {
  if (steps.length === 0) return 'Nobody is paged';
  return [...steps]
    .sort((a, b) => a.delay_seconds - b.delay_seconds)
    .map((s) => `${CHANNEL_LABEL[s.channel] ?? s.channel} ${delayWords(s.delay_seconds)}`)
    .join(', ');
}

/** A shift of GET /api/schedules/{id}/reachability (PRODUCT.md 10). */
export interface ShiftReachIn {
  level: number;
  user_id: string;
  name: string;
  start: string;
  end: string;
  reachable: boolean;
  problems: string[];
}

/**
 * The people of a level its high-urgency steps cannot reach when the level starts at `at`, with
 * why: from the server's answer (one rule, notification/reach.ts), never guessed here.
 */
export function unreachableAt(shifts: readonly ShiftReachIn[], level: number, people: readonly PlanPerson[], at: number): { name: string; problems: string[] }[] {
  const out: { name: string; problems: string[] }[] = [];
  for (const p of people) {
    const shift = shifts.find((s) => s.level === level && s.user_id === p.user_id && Date.parse(s.start) <= at && at < Date.parse(s.end));
    if (shift && !shift.reachable) out.push({ name: p.name, problems: shift.problems });
  }
  return out;
}
