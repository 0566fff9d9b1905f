import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Integration, type Service } from '../api/client';
import { keys } from '../api/keys';
import { queries } from '../api/queries';
import { ActionForm, CopyButton, ErrorText } from '../ui';
import { useAction } from '../use-action';
import { SelectField } from './fields';
import {
  DEFAULT_MAPPING, MappingTester, SAMPLE_PAYLOAD, completeRules, isVendor, mappingBody, type MappingText, type Rule, type VendorKind,
} from './MappingTester';
import '../styles/sources.css';

export type SourceKind = Integration['type'];

export const KINDS: { type: SourceKind; label: string; hint: string }[] = [
  { type: 'alertmanager', label: 'Prometheus Alertmanager', hint: 'A webhook receiver; firing and resolved alerts of a group.' },
  { type: 'grafana', label: 'Grafana', hint: 'A webhook contact point of Grafana alerting.' },
  { type: 'datadog', label: 'Datadog', hint: 'A Datadog webhook mentioned in your monitors.' },
  { type: 'events_v2', label: 'PagerDuty Events API v2', hint: 'A routing key for any tool that speaks Events v2.' },
  { type: 'email', label: 'Email', hint: 'An address: each email opens or updates an alert.' },
  { type: 'webhook', label: 'Webhook (Klaxon JSON)', hint: 'Our own JSON signal, for scripts and curl.' },
  { type: 'custom', label: 'Custom JSON (mapping)', hint: 'Any JSON, mapped to alerts with JSONata; test it before saving.' },
];
export const KIND_LABEL: Record<string, string> = Object.fromEntries(KINDS.map((k) => [k.type, k.label]));

const nameOf = (services: Service[] | undefined) => (id: string | null) => (id ? services?.find((s) => s.id === id)?.name ?? id : 'no service');

type Credential = { ingest_url?: string; routing_key?: string; email_address?: string };

/** How to point a tool at a new source: a snippet per kind. */
export function setupSnippet(type: SourceKind, c: Credential, name: string): { intro: string; code?: string } {
  const url = c.ingest_url ?? '';
  switch (type) {
    case 'alertmanager':
      return {
        intro: 'In alertmanager.yml, add a receiver and route alerts to it (send_resolved closes the alert here):',
        code: `receivers:\n  - name: klaxon\n    webhook_configs:\n      - url: '${url}'\n        send_resolved: true\nroute:\n  receiver: klaxon`,
      };
    case 'grafana':
      return { intro: 'In Grafana: Alerting → Contact points → Add contact point. Integration: Webhook, HTTP method POST, URL:', code: url };
    case 'datadog':
      return { intro: `In Datadog: Integrations → Webhooks → New. Name it ${name.replace(/\W+/g, '-').toLowerCase() || 'klaxon'}, keep the default payload, URL below; then mention @webhook-<name> in your monitors.`, code: url };
    case 'events_v2':
      return {
        intro: 'Any Events API v2 sender: post to this server\'s /v2/enqueue with this routing key. In Alertmanager:',
        code: `receivers:\n  - name: klaxon\n    pagerduty_configs:\n      - url: '${window.location.origin}/v2/enqueue'\n        routing_key: '${c.routing_key ?? ''}'`,
      };
    case 'email':
      return { intro: 'Send or forward alert emails to this address: the subject becomes the title, and the same subject updates the same alert.' };
    case 'custom':
      return { intro: 'POST your tool\'s JSON to this URL; the mapping turns it into alerts:', code: `curl -X POST '${url}' \\\n  -H 'content-type: application/json' \\\n  -d @payload.json` };
    default:
      return {
        intro: 'POST a Klaxon signal to this URL:',
        code: `curl -X POST '${url}' \\\n  -H 'content-type: application/json' \\\n  -d '{"title":"Disk full on db-1","event_key":"disk-db-1","priority":"high"}'`,
      };
  }
}

/** A new source's credential, shown as the API returned it, with a copy button and the setup snippet. */
export function NewCredential({ source, onDone }: { source: Integration & Credential; onDone: () => void }) {
  const secret = source.ingest_url ?? source.routing_key ?? source.email_address ?? '';
  const what = source.routing_key ? 'Routing key' : source.email_address ? 'Email address' : 'Ingest URL';
  const snippet = setupSnippet(source.type, source, source.name);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had the focus is gone: the focus moves to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card stack new-source" role="region" aria-label={`${source.name} is ready`}>
      <h3 className="h3" tabIndex={-1} ref={heading}>{source.name} is ready</h3>
      <p className="muted small">{what} — a secret: anyone with it can open alerts here. You can reveal it again later from the source.</p>
      <div className="secret-row">
        <code className="secret" data-testid="new-source-credential">{secret}</code>
        <CopyButton text={secret} label={`Copy ${what.toLowerCase()}`} />
      </div>
      <p>{snippet.intro}</p>
      {snippet.code && (
        <div className="snippet">
          <pre className="code mono">{snippet.code}</pre>
          <CopyButton text={snippet.code} label="Copy snippet" />
        </div>
      )}
      <div className="row end"><button type="button" className="button" onClick={onDone}>Done</button></div>
    </div>
  );
}

