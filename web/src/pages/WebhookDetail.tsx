import { Fragment, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../api/client';
import { keys } from '../api/keys';
import { ago, when, whenExact } from '../format';
import { canAdmin } from '../permissions';
import { Confirm, ErrorText, useMe } from '../ui';
import { useAction } from '../use-action';
import { useServices } from './Alerts';
import { AdminsOnly, freshSecrets, healthText, legacyTeams, type Webhook } from './Webhooks';
import { EVENT_KINDS, EVENT_LABEL, TemplateWorkbench, eventKinds, type WebhookKind } from '../components/TemplatePreview';
import { CUSTOM_STARTER, EventsField, HeadersField, headersOf, KIND_LABEL, SecretOnce, ServicesField, SIGNED_KINDS, type HeaderRow } from '../components/WebhookFields';
import { parseTemplateText } from '../components/template-position';
import '../styles/webhooks.css';

type Delivery = Schemas['WebhookDelivery'];

export function WebhookDetailPage() {
  const me = useMe();
  if (!canAdmin(me.role)) return <AdminsOnly />;
  return <WebhookDetail />;
}

function WebhookDetail() {
  const { webhookId } = useParams({ from: '/app/webhooks/$webhookId' });
  const hook = useQuery({ queryKey: keys.webhook(webhookId), queryFn: () => must(api.GET('/api/webhooks/{id}', { params: { path: { id: webhookId } } })) });
  const [secret, setSecret] = useState<{ value: string; note?: string } | undefined>(() => {
    const s = freshSecrets.get(webhookId);
    freshSecrets.delete(webhookId);
    return s ? { value: s, note: 'Created.' } : undefined;
  });
  if (hook.error) {
    return (
      <section className="stack">
        <Link to="/webhooks" className="back">← All webhooks</Link>
        <ErrorText error={hook.error} />
      </section>
    );
  }
  if (!hook.data) return <p aria-busy="true">Loading…</p>;
  const w = hook.data;
  const h = healthText(w);
  return (
    <article className="stack" aria-labelledby="webhook-title">
      <Link to="/webhooks" className="back">← All webhooks</Link>
      <header className="hook-head stack">
        <div className="row wrap">
          <h1 id="webhook-title">{w.name}</h1>
          <span className={`badge kind-${w.kind}`}>{KIND_LABEL[w.kind]}</span>
          <span className={`badge ${w.enabled ? 'hook-on' : 'hook-off'}`}>{w.enabled ? 'Enabled' : 'Disabled'}</span>
        </div>
        <p className="hook-url"><code>{w.url}</code></p>
        <p className={`hook-health tone-${h.tone}`}>
          <span aria-hidden="true">{h.tone === 'ok' ? '✓' : h.tone === 'idle' ? '○' : '!'}</span> {h.text}
          {w.health.last_failure_at && <span className="muted small"> · last failure {ago(w.health.last_failure_at)}</span>}
        </p>
        {w.previous_secret_expires_at && SIGNED_KINDS.includes(w.kind) && <p className="muted small">The previous signing secret also signs until {when(w.previous_secret_expires_at)}.</p>}
      </header>
      {secret && <SecretOnce secret={secret.value} note={secret.note} onDismiss={() => setSecret(undefined)} />}
      <Actions hook={w} onSecret={(value, note) => setSecret({ value, note })} />
      {w.kind !== 'native' && w.kind !== 'slack_app' && <TemplateSection hook={w} />}
      <DeliveryLog hook={w} />
      <Settings hook={w} />
    </article>
  );
}

function Actions({ hook, onSecret }: { hook: Webhook; onSecret: (secret: string, note?: string) => void }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [event, setEvent] = useState<string>('alert.triggered');
  const { error, note, busy, run } = useAction();
  const path = { params: { path: { id: hook.id } } };
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: keys.webhook(hook.id) }), qc.invalidateQueries({ queryKey: keys.deliveries(hook.id) }), qc.invalidateQueries({ queryKey: keys.webhooks() })]);
  return (
    <section className="card stack" aria-labelledby="actions-title">
      <h2 id="actions-title" className="visually-hidden">Actions</h2>
      <div className="row wrap hook-actions" role="group" aria-label="Webhook actions">
        <span className="row small">
          <label htmlFor="test-event">Test event</label>
          <select id="test-event" value={event} onChange={(e) => setEvent(e.target.value)}>
            {EVENT_KINDS.map((k) => <option key={k} value={k}>{EVENT_LABEL[k]}</option>)}
          </select>
        </span>
        <button
          type="button"
          className="button primary"
          disabled={busy || !hook.enabled}
          onClick={() => run(async () => {
            const d = await must(api.POST('/api/webhooks/{id}/test', { ...path, params: { ...path.params, query: { event: event as (typeof EVENT_KINDS)[number] } } }));
            await refresh();
            const a = d.attempt_log.at(-1);
            return d.state === 'delivered'
              ? `Test delivered: HTTP ${d.last_status ?? ''}${a ? ` in ${a.duration_ms} ms` : ''}.`
              : `Test not delivered: ${d.last_error ?? (d.last_status ? `HTTP ${d.last_status}` : d.state)}. See the delivery log below.`;
          })}
        >
          Send test
        </button>
        <span className="spacer" />
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => run(async () => {
            await must(api.PATCH('/api/webhooks/{id}', { ...path, body: { enabled: !hook.enabled } }));
            await refresh();
            return hook.enabled ? 'Disabled: nothing is sent until you enable it again.' : 'Enabled: deliveries resume.';
          })}
        >
          {hook.enabled ? 'Disable' : 'Enable'}
        </button>
        {/* Only a signed delivery has a secret to rotate (issue 34 item 8). */}
        {SIGNED_KINDS.includes(hook.kind) && <Confirm
          trigger={<button type="button" className="button" disabled={busy}>Rotate secret</button>}
          title={`Rotate the signing secret of ${hook.name}?`}
          description={<p>A new secret signs every request from now on. For 24 hours each request also carries a signature with the current one, so your receiver can switch without missing any.</p>}
          action="Rotate secret"
          onConfirm={() => run(async () => {
            const r = await must(api.POST('/api/webhooks/{id}/rotate-secret', path));
            onSecret(r.secret, `Rotated. The previous secret also signs until ${when(r.previous_secret_expires_at)}.`);
            await refresh();
          })}
        />}
        <Confirm
          trigger={<button type="button" className="button danger" disabled={busy}>Delete</button>}
          title={`Delete ${hook.name}?`}
          description={<p>Nothing more is sent to it, and its delivery log is deleted. This cannot be undone.</p>}
          action="Delete webhook"
          danger
          onConfirm={() => run(async () => {
            await must(api.DELETE('/api/webhooks/{id}', path));
            qc.removeQueries({ queryKey: keys.webhook(hook.id) });
            qc.setQueryData<Webhook[]>(keys.webhooks(), (list) => list?.filter((x) => x.id !== hook.id));
            await qc.invalidateQueries({ queryKey: keys.webhooks() });
            await navigate({ to: '/webhooks' });
          })}
        />
      </div>
      {!hook.enabled && <p className="muted small">Enable the webhook to send a test.</p>}
      {note && <p role="status" className="notice small" data-testid="action-result">{note}</p>}
      <ErrorText error={error} />
    </section>
  );
}

