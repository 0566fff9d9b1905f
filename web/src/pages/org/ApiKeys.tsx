import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { ago, when } from '../../format';
import { canAdmin } from '../../permissions';
import { Confirm, ErrorText, useMe } from '../../ui';
import { nameOf, SecretOnceDialog, useMembers } from '../../components/admin';
import { useAction } from '../../use-action';
import { SelectField } from '../../components/fields';
import { useServices } from '../Alerts';

type ApiKey = Schemas['ApiKey'];
type Kind = 'full_product' | 'alert_ingest';

const KIND_LABEL: Record<string, string> = { full_product: 'Full product', alert_ingest: 'Alert ingest', agent: 'Agent token' };
const KIND_HELP: Record<Kind, string> = {
  full_product: 'Acts as you, with your role at the time of each request, in this organization only (X-Service-Org must name it).',
  alert_ingest: "The organization's: only sends and acknowledges alerts (/v1/alerts), optionally only to some services.",
};

export function ApiKeysPage() {
  const me = useMe();
  const admin = canAdmin(me.role);
  const list = useQuery({ queryKey: keys.apiKeys(), queryFn: () => must(api.GET('/api/keys', { params: { query: { limit: 500 } } })) });
  const members = useMembers();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>API keys</h1>
          <p className="muted">Keys for scripts, monitoring and agents. A secret is shown once, when the key is made; Klaxon keeps only its hash.</p>
        </div>
      </div>
      {admin && <CreateKey />}
      <section className="section" aria-labelledby="keys-title">
        <header><h2 id="keys-title">Keys and agent tokens</h2></header>
        <div className="section-body">
          <ErrorText error={list.error} />
          {list.data && list.data.length > 0 && (
            <table className="data stacked">
              <thead>
                <tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Key</th><th scope="col">Acts as</th><th scope="col">Last used</th>{admin && <th scope="col"><span className="visually-hidden">Actions</span></th>}</tr>
              </thead>
              <tbody>
                {list.data.map((k) => <KeyRow key={k.id} apiKey={k} admin={admin} owner={nameOf(members.data, k.user_id)} />)}
              </tbody>
            </table>
          )}
          {list.data?.length === 0 && <p className="empty">No API keys yet.</p>}
        </div>
      </section>
    </>
  );
}

function KeyRow({ apiKey: k, admin, owner }: { apiKey: ApiKey; admin: boolean; owner: string }) {
  const qc = useQueryClient();
  const act = useAction();
  return (
    <tr>
      <td>
        <div className="person">
          <strong>{k.name}</strong>
          <span>Created {when(k.created_at)}{k.expires_at ? ` · expires ${when(k.expires_at)}` : ''}</span>
        </div>
      </td>
      <td data-label="Kind"><span className="badge">{KIND_LABEL[k.kind] ?? k.kind}</span>{k.service_ids && <span className="muted small"> {k.service_ids.length} service{k.service_ids.length === 1 ? '' : 's'}</span>}</td>
      <td data-label="Key"><code className="nowrap">{k.secret_hint}</code></td>
      <td data-label="Acts as">{k.kind === 'alert_ingest' ? <span className="muted">The organization{owner ? ` (made by ${owner})` : ''}</span> : owner}</td>
      <td data-label="Last used" className="muted">{k.last_used_at ? <time dateTime={k.last_used_at} title={when(k.last_used_at)}>{ago(k.last_used_at)}</time> : 'Never'}</td>
      {admin && (
        <td>
          <div className="actions">
            <Confirm
              trigger={<button type="button" className="button small danger" aria-label={`Revoke ${k.name}`}>Revoke</button>}
              title={`Revoke ${k.name}?`}
              description={<p>Requests with this {k.kind === 'agent' ? 'token' : 'key'} are refused from now on. This cannot be undone.</p>}
              action="Revoke key"
              danger
              onConfirm={async () => {
                await act.run(async () => {
                  await must(api.DELETE('/api/keys/{id}', { params: { path: { id: k.id } } }));
                  await qc.invalidateQueries({ queryKey: keys.apiKeys() });
                });
              }}
            />
          </div>
          <ErrorText error={act.error} />
        </td>
      )}
    </tr>
  );
}

function CreateKey() {
  const qc = useQueryClient();
  const services = useServices();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('full_product');
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [created, setCreated] = useState<Schemas['ApiKeyCreated']>();
  const act = useAction();
  return (
    <section className="section" aria-labelledby="new-key-title">
      <header><h2 id="new-key-title">New key</h2></header>
      <form
        className="section-body"
        onSubmit={async (e) => {
          e.preventDefault();
          await act.run(async () => {
            const body = { name: name.trim(), kind, ...(kind === 'alert_ingest' && serviceIds.length ? { service_ids: serviceIds } : {}) };
            setCreated(await must(api.POST('/api/keys', { body })));
            setName('');
            setServiceIds([]);
            await qc.invalidateQueries({ queryKey: keys.apiKeys() });
          });
        }}
      >
        <div className="form-grid">
          <label className="field">
            <span>Key name</span>
            <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="terraform" />
          </label>
          <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)} aria-describedby="key-kind-help">
            <option value="full_product">Full product (acts as you)</option>
            <option value="alert_ingest">Alert ingest</option>
          </SelectField>
          <p id="key-kind-help" className="muted small span-all">{KIND_HELP[kind]}</p>
          {kind === 'alert_ingest' && (
            <fieldset className="plain span-all">
              <legend>Services it may send to <span className="muted small">(none checked: every service)</span></legend>
              <div className="checks">
                {(services.data ?? []).map((s) => (
                  <label key={s.id}>
                    <input
                      type="checkbox"
                      checked={serviceIds.includes(s.id)}
                      onChange={(e) => setServiceIds((ids) => (e.target.checked ? [...ids, s.id] : ids.filter((x) => x !== s.id)))}
                    />
                    {s.name}
                  </label>
                ))}
                {services.data?.length === 0 && <span className="muted">No services yet.</span>}
              </div>
            </fieldset>
          )}
        </div>
        <div className="form-foot">
          <button type="submit" className="button primary" disabled={act.busy || !name.trim()}>Create key</button>
        </div>
        <ErrorText error={act.error} />
      </form>
      {created && (
        <SecretOnceDialog open title={`Key “${created.name}” created`} secret={created.secret} testId="api-key-secret" copyLabel="Copy key" onClose={() => setCreated(undefined)}>
          <p>Copy the secret now: it is shown only once. Send it as <code>Authorization: Bearer …</code>{created.kind === 'full_product' ? <> with <code>X-Service-Org</code> naming this organization</> : null}.</p>
        </SecretOnceDialog>
      )}
    </section>
  );
}
