import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Integration } from '../api/client';
import { keys } from '../api/keys';
import { when } from '../format';
import { canAdmin } from '../permissions';
import { Confirm, CopyButton, ErrorText, useMe } from '../ui';
import { useAction } from '../use-action';
import { PAGING_TEXT } from './Services';
import { ServiceRouting } from '../components/ServiceRouting';
import { AddSource, EditSource } from '../components/SourceForms';
import { ServiceHeartbeats, ServiceTimers } from '../components/ServiceTime';

const TYPE_LABEL: Record<string, string> = {
  webhook: 'Webhook', events_v2: 'Events API v2', email: 'Email', datadog: 'Datadog', grafana: 'Grafana', alertmanager: 'Alertmanager', custom: 'Custom JSON',
};

export function ServiceDetailPage() {
  const { serviceId } = useParams({ from: '/app/services/$serviceId' });
  const me = useMe();
  const service = useQuery({ queryKey: keys.service(serviceId), queryFn: () => must(api.GET('/api/services/{id}', { params: { path: { id: serviceId } } })) });
  const sources = useQuery({ queryKey: keys.integrations(), queryFn: () => must(api.GET('/api/integrations', { params: { query: { limit: 500 } } })) });
  if (service.error) return <ErrorText error={service.error} />;
  if (!service.data) return <p aria-busy="true">Loading…</p>;
  const s = service.data;
  const mine = (sources.data ?? []).filter((i) => i.service_id === s.id || i.fallback_service_id === s.id || i.routing_rules.some((r) => r.service_id === s.id));
  return (
    <article className="stack" aria-labelledby="service-title">
      <Link to="/services" className="back">← All services</Link>
      <h1 id="service-title">{s.name}</h1>
      {s.description && <p>{s.description}</p>}
      <p className={`paging paging-${s.paging}`}><span aria-hidden="true">{s.paging === 'ok' ? '✓' : '!'}</span> {PAGING_TEXT[s.paging] ?? s.paging}</p>
      {s.maintenance && <p className="notice" role="status">In a <Link to="/maintenance">maintenance window</Link> until {when(s.maintenance.until)}: nobody is paged for this service.</p>}
      <p><Link to="/alerts" search={{ service_id: s.id }}>Open alerts of this service</Link></p>
      <ServiceRouting service={s} admin={canAdmin(me.role)} />
      <ServiceTimers service={s} admin={canAdmin(me.role)} />
      <ServiceHeartbeats service={s} admin={canAdmin(me.role)} />
      <section aria-labelledby="sources-title" className="stack">
        <h2 id="sources-title">Sources</h2>
        {canAdmin(me.role) && <AddSource service={s} />}
        <ErrorText error={sources.error} />
        <ul className="cards">
          {mine.map((i) => <SourceCard key={i.id} source={i} admin={canAdmin(me.role)} />)}
        </ul>
        {sources.data && mine.length === 0 && <p className="empty">No source sends to this service.</p>}
      </section>
    </article>
  );
}

function credentialOf(r: { ingest_url?: string; routing_key?: string; email_address?: string }) {
  return r.ingest_url ?? r.routing_key ?? r.email_address ?? '';
}

