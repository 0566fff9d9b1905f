/**
 * The Slack message of an alert (PRODUCT.md 12), pure: a header with its state and title, its
 * fields, who acknowledged or resolved it, and the Acknowledge, Resolve, Escalate and Open
 * buttons (a resolved alert keeps only Open). Every later change renders the whole message again
 * from the alert as it is (chat.update) and adds one thread line (threadLine). Untrusted text is
 * escaped (&, <, >) so an alert cannot mention @channel or forge a link.
 */

export const ACTION_IDS = { ack: 'klaxon_ack', resolve: 'klaxon_resolve', escalate: 'klaxon_escalate', open: 'klaxon_open' } as const;
/** What a button press names: the operation by its action id. */
export const ACTION_OPS: Record<string, 'ack' | 'resolve' | 'escalate'> = { klaxon_ack: 'ack', klaxon_resolve: 'resolve', klaxon_escalate: 'escalate' };
/** The metadata event type a posted message carries, so a post whose answer was lost is found again. */
export const METADATA_EVENT = 'klaxon_alert';

export interface MessageAlert {
  id: string;
  title: string;
  status: string;
  priority: string | null;
  service_name: string | null;
  acked_by_name: string | null;
  resolved_by_name: string | null;
  url: string;
}

export const escapeMrkdwn = (s: string): string => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

const STATE: Record<string, { icon: string; word: string }> = {
  open: { icon: '🔴', word: 'Open' },
  acknowledged: { icon: '🟡', word: 'Acknowledged' },
  snoozed: { icon: '💤', word: 'Snoozed' },
  resolved: { icon: '✅', word: 'Resolved' },
};

/** The line saying who acted: "Acknowledged by {name}", "Resolved by {name}", or null while open. */
export function statusLine(a: MessageAlert): string | null {
  if (a.status === 'resolved') return a.resolved_by_name ? `Resolved by ${a.resolved_by_name}` : 'Resolved';
  if (a.status === 'acknowledged') return a.acked_by_name ? `Acknowledged by ${a.acked_by_name}` : 'Acknowledged';
  if (a.status === 'snoozed') return 'Snoozed';
  return null;
}

export function alertMessage(a: MessageAlert): { text: string; blocks: unknown[] } {
  const state = STATE[a.status] ?? { icon: '🔴', word: a.status };
  const who = statusLine(a);
  const text = `${state.word.toUpperCase()}: ${a.title}${who ? ` (${who})` : ''}`;
  const fields = [
    { type: 'mrkdwn', text: `*Status*\n${state.word}` },
    { type: 'mrkdwn', text: `*Priority*\n${escapeMrkdwn(a.priority ?? '—')}` },
    ...(a.service_name ? [{ type: 'mrkdwn', text: `*Service*\n${escapeMrkdwn(cut(a.service_name, 200))}` }] : []),
  ];
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: cut(`${state.icon} ${a.title}`, 150), emoji: true } },
    { type: 'section', fields },
  ];
  if (who) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: escapeMrkdwn(who) }] });
  const button = (label: string, action: string, style?: 'primary' | 'danger') => ({
    type: 'button', action_id: action, text: { type: 'plain_text', text: label }, value: a.id, ...(style ? { style } : {}),
  });
  const elements: unknown[] = [];
  if (a.status !== 'resolved') {
    if (a.status !== 'acknowledged') elements.push(button('Acknowledge', ACTION_IDS.ack, 'primary'));
    elements.push(button('Resolve', ACTION_IDS.resolve), button('Escalate', ACTION_IDS.escalate, 'danger'));
  }
  elements.push({ type: 'button', action_id: ACTION_IDS.open, text: { type: 'plain_text', text: 'Open' }, url: a.url });
  blocks.push({ type: 'actions', block_id: `klaxon:${a.id}`, elements });
  return { text: cut(escapeMrkdwn(text), 3000), blocks };
}

/** The thread line of one change, from the event that made it; null for the message's first post. */
export function threadLine(event: string, vars: { acked_by_name?: string | null; resolved_by_name?: string | null; priority?: string | null; status?: string | null }, actorName?: string | null): string | null {
  const by = (name: string | null | undefined) => (name ? ` by ${name}` : '');
  switch (event) {
    case 'alert.triggered':
      return null;
    case 'alert.acknowledged':
      return `Acknowledged${by(vars.acked_by_name ?? actorName)}`;
    case 'alert.resolved':
      return `Resolved${by(vars.resolved_by_name ?? actorName)}`;
    case 'alert.escalated':
      return `Escalated${by(actorName)}`;
    case 'alert.repeated':
      return 'The alert fired again';
    case 'alert.priority_raised':
      return `Priority raised to ${vars.priority ?? 'a higher one'}`;
    default:
      return `${event.replace(/^alert\./, '').replaceAll('_', ' ')}${vars.status ? ` (now ${vars.status})` : ''}`;
  }
}
