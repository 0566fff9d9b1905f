import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { queries } from '../../api/queries';
import { useAction } from '../../use-action';
import { ErrorText } from '../../ui';

// "How you're reached" (PRODUCT.md 10; issue 35 item 5): the person's own steps for high and low
// urgency (an empty list: the level's steps), quiet hours for low urgency, and the handoff notice.
// A section of the profile page, kept in its own file.

type Rule = Schemas['NotificationRule'];
type Rules = Schemas['NotificationRules'];
type Urgency = 'high' | 'low';

const CHANNELS: Rule['channel'][] = ['push', 'sms', 'voice', 'email', 'telegram'];
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const CHANNEL_LABEL: Record<Rule['channel'], string> = { push: 'Push', sms: 'SMS', voice: 'Call', email: 'Email', telegram: 'Telegram' };

interface Contacts {
  devices: { id: string; label: string }[];
  phones: { id: string; label: string }[];
}

/** "0 s push to Pixel 8 · 60 s SMS to +1 415… · 120 s call": what a list does, in order. */
export function previewLine(rules: Rule[], contacts: Contacts): string {
  if (!rules.length) return "The level's steps";
  return rules
    .map((r) => {
      const named = r.contact_id ? [...contacts.devices, ...contacts.phones].find((c) => c.id === r.contact_id)?.label : undefined;
      const to = named ?? (r.channel === 'push' ? 'every device' : r.channel === 'email' ? 'your email' : 'your number');
      return `${r.delay_seconds} s ${CHANNEL_LABEL[r.channel].toLowerCase()} to ${to}`;
    })
    .join(' · ');
}

function RuleList({ urgency, rules, onChange, contacts, disabled }: { urgency: Urgency; rules: Rule[]; onChange: (r: Rule[]) => void; contacts: Contacts; disabled: boolean }) {
  const title = urgency === 'high' ? 'High urgency' : 'Low urgency';
  const set = (i: number, r: Rule) => onChange(rules.map((x, j) => (j === i ? r : x)));
  const move = (i: number, by: number) => {
    const next = [...rules];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r!);
    onChange(next);
  };
  return (
    <fieldset className="stack" aria-label={title}>
      <legend>{title}</legend>
      {urgency === 'low' && <p className="muted small">Low urgency never rings a phone: SMS and call steps are skipped.</p>}
      <ol className="stack" aria-label={`${title} steps`} style={{ paddingLeft: 0, listStyle: 'none' }}>
        {rules.map((r, i) => {
          const options = r.channel === 'push' ? contacts.devices : r.channel === 'sms' || r.channel === 'voice' ? contacts.phones : [];
          return (
            <li key={i} className="row wrap end-align" draggable={!disabled}
              onDragStart={(e) => e.dataTransfer.setData('text/plain', String(i))}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const from = Number(e.dataTransfer.getData('text/plain'));
                if (Number.isInteger(from) && from !== i) move(from, i - from);
              }}
            >
              <label className="field">
                <span>Channel</span>
                <select aria-label={`${title} step ${i + 1} channel`} value={r.channel} disabled={disabled} onChange={(e) => set(i, { channel: e.target.value as Rule['channel'], delay_seconds: r.delay_seconds })}>
                  {CHANNELS.map((c) => <option key={c} value={c}>{CHANNEL_LABEL[c]}</option>)}
                </select>
              </label>
              <label className="field">
                <span>After (seconds)</span>
                <input aria-label={`${title} step ${i + 1} delay in seconds`} type="number" min={0} max={3600} value={r.delay_seconds} disabled={disabled}
                  onChange={(e) => set(i, { ...r, delay_seconds: Math.max(0, Math.min(3600, Number(e.target.value) || 0)) })} />
              </label>
              {options.length > 0 && (
                <label className="field">
                  <span>To</span>
                  <select aria-label={`${title} step ${i + 1} destination`} value={r.contact_id ?? ''} disabled={disabled}
                    onChange={(e) => set(i, { channel: r.channel, delay_seconds: r.delay_seconds, ...(e.target.value ? { contact_id: e.target.value } : {}) })}>
                    <option value="">{r.channel === 'push' ? 'Every device' : 'My verified numbers'}</option>
                    {options.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)}
                  </select>
                </label>
              )}
              <button type="button" className="button" disabled={disabled || i === 0} aria-label={`Move ${title.toLowerCase()} step ${i + 1} up`} onClick={() => move(i, -1)}>↑</button>
              <button type="button" className="button" disabled={disabled || i === rules.length - 1} aria-label={`Move ${title.toLowerCase()} step ${i + 1} down`} onClick={() => move(i, 1)}>↓</button>
              <button type="button" className="button" disabled={disabled} aria-label={`Remove ${title.toLowerCase()} step ${i + 1}`} onClick={() => onChange(rules.filter((_, j) => j !== i))}>Remove</button>
            </li>
          );
        })}
      </ol>
      <p className="small" data-testid={`rules-preview-${urgency}`}>{previewLine(rules, contacts)}</p>
      <div>
        <button type="button" className="button" disabled={disabled || rules.length >= 10} onClick={() => onChange([...rules, { channel: 'push', delay_seconds: rules.length ? rules[rules.length - 1]!.delay_seconds + 60 : 0 }])}>
          Add {urgency} urgency step
        </button>
      </div>
    </fieldset>
  );
}

