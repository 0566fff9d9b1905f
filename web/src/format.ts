const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 minutes ago", relative to now. */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const s = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(s);
  if (abs < 60) return rtf.format(s, 'second');
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(s / 3600), 'hour');
  return rtf.format(Math.round(s / 86400), 'day');
}

export const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** To the second, for timelines: entries a few seconds apart read apart (issue 34 item 7). */
export const whenExact = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'medium' }) : '';

export const STATUS_LABEL: Record<string, string> = { open: 'Open', acknowledged: 'Acknowledged', snoozed: 'Snoozed', resolved: 'Resolved' };
export const PRIORITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

/** A person as the dashboard names them: their name, else their email. */
export const displayName = (person: { name: string; email: string }) => person.name || person.email;

/** The first letter of a person's name (else email), for an avatar. */
export const initialOf = (person: { name: string; email: string }) => displayName(person).slice(0, 1).toUpperCase();