function Settings({ hook }: { hook: Webhook }) {
  const qc = useQueryClient();
  const services = useServices();
  const [name, setName] = useState(hook.name);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(hook.events);
  const [serviceIds, setServiceIds] = useState<string[] | null>(hook.service_ids);
  const [replaceHeaders, setReplaceHeaders] = useState(false);
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const { error, note, busy, run } = useAction();
  const names = Object.keys(hook.headers);
  // Saved elsewhere (or here): the form follows; a refetch of the same values leaves edits alone.
  const savedEvents = JSON.stringify(hook.events);
  const savedServices = JSON.stringify(hook.service_ids);
  useEffect(() => {
    setName(hook.name);
    setEvents(JSON.parse(savedEvents) as string[]);
    setServiceIds(JSON.parse(savedServices) as string[] | null);
  }, [hook.name, savedEvents, savedServices]);
  return (
    <section className="card stack" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await must(
              api.PATCH('/api/webhooks/{id}', {
                params: { path: { id: hook.id } },
                body: {
                  name: name.trim(), events: eventKinds(events), service_ids: serviceIds,
                  ...(url.trim() ? { url: url.trim() } : {}),
                  ...(replaceHeaders ? { headers: Object.keys(headersOf(headers)).length ? headersOf(headers) : null } : {}),
                },
              }),
            );
            setUrl('');
            setReplaceHeaders(false);
            setHeaders([]);
            await qc.invalidateQueries({ queryKey: keys.webhook(hook.id) });
            await qc.invalidateQueries({ queryKey: keys.webhooks() });
            return 'Settings saved.';
          });
        }}
      >
        <div className="form-grid">
          <label className="field">
            <span>Name</span>
            <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="field">
            <span>New URL (leave empty to keep {hook.url})</span>
            <input type="url" inputMode="url" maxLength={2048} value={url} onChange={(e) => setUrl(e.target.value)} autoComplete="off" placeholder="https://…" />
          </label>
        </div>
        {legacyTeams(url) && <p className="notice small" role="note">This is an Office 365 connector URL (<code>webhook.office.com</code>), which Microsoft is retiring. Create a Teams Workflows webhook instead and paste its URL.</p>}
        <EventsField value={events} onChange={setEvents} />
        <ServicesField services={services.data ?? []} value={serviceIds} onChange={setServiceIds} />
        <div className="stack">
          <p className="small">
            <strong>Custom headers:</strong> {names.length ? names.map((n) => <code key={n} className="header-name">{n}</code>) : <span className="muted">none</span>}
            {names.length > 0 && <span className="muted"> (values hidden)</span>}
          </p>
          {replaceHeaders ? (
            <HeadersField rows={headers} onChange={setHeaders} />
          ) : (
            <button type="button" className="button small" onClick={() => setReplaceHeaders(true)}>{names.length ? 'Replace headers' : 'Add headers'}</button>
          )}
          {replaceHeaders && <p className="muted small">Saving replaces every custom header with these{headers.length === 0 ? ' (none: removes them all)' : ''}.</p>}
        </div>
        {note && <p role="status" className="notice small">{note}</p>}
        <ErrorText error={error} details />
        <div className="row end">
          <button type="submit" className="button primary" disabled={busy || !name.trim() || events.length === 0}>Save settings</button>
        </div>
      </form>
    </section>
  );
}