function SourceCard({ source, admin }: { source: Integration; admin: boolean }) {
  const qc = useQueryClient();
  const [secret, setSecret] = useState<string>();
  const a = useAction();
  const [editing, setEditing] = useState(false);
  const path = { params: { path: { id: source.id } } };
  // Whatever came of it, the list shows the source as the server has it now.
  const run = (fn: () => Promise<string | void>) =>
    a.run(async () => {
      try {
        return await fn();
      } finally {
        await qc.invalidateQueries({ queryKey: keys.integrations() });
      }
    });
  const previous = source.credentials.filter((c) => !c.current);
  return (
    <li className={`card stack${editing ? ' source-editing' : ''}`}>
      <div className="row wrap">
        <h3 className="h3">{source.name}</h3>
        <span className="badge">{TYPE_LABEL[source.type] ?? source.type}</span>
        <span className={`badge ${source.enabled ? 'state-on' : 'state-off'}`}>{source.enabled ? 'Enabled' : 'Revoked'}</span>
      </div>
      {previous.map((c) => (
        <p key={c.id} className="muted small">A previous credential still works{c.expires_at ? ` until ${when(c.expires_at)}` : ''}.</p>
      ))}
      {secret && (
        <div className="secret-row">
          <code className="secret" data-testid="source-credential">{secret}</code>
          <CopyButton text={secret} label="Copy" />
        </div>
      )}
      {a.note && <p role="status" className="muted">{a.note}</p>}
      <ErrorText error={a.error} />
      {source.type !== 'webhook' && source.type !== 'events_v2' && source.type !== 'email' && (
        <p className="muted small">
          {source.routing_rules.length === 0 ? 'No routing rules: everything goes to the fallback service.' : `${source.routing_rules.length} routing rule${source.routing_rules.length === 1 ? '' : 's'}, then the fallback service.`}
        </p>
      )}
      {admin && editing && <EditSource source={source} onClose={() => setEditing(false)} />}
      {admin && source.enabled && !editing && (
        <div className="row wrap">
          <button type="button" className="button small" aria-label={`Edit ${source.name}`} onClick={() => setEditing(true)}>Edit</button>
          <button
            type="button"
            className="button small"
            onClick={() => run(async () => {
              setSecret(credentialOf(await must(api.POST('/api/integrations/{id}/reveal', path))));
              return 'Revealed. Each reveal is written to the audit log.';
            })}
          >
            Reveal
          </button>
          <Confirm
            trigger={<button type="button" className="button small">Rotate</button>}
            title={`Rotate ${source.name}?`}
            description={<p>A new credential works now. The current one stops within 60 seconds: update your monitoring first, or use Replace for a 24-hour overlap.</p>}
            action="Rotate now"
            danger
            onConfirm={() => run(async () => {
              const r = await must(api.POST('/api/integrations/{id}/rotate', path));
              setSecret(credentialOf(r));
              return `Rotated. The previous credential stops at ${when(r.previous_expires_at)}.`;
            })}
          />
          <button
            type="button"
            className="button small"
            onClick={() => run(async () => {
              setSecret(credentialOf((await must(api.POST('/api/integrations/{id}/replace', path))) as { ingest_url?: string }));
              return 'Replaced. The previous credential keeps working for 24 hours or until you revoke it.';
            })}
          >
            Replace
          </button>
          {previous.length > 0 && (
            <button type="button" className="button small" onClick={() => run(async () => {
              await must(api.PATCH('/api/integrations/{id}', { ...path, body: { previous_credential: 'revoked' } }));
              return 'The previous credential no longer works.';
            })}>Revoke previous</button>
          )}
          {secret && source.type === 'webhook' && (
            <button type="button" className="button small" onClick={() => run(async () => {
              // Same origin: the path of the ingest URL (the page's CSP allows no other host).
              const res = await fetch(new URL(secret).pathname, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: `Test signal from the dashboard (${source.name})`, event_key: `klaxon-test-${source.id}`, priority: 'info' }) });
              return res.status === 202 ? 'Test signal sent: an info alert is open on this service.' : `The test signal was refused (${res.status}).`;
            })}>Send test signal</button>
          )}
          <Confirm
            trigger={<button type="button" className="button small danger">Revoke</button>}
            title={`Revoke ${source.name}?`}
            description={<p>Signals sent to this source are refused from now on. This cannot be undone.</p>}
            action="Revoke source"
            danger
            onConfirm={() => run(async () => {
              await must(api.PATCH('/api/integrations/{id}', { ...path, body: { enabled: false } }));
              setSecret(undefined);
            })}
          />
        </div>
      )}
    </li>
  );
}
