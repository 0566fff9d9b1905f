import type { Channel } from './delivery.port.ts';
import type { Urgency } from '../alert/index.ts';
import type { ChannelStep } from './directory.port.ts';
import { type PageDraft, idempotencyKey, skippedForUrgency } from './escalation.ts';

/**
 * Whether a person's steps reach them, and the email fallback when they do not (PRODUCT.md 10
 * "Never silently unreachable"; docs/adr/0730). Pure: the caller reads the person's working
 * destinations and the server's configured channels. The schedule reachability view (PRODUCT.md 10)
 * asks the same question, so this is the one place it is answered.
 */

export type PushKind = 'apns' | 'fcm' | 'webpush';

/** What this server can send on (PRODUCT.md 7.4): push by the kinds configured. */
export interface ConfiguredChannels {
  email: boolean;
  sms: boolean;
  voice: boolean;
  push: readonly PushKind[];
  /** A Telegram bot is configured (PRODUCT.md 12). */
  telegram?: boolean;
  /** Chat steps can post (a chat provider is configured); never reaches a person by itself. */
  chat?: boolean;
}

/** A person's working destinations: devices not disabled, and how many verified numbers (not disabled) in the organization. */
export interface PersonContacts {
  devices: readonly { platform: string }[];
  phones: number;
  /** The person's Telegram chat is linked and not disabled. */
  telegram?: boolean;
}

export interface Reach {
  /** At least one step reaches a configured, working destination of the person. */
  reachable: boolean;
  /** Why each step that cannot reach them does not, in order ("sms: not configured on this server"). */
  problems: string[];
  /** The page goes by email at once instead: unreachable, the page has steps, and email is configured. */
  fallback: 'email' | null;
}

const KIND_OF_PLATFORM: Record<string, PushKind> = { ios: 'apns', android: 'fcm', web: 'webpush' };
const PUSH_LABEL: Record<PushKind, string> = { apns: 'APNs (iOS push)', fcm: 'FCM (Android push)', webpush: 'Web Push' };

/** Providers as the container holds them; a push provider says which of its kinds are configured. */
export function configuredChannels(providers: readonly { channels: readonly string[]; configured(): boolean; kinds?: () => readonly PushKind[] }[]): ConfiguredChannels {
  const of = (c: Channel) => providers.find((p) => p.channels.includes(c) && p.configured());
  const push = of('push');
  return {
    email: !!of('email'),
    sms: !!of('sms'),
    voice: !!of('voice'),
    push: push ? (push.kinds ? push.kinds() : ['apns', 'fcm', 'webpush']) : [],
    telegram: !!of('telegram'),
    chat: !!of('chat'),
  };
}

export type ChannelState = 'configured' | 'not_configured';

/** The org settings' view of the same answer (PRODUCT.md 7.4): each channel configured or not. */
export function channelStates(c: ConfiguredChannels): Record<Channel, ChannelState> {
  const state = (b: boolean | undefined): ChannelState => (b ? 'configured' : 'not_configured');
  return { push: state(c.push.length > 0), sms: state(c.sms), voice: state(c.voice), email: state(c.email), chat: state(c.chat), telegram: state(c.telegram) };
}

/** Why one step cannot reach the person, or undefined when it can. */
function problemOf(channel: Channel, contacts: PersonContacts, configured: ConfiguredChannels, urgency: Urgency): string | undefined {
  if (skippedForUrgency(channel, urgency)) return `${channel}: skipped for low urgency`;
  switch (channel) {
    case 'email':
      return configured.email ? undefined : 'email: not configured on this server';
    case 'sms':
    case 'voice':
      if (!configured[channel]) return `${channel}: not configured on this server`;
      return contacts.phones > 0 ? undefined : `${channel}: no verified phone number`;
    case 'push': {
      if (!configured.push.length) return 'push: not configured on this server';
      if (!contacts.devices.length) return 'push: no working device';
      const kinds = [...new Set(contacts.devices.map((d) => KIND_OF_PLATFORM[d.platform]).filter((k): k is PushKind => !!k))];
      if (kinds.some((k) => configured.push.includes(k))) return undefined;
      return `push: ${kinds.map((k) => PUSH_LABEL[k]).join(' and ') || 'the device\'s push service'} not configured on this server`;
    }
    case 'telegram':
      if (!configured.telegram) return 'telegram: not configured on this server';
      return contacts.telegram ? undefined : 'telegram: no working Telegram link';
    case 'chat':
      // A chat post lands in a channel, not with the person: it never counts as reaching them.
      return 'chat: posts to a channel, not to the person';
  }
}

/** Whether `steps` reach the person, why not, and whether the page falls back to email. */
export function reachOf(steps: readonly Pick<ChannelStep, 'channel'>[], contacts: PersonContacts, configured: ConfiguredChannels, urgency: Urgency): Reach {
  if (!steps.length) return { reachable: false, problems: ['no steps: this level pages nobody at this priority'], fallback: null };
  const problems: string[] = [];
  let reachable = false;
  for (const channel of new Set(steps.map((s) => s.channel))) {
    const p = problemOf(channel, contacts, configured, urgency);
    if (p) problems.push(p);
    else reachable = true;
  }
  return { reachable, problems, fallback: !reachable && configured.email ? 'email' : null };
}

/** The timeline's words for a person no step reaches: "fallback: email (…)" or "cannot be reached (…)". */
export function unreachableLine(name: string, reach: Reach): string {
  const why = reach.problems.join('; ');
  return reach.fallback === 'email'
    ? `${name}: fallback: email at once, no step can reach them (${why})`
    : `${name} cannot be reached: no step can reach them and email is not configured on this server (${why})`;
}

/**
 * The pages of one level start (or responder request) with the fallback: a person no step reaches
 * gets one email page at the start (step index after the last step, so its idempotency key is its
 * own), when email is configured. Answers the drafts and, per person not reached, their Reach.
 */
export function withFallback(
  drafts: readonly PageDraft[],
  p: { alertId: string; epoch: number; cycle: number; level: number | string; at: number; people: readonly string[]; steps: readonly ChannelStep[]; urgency: Urgency },
  contactsOf: (userId: string) => PersonContacts,
  configured: ConfiguredChannels,
): { drafts: PageDraft[]; unreached: { userId: string; reach: Reach }[] } {
  const out = [...drafts];
  const unreached: { userId: string; reach: Reach }[] = [];
  if (!p.steps.length) return { drafts: out, unreached };
  for (const userId of p.people) {
    const reach = reachOf(p.steps, contactsOf(userId), configured, p.urgency);
    if (reach.reachable) continue;
    unreached.push({ userId, reach });
    if (reach.fallback !== 'email') continue;
    const stepIndex = p.steps.length;
    out.push({
      userId, stepIndex, channel: 'email', destinationId: null, dueAt: p.at, status: 'pending', detail: 'fallback: email',
      idempotencyKey: idempotencyKey({ alertId: p.alertId, epoch: p.epoch, cycle: p.cycle, level: p.level, userId, channel: 'email', stepIndex }),
    });
  }
  return { drafts: out, unreached };
}