export function NotificationRulesSection({ act }: { act: boolean }) {
  const qc = useQueryClient();
  const rules = useQuery({ queryKey: keys.notificationRules(), queryFn: () => must(api.GET('/api/me/notification-rules')) });
  const phones = useQuery(queries.phones());
  const devices = useQuery(queries.devices());
  const [draft, setDraft] = useState<Rules>();
  const save = useAction();
  useEffect(() => {
    if (rules.data && !draft) setDraft(rules.data);
  }, [rules.data, draft]);
  const contacts: Contacts = {
    devices: (devices.data ?? []).filter((d) => !d.disabled_at).map((d) => ({ id: d.id, label: d.name || d.platform })),
    phones: (phones.data ?? []).filter((p) => p.verified).map((p) => ({ id: p.id, label: p.number })),
  };
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const disabled = !act || save.busy;
  return (
    <section className="card stack profile-section wide-section" aria-labelledby="reached-title" id="reached">
      <h2 id="reached-title">How you're reached</h2>
      <p className="muted small">Your steps replace your level's steps when you are paged, each counted from when you are paged. An empty list uses the level's steps. Chat posts still come from the level.</p>
      {!draft ? (
        <p className="muted">Loading…</p>
      ) : (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            void save.run(async () => {
              const saved = await must(api.PUT('/api/me/notification-rules', { body: draft }));
              setDraft(saved);
              await qc.invalidateQueries({ queryKey: keys.notificationRules() });
              return 'Saved.';
            });
          }}
        >
          <RuleList urgency="high" rules={draft.high} contacts={contacts} disabled={disabled} onChange={(high) => setDraft({ ...draft, high })} />
          <RuleList urgency="low" rules={draft.low} contacts={contacts} disabled={disabled} onChange={(low) => setDraft({ ...draft, low })} />
          <fieldset className="stack">
            <legend>Quiet hours</legend>
            <label className="row">
              <input type="checkbox" checked={!!draft.quiet_hours} disabled={disabled}
                onChange={(e) => setDraft({ ...draft, quiet_hours: e.target.checked ? { time_zone: zone, days: [...DAYS], start: '22:00', end: '07:00' } : null })} />
              <span>Hold low-urgency pages during quiet hours (high urgency always gets through)</span>
            </label>
            {draft.quiet_hours && (
              <div className="row wrap end-align">
                <label className="field"><span>From</span><input type="time" value={draft.quiet_hours.start} disabled={disabled} onChange={(e) => setDraft({ ...draft, quiet_hours: { ...draft.quiet_hours!, start: e.target.value } })} /></label>
                <label className="field"><span>Until</span><input type="time" value={draft.quiet_hours.end} disabled={disabled} onChange={(e) => setDraft({ ...draft, quiet_hours: { ...draft.quiet_hours!, end: e.target.value } })} /></label>
                <label className="field"><span>Time zone</span><input value={draft.quiet_hours.time_zone} disabled={disabled} onChange={(e) => setDraft({ ...draft, quiet_hours: { ...draft.quiet_hours!, time_zone: e.target.value } })} /></label>
                <span className="row wrap" role="group" aria-label="Quiet hours start on">
                  {DAYS.map((d) => (
                    <label key={d} className="row">
                      <input type="checkbox" checked={draft.quiet_hours!.days.includes(d)} disabled={disabled}
                        onChange={(e) => setDraft({ ...draft, quiet_hours: { ...draft.quiet_hours!, days: e.target.checked ? [...draft.quiet_hours!.days, d] : draft.quiet_hours!.days.filter((x) => x !== d) } })} />
                      <span>{d}</span>
                    </label>
                  ))}
                </span>
              </div>
            )}
          </fieldset>
          <label className="field">
            <span>Handoff notice (minutes before each of your shifts; empty: none)</span>
            <input type="number" min={0} max={1440} value={draft.handoff_notice_minutes ?? ''} disabled={disabled}
              onChange={(e) => setDraft({ ...draft, handoff_notice_minutes: e.target.value === '' ? null : Math.max(0, Math.min(1440, Number(e.target.value) || 0)) })} />
          </label>
          {act && <div><button type="submit" className="button primary" disabled={save.busy}>{save.busy ? 'Saving…' : 'Save how I am reached'}</button></div>}
          {save.note && <p role="status" className="ok-note">{save.note}</p>}
          <ErrorText error={save.error} />
        </form>
      )}
    </section>
  );
}
