import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../api/client';
import { keys } from '../api/keys';
import { canAdmin } from '../permissions';
import { ActionForm, CopyButton, ErrorText, useMe } from '../ui';
import { useAction } from '../use-action';
import { useServices } from './Alerts';

const PAGING: Record<string, string> = { ok: 'Pages someone', no_schedule: 'No schedule: pages nobody', nobody_on_call: 'Nobody on call now', unreachable: 'On call now but unreachable' };

export function ServicesPage() {
  const me = useMe();
  const services = useServices();
  return (
    <section className="stack" aria-labelledby="services-title">
      <div className="page-head">
        <h1 id="services-title">Services</h1>
      </div>
      {canAdmin(me.role) && <CreateService />}
      <ErrorText error={services.error} />
      <ul className="cards">
        {(services.data ?? []).map((s) => (
          <li key={s.id} className="card">
            <h2 className="h3"><Link to="/services/$serviceId" params={{ serviceId: s.id }}>{s.name}</Link></h2>
            {s.description && <p className="muted">{s.description}</p>}
            <p className={`paging paging-${s.paging}`}><span aria-hidden="true">{s.paging === 'ok' ? '✓' : '!'}</span> {PAGING[s.paging] ?? s.paging}</p>
          </li>
        ))}
      </ul>
      {services.data?.length === 0 && <p className="empty">No services yet.{canAdmin(me.role) ? ' Create one above: its ingest URL is where your monitoring sends alerts.' : ''}</p>}
    </section>
  );
}

function CreateService() {
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<Schemas['ServiceCreated']>();
  const a = useAction();
  return (
    <div className="card stack">
      <ActionForm
        action={a}
        onSubmit={async () => {
          const s = await must(api.POST('/api/services', { body: { name, ...(description ? { description } : {}) } }));
          setCreated(s);
          setName('');
          setDescription('');
          await qc.invalidateQueries({ queryKey: keys.services() });
        }}
      >
        <label className="field">
          <span>New service name</span>
          <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="checkout" />
        </label>
        <label className="field grow">
          <span>Description (optional)</span>
          <input maxLength={1000} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <button type="submit" className="button primary" disabled={a.busy || !name.trim()}>Create service</button>
      </ActionForm>
      <ErrorText error={a.error} />
      {created && (
        <div className="notice stack" role="status">
          <p><strong>{created.name}</strong> is ready. Send alerts to its ingest URL. It is a secret: whoever holds it can open alerts here.</p>
          <div className="secret-row">
            <code className="secret" data-testid="ingest-url">{created.default_integration.ingest_url}</code>
            <CopyButton text={created.default_integration.ingest_url} label="Copy ingest URL" />
          </div>
          <pre className="code small" tabIndex={0}>{`curl -X POST '${created.default_integration.ingest_url}' -H 'Content-Type: application/json' \\\n  -d '{"title":"Disk full on db-1","event_key":"disk-db-1","priority":"critical"}'`}</pre>
        </div>
      )}
    </div>
  );
}

export const PAGING_TEXT = PAGING;