const textOf = (t: Webhook['template']) => (t ? `${JSON.stringify(t.body, null, 2)}\n` : null);

function TemplateSection({ hook }: { hook: Webhook }) {
  const qc = useQueryClient();
  const chat = hook.kind !== 'custom';
  const saved = textOf(hook.template);
  const [text, setText] = useState<string | null>(saved ?? (chat ? null : CUSTOM_STARTER));
  const { error, note, busy, run } = useAction();
  useEffect(() => setText(saved ?? (chat ? null : CUSTOM_STARTER)), [saved, chat]);
  const dirty = text !== saved;
  const save = (body: string | null) =>
    run(async () => {
      let template: unknown = null;
      if (body !== null) {
        const parsed = parseTemplateText(body);
        if (!parsed.ok) throw new Error(`Fix the template first: line ${parsed.problem.line}, column ${parsed.problem.column}.`);
        template = { version: 1, body: parsed.value };
      }
      await must(api.PATCH('/api/webhooks/{id}', { params: { path: { id: hook.id } }, body: { template } }));
      await qc.invalidateQueries({ queryKey: keys.webhook(hook.id) });
      return body === null ? `Back to the ${KIND_LABEL[hook.kind]} default.` : 'Template saved: the next delivery uses it.';
    });
  return (
    <section className="card stack" aria-labelledby="template-title">
      <div className="row wrap">
        <h2 id="template-title">Message template</h2>
        {chat && <span className="muted small">{text === null ? `${KIND_LABEL[hook.kind]} default` : 'Your own template'}</span>}
      </div>
      <TemplateWorkbench kind={hook.kind as WebhookKind} text={text} onChange={setText} />
      {note && <p role="status" className="notice small">{note}</p>}
      <ErrorText error={error} details />
      <div className="row wrap end">
        {chat && text === null && <button type="button" className="button" onClick={() => setText(CUSTOM_STARTER)}>Write my own template</button>}
        {chat && text !== null && <button type="button" className="button" disabled={busy} onClick={() => (saved === null ? setText(null) : void save(null))}>Use the {KIND_LABEL[hook.kind]} default</button>}
        {dirty && saved !== null && <button type="button" className="button" onClick={() => setText(saved)}>Discard changes</button>}
        {text !== null && <button type="button" className="button primary" disabled={busy || !dirty} onClick={() => void save(text)}>Save template</button>}
      </div>
    </section>
  );
}

