import { useId } from 'react';
import type { Schemas } from '../api/client';
import { CopyButton } from '../ui';
import { EVENT_KINDS, EVENT_LABEL, type WebhookKind } from './TemplatePreview';

export const KIND_LABEL: Record<WebhookKind, string> = { slack: 'Slack', teams: 'Microsoft Teams', discord: 'Discord', custom: 'Custom JSON', native: 'Klaxon JSON (native)', slack_app: 'Slack app (buttons)' };
/** The kinds whose deliveries carry a Standard Webhooks signature (the server's signedHeaders); chat providers take none. */
export const SIGNED_KINDS: readonly string[] = ['custom', 'native'];
export const KIND_HELP: Record<WebhookKind, string> = {
  slack: 'A Slack incoming-webhook URL. Ready-made message; customise it if you like.',
  teams: 'A Teams Workflows URL. Ready-made Adaptive Card; customise it if you like.',
  discord: 'A Discord channel webhook URL. Ready-made embed; customise it if you like.',
  custom: 'Any HTTPS endpoint. You write the JSON body; every request is signed (Standard Webhooks).',
  native: 'Any HTTPS endpoint. Klaxon’s fixed JSON with every field, signed (Standard Webhooks).',
  slack_app: 'A channel of your connected Slack app: one message per alert with Acknowledge, Resolve, Escalate and Open, edited on every change. Invite the app to the channel first.',
};
/** What a chat channel wants by default (no repeats: they arrive at ingest rate). */
export const DEFAULT_EVENTS = ['alert.triggered', 'alert.priority_raised', 'alert.escalated', 'alert.acknowledged', 'alert.resolved'];

export const CUSTOM_STARTER = `{
  "event": "{{ event }}",
  "text": "{{ title | truncate(200) }}",
  "priority": "{{ priority | upper }}",
  "status": "{{ status }}",
  "service": "{{ service_name | default(\\"unknown\\") }}",
  "url": "{{ alert_url }}"
}
`;

export function EventsField({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const id = useId();
  return (
    <fieldset className="events-field" aria-describedby={`${id}-help`}>
      <legend>Events</legend>
      <p className="muted small" id={`${id}-help`}>Send a request when an alert…</p>
      <div className="check-grid">
        {EVENT_KINDS.map((k) => (
          <label key={k} className="check-label">
            <input
              type="checkbox"
              checked={value.includes(k)}
              onChange={(e) => onChange(e.target.checked ? [...value, k] : value.filter((x) => x !== k))}
            />
            <span>{EVENT_LABEL[k]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** null: every service. */
export function ServicesField({ services, value, onChange }: { services: Schemas['Service'][]; value: string[] | null; onChange: (v: string[] | null) => void }) {
  const id = useId();
  return (
    <fieldset className="services-field">
      <legend>Services</legend>
      <label className="check-label">
        <input type="radio" name={`${id}-scope`} checked={value === null} onChange={() => onChange(null)} />
        <span>Every service</span>
      </label>
      <label className="check-label">
        <input type="radio" name={`${id}-scope`} checked={value !== null} onChange={() => onChange(value ?? [])} />
        <span>Only these services</span>
      </label>
      {value !== null && (
        <div className="check-grid nested">
          {services.length === 0 && <p className="muted small">No services yet.</p>}
          {services.map((s) => (
            <label key={s.id} className="check-label">
              <input type="checkbox" checked={value.includes(s.id)} onChange={(e) => onChange(e.target.checked ? [...value, s.id] : value.filter((x) => x !== s.id))} />
              <span>{s.name}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

export interface HeaderRow {
  name: string;
  value: string;
}
export function HeadersField({ rows, onChange }: { rows: HeaderRow[]; onChange: (rows: HeaderRow[]) => void }) {
  return (
    <fieldset className="headers-field">
      <legend>Custom headers <span className="muted small">(optional; values are secrets, stored sealed and never shown again)</span></legend>
      {rows.map((r, i) => (
        <div key={i} className="row wrap header-row">
          <label className="field">
            <span>Header name {i + 1}</span>
            <input value={r.name} maxLength={100} placeholder="Authorization" autoComplete="off" onChange={(e) => onChange(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
          </label>
          <label className="field grow">
            <span>Value {i + 1}</span>
            <input value={r.value} maxLength={4096} type="password" autoComplete="off" onChange={(e) => onChange(rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} />
          </label>
          <button type="button" className="button small" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={`Remove header ${i + 1}`}>Remove</button>
        </div>
      ))}
      <button type="button" className="button small" onClick={() => onChange([...rows, { name: '', value: '' }])}>Add header</button>
    </fieldset>
  );
}

export const headersOf = (rows: HeaderRow[]) => Object.fromEntries(rows.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value]));

/** The signing secret, shown once (after create and rotate). */
export function SecretOnce({ secret, note, onDismiss }: { secret: string; note?: string | undefined; onDismiss: () => void }) {
  return (
    <div className="notice stack secret-once" role="status">
      <p>{note ? `${note} ` : ''}<strong>Copy the signing secret now:</strong> it is shown only this once. Your receiver checks each request’s <code>webhook-signature</code> with it.</p>
      <div className="secret-row">
        <code className="secret" data-testid="webhook-secret">{secret}</code>
        <CopySecret text={secret} />
        <button type="button" className="button small" onClick={onDismiss}>I have saved it</button>
      </div>
    </div>
  );
}

function CopySecret({ text }: { text: string }) {
  return <CopyButton text={text} label="Copy secret" />;
}