/** Ordered routing rules (spec 2.4): attribute, exact value, service; the first match wins. */
function RulesEditor({ rules, onChange, services }: { rules: Rule[]; onChange: (r: Rule[]) => void; services: Service[] }) {
  const id = useId();
  const set = (i: number, patch: Partial<Rule>) => onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="rules">
      <legend>Routing rules of this source</legend>
      <p className="muted small">In order; the first rule whose attribute (a label or tag) equals the value wins. Anything else goes to the fallback service.</p>
      {rules.length > 0 && (
        <ol className="rule-list">
          {rules.map((r, i) => (
            <li key={i} className="rule-row">
              <div className="field">
                <label htmlFor={`${id}-a${i}`}>Attribute of rule {i + 1}</label>
                <input id={`${id}-a${i}`} value={r.attribute} maxLength={200} placeholder="team" onChange={(e) => set(i, { attribute: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-v${i}`}>Value of rule {i + 1}</label>
                <input id={`${id}-v${i}`} value={r.value} maxLength={1000} placeholder="storage" onChange={(e) => set(i, { value: e.target.value })} />
              </div>
              <SelectField label={`Service of rule ${i + 1}`} value={r.service_id} onChange={(e) => set(i, { service_id: e.target.value })}>
                {services.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
              </SelectField>
              <button type="button" className="button small danger" aria-label={`Remove rule ${i + 1}`} onClick={() => onChange(rules.filter((_, j) => j !== i))}>Remove</button>
            </li>
          ))}
        </ol>
      )}
      <button type="button" className="button small" onClick={() => onChange([...rules, { attribute: '', value: '', service_id: services[0]?.id ?? '' }])}>Add rule</button>
    </fieldset>
  );
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/** The settings of a vendor source: rules, fallback, and the tester (with the mapping for custom). */
function VendorSettings(props: {
  kind: VendorKind;
  rules: Rule[];
  setRules: (r: Rule[]) => void;
  fallback: string;
  setFallback: (s: string) => void;
  mapping: MappingText;
  setMapping: (m: MappingText) => void;
  payloadText: string;
  setPayloadText: (t: string) => void;
  services: Service[];
}) {
  const { kind, services } = props;
  return (
    <>
      <SelectField label="Fallback service" value={props.fallback} onChange={(e) => props.setFallback(e.target.value)} required>
        {services.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
      </SelectField>
      <RulesEditor rules={props.rules} onChange={props.setRules} services={services} />
      {kind === 'custom' ? (
        <MappingTester
          kind={kind}
          mapping={props.mapping}
          onMapping={props.setMapping}
          payloadText={props.payloadText}
          onPayloadText={props.setPayloadText}
          rules={props.rules}
          fallbackServiceId={props.fallback}
          serviceName={nameOf(services)}
        />
      ) : (
        <details className="tester-details">
          <summary>Test a sample payload</summary>
          <MappingTester
            kind={kind}
            mapping={{}}
            payloadText={props.payloadText}
            onPayloadText={props.setPayloadText}
            rules={props.rules}
            fallbackServiceId={props.fallback}
            serviceName={nameOf(services)}
          />
        </details>
      )}
    </>
  );
}

/** "Add source" on a service page: choose the kind, its settings, and see the credential once created. */
export function AddSource({ service }: { service: Service }) {
  const qc = useQueryClient();
  const services = useQuery(queries.services());
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<SourceKind>('alertmanager');
  const [name, setName] = useState('');
  const [rules, setRules] = useState<Rule[]>([]);
  const [fallback, setFallback] = useState(service.id);
  const [mapping, setMapping] = useState<MappingText>(DEFAULT_MAPPING);
  const [payloads, setPayloads] = useState<Partial<Record<VendorKind, string>>>({});
  const a = useAction();
  const [created, setCreated] = useState<Integration & Credential>();
  // Back from the form or the new source's panel, the focus returns to "Add source".
  const [back, setBack] = useState(false);
  const id = useId();

  const reset = () => {
    setOpen(false);
    setBack(true);
    setName('');
    setRules([]);
    setFallback(service.id);
    setMapping(DEFAULT_MAPPING);
    setPayloads({});
    a.reset();
  };
  if (created) return <NewCredential source={created} onDone={() => { setCreated(undefined); setBack(true); }} />;
  if (!open) {
    return (
      <div className="row">
        <button type="button" className="button primary" autoFocus={back} onClick={() => setOpen(true)}>Add source</button>
      </div>
    );
  }
  const vendor = isVendor(kind) ? kind : undefined;
  const label = KIND_LABEL[kind] ?? kind;
  const submit = async () => {
    const body = vendor
      ? { type: kind, name: name.trim() || label, fallback_service_id: fallback, routing_rules: completeRules(rules), ...(kind === 'custom' ? { mapping: mappingBody(mapping) } : {}) }
      : { type: kind, name: name.trim() || label, service_id: service.id };
    const r = await must(api.POST('/api/integrations', { body }));
    await qc.invalidateQueries({ queryKey: keys.integrations() });
    reset();
    setCreated(r as Integration & Credential);
  };
  return (
    <ActionForm action={a} className="card stack source-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h3">Add a source to {service.name}</h3>
      <div className="source-grid">
        <SelectField label="Kind" autoFocus value={kind} onChange={(e) => setKind(e.target.value as SourceKind)}>
          {KINDS.map((k) => <option key={k.type} value={k.type}>{k.label}</option>)}
        </SelectField>
        <div className="field">
          <label htmlFor={`${id}-name`}>Source name</label>
          <input id={`${id}-name`} maxLength={200} value={name} placeholder={label} onChange={(e) => setName(e.target.value)} />
        </div>
      </div>
      <p className="muted small">{KINDS.find((k) => k.type === kind)?.hint}{vendor ? '' : ` Signals go to ${service.name}.`}</p>
      {vendor && (
        <VendorSettings
          kind={vendor}
          rules={rules}
          setRules={setRules}
          fallback={fallback}
          setFallback={setFallback}
          mapping={mapping}
          setMapping={setMapping}
          payloadText={payloads[vendor] ?? pretty(SAMPLE_PAYLOAD[vendor])}
          setPayloadText={(t) => setPayloads((p) => ({ ...p, [vendor]: t }))}
          services={services.data ?? [service]}
        />
      )}
      <ErrorText error={a.error} />
      <div className="row end wrap">
        <button type="button" className="button" onClick={reset}>Cancel</button>
        <button type="submit" className="button primary" disabled={a.busy}>Create source</button>
      </div>
    </ActionForm>
  );
}

/** Edit a source: its name; for vendor sources the rules, fallback and (custom) mapping, with the tester. */
export function EditSource({ source, onClose }: { source: Integration; onClose: () => void }) {
  const qc = useQueryClient();
  const services = useQuery(queries.services());
  const vendor = isVendor(source.type) ? source.type : undefined;
  const [name, setName] = useState(source.name);
  const [rules, setRules] = useState<Rule[]>(source.routing_rules.map((r) => ({ ...r })));
  const [fallback, setFallback] = useState(source.fallback_service_id ?? '');
  const [mapping, setMapping] = useState<MappingText>((source.mapping ?? DEFAULT_MAPPING) as MappingText);
  const [payloadText, setPayloadText] = useState(vendor ? pretty(SAMPLE_PAYLOAD[vendor]) : '');
  const a = useAction();
  const id = useId();
  const submit = async () => {
    const body = {
      name: name.trim() || source.name,
      ...(vendor ? { routing_rules: completeRules(rules), ...(fallback ? { fallback_service_id: fallback } : {}) } : {}),
      ...(source.type === 'custom' ? { mapping: mappingBody(mapping) } : {}),
    };
    await must(api.PATCH('/api/integrations/{id}', { params: { path: { id: source.id } }, body }));
    await qc.invalidateQueries({ queryKey: keys.integrations() });
    onClose();
  };
  return (
    <ActionForm action={a} className="stack source-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="h4">Edit {source.name}</h4>
      <div className="field">
        <label htmlFor={`${id}-name`}>Source name</label>
        <input id={`${id}-name`} autoFocus required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      {vendor && (
        <VendorSettings
          kind={vendor}
          rules={rules}
          setRules={setRules}
          fallback={fallback}
          setFallback={setFallback}
          mapping={mapping}
          setMapping={setMapping}
          payloadText={payloadText}
          setPayloadText={setPayloadText}
          services={services.data ?? []}
        />
      )}
      <ErrorText error={a.error} />
      <div className="row end wrap">
        <button type="button" className="button" onClick={onClose}>Cancel</button>
        <button type="submit" className="button primary" disabled={a.busy}>Save changes</button>
      </div>
    </ActionForm>
  );
}