const STATE_LABEL: Record<string, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };
const STATE_ICON: Record<string, string> = { pending: '…', delivered: '✓', failed: '✕' };

function DeliveryLog({ hook }: { hook: Webhook }) {
  const qc = useQueryClient();
  const [state, setState] = useState<'' | 'pending' | 'delivered' | 'failed'>('');
  const [open, setOpen] = useState<string | null>(null);
  const { error, note, busy, run } = useAction();
  const deliveries = useQuery({
    queryKey: keys.deliveriesIn(hook.id, state),
    queryFn: () => must(api.GET('/api/webhooks/{id}/deliveries', { params: { path: { id: hook.id }, query: { limit: 50, ...(state ? { state } : {}) } } })),
    // A pending delivery changes on its own (the delivery worker): look again until it settles.
    refetchInterval: (q) => ((q.state.data ?? []).some((d) => d.state === 'pending') ? 2000 : false),
  });
  const list = deliveries.data ?? [];
  return (
    <section className="stack" aria-labelledby="log-title">
      <div className="row wrap log-head">
        <h2 id="log-title">Delivery log</h2>
        <div className="tabs" role="group" aria-label="Show deliveries">
          {(['', 'pending', 'delivered', 'failed'] as const).map((s) => (
            <button key={s || 'all'} type="button" className="tab" aria-pressed={state === s} onClick={() => setState(s)}>{s ? STATE_LABEL[s] : 'All'}</button>
          ))}
        </div>
        <button type="button" className="button small" onClick={() => void qc.invalidateQueries({ queryKey: keys.deliveries(hook.id) })}>Refresh</button>
      </div>
      {note && <p role="status" className="notice small">{note}</p>}
      <ErrorText error={error ?? deliveries.error} />
      {list.length > 0 && (
        <div className="table-wrap">
          <table className="deliveries">
            <caption className="visually-hidden">Deliveries of {hook.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Response</th>
                <th scope="col">Latency</th>
                <th scope="col">Time</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => {
                const last = d.attempt_log.at(-1);
                const expanded = open === d.id;
                return (
                  <Fragment key={d.id}>
                    <tr className={`delivery-row state-${d.state}`} data-delivery={d.id}>
                      <td data-label="Event">
                        <span className="event-name">{EVENT_LABEL[d.event] ?? d.event}</span>
                        {d.test && <span className="badge small-badge">Test</span>}
                        {d.alert_id && <> <Link to="/alerts/$alertId" params={{ alertId: d.alert_id }} className="small">alert</Link></>}
                      </td>
                      <td data-label="Status">
                        <span className={`badge delivery-${d.state}`}><span aria-hidden="true">{STATE_ICON[d.state]}</span> {STATE_LABEL[d.state] ?? d.state}</span>
                        {d.state === 'pending' && d.next_attempt_at && <span className="muted small block">next {when(d.next_attempt_at)}</span>}
                      </td>
                      <td data-label="Attempts">{d.attempts}</td>
                      <td data-label="Response">{d.last_status !== null ? <code>HTTP {d.last_status}</code> : d.last_error ? <span className="small">{d.last_error}</span> : <span className="muted">—</span>}</td>
                      <td data-label="Latency">{last ? `${last.duration_ms} ms` : <span className="muted">—</span>}</td>
                      <td data-label="Time"><time dateTime={d.created_at} title={d.created_at}>{whenExact(d.created_at)}</time></td>
                      <td className="delivery-actions">
                        <button type="button" className="button small" aria-expanded={expanded} aria-controls={`attempts-${d.id}`} onClick={() => setOpen(expanded ? null : d.id)}>
                          {expanded ? 'Hide' : 'Details'}<span className="visually-hidden"> of the {EVENT_LABEL[d.event] ?? d.event} delivery {d.id}</span>
                        </button>
                        <button
                          type="button"
                          className="button small"
                          disabled={busy || !hook.enabled || d.state === 'pending'}
                          onClick={() => run(async () => {
                            await must(api.POST('/api/webhooks/{id}/deliveries/{delivery_id}/redeliver', { params: { path: { id: hook.id, delivery_id: d.id } } }));
                            await qc.invalidateQueries({ queryKey: keys.deliveries(hook.id) });
                            return `Redelivery queued with the same webhook-id (${d.id}).`;
                          })}
                        >
                          Redeliver<span className="visually-hidden"> {d.id}</span>
                        </button>
                      </td>
                    </tr>
                    {expanded && (
                      <tr className="attempts-row">
                        <td colSpan={7} id={`attempts-${d.id}`}>
                          <Attempts delivery={d} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {deliveries.data && list.length === 0 && <p className="empty card">{state ? `No ${STATE_LABEL[state]!.toLowerCase()} deliveries.` : 'Nothing sent yet. Send a test to see a delivery here.'}</p>}
    </section>
  );
}

function Attempts({ delivery: d }: { delivery: Delivery }) {
  return (
    <div className="stack attempts">
      <p className="small">
        <span className="muted">webhook-id</span> <code>{d.id}</code>
        {d.finished_at && <> · <span className="muted">finished</span> {when(d.finished_at)}</>}
      </p>
      {d.attempt_log.length === 0 && <p className="muted small">No attempt yet.</p>}
      <ol className="attempt-list" aria-label="Attempts, newest first">
        {[...d.attempt_log].reverse().map((a, i) => (
          <li key={i} className="attempt">
            <p className="row wrap small">
              <strong>{whenExact(a.at)}</strong>
              <span className={`badge outcome-${a.outcome}`}>{a.outcome}</span>
              <span>{a.response_status !== null ? `HTTP ${a.response_status}` : 'no response'}</span>
              <span className="muted">{a.duration_ms} ms</span>
            </p>
            {a.error && <p className="error small">{a.error}</p>}
            <div className="attempt-grid">
              <div>
                <h4 className="small muted">Request headers</h4>
                <pre className="code small" tabIndex={0}>{Object.entries(a.request_headers).map(([k, v]) => `${k}: ${v}`).join('\n') || '—'}</pre>
              </div>
              <div>
                <h4 className="small muted">Response (first 4 KB)</h4>
                <pre className="code small" tabIndex={0}>{a.response_head || '(empty)'}</pre>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
