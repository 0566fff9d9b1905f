import { useEffect, useId, useState } from 'react';
import { api, ApiError, must } from '../api/client';
export { SAMPLE_PAYLOAD } from './source-samples';

/** Vendor kinds: they route by rules and can be previewed with a sample payload. */
export type VendorKind = 'alertmanager' | 'grafana' | 'datadog' | 'custom';
export const VENDOR_KINDS: readonly string[] = ['alertmanager', 'grafana', 'datadog', 'custom'];
export const isVendor = (t: string): t is VendorKind => VENDOR_KINDS.includes(t);

export interface Rule {
  attribute: string;
  value: string;
  service_id: string;
}

/** The fields of a custom mapping (IntegrationMapping), in the order the form shows them. */
export const MAPPING_FIELDS = [
  { key: 'title', label: 'Title', hint: 'Required. A literal is quoted: \'Disk full\'.' },
  { key: 'event_key', label: 'Event key', hint: 'Deduplicates repeats; defaults to the title.' },
  { key: 'priority', label: 'Priority', hint: 'critical, high, medium, low or info; absent means high.' },
  { key: 'action', label: 'Action', hint: 'trigger or resolve; absent means trigger.' },
  { key: 'body', label: 'Details', hint: 'The alert\'s details text.' },
  { key: 'urgency', label: 'Urgency', hint: 'high or low; absent means the priority\'s default.' },
  { key: 'source', label: 'Sending system', hint: 'The sending system; defaults to "custom".' },
  { key: 'routing', label: 'Routing attributes', hint: 'An object of strings the routing rules match, e.g. {"team": alert.team}.' },
  { key: 'items', label: 'Items (batches)', hint: 'An array of alerts in one payload; the other fields then run on each item.' },
] as const;
export type MappingKey = (typeof MAPPING_FIELDS)[number]['key'];
export type MappingText = Partial<Record<MappingKey, string>>;

export const DEFAULT_MAPPING: MappingText = {
  title: 'alert.name',
  event_key: 'alert.id',
  priority: '$lowercase(alert.severity)',
  action: "alert.state = 'ok' ? 'resolve' : 'trigger'",
  body: 'alert.message',
  routing: '{"team": alert.team}',
};

/** Where a problem is in a text: line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number) {
  const before = text.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

/** A JSON text's syntax error with its line and column, or the value. */
export function parsePayload(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const msg = (e as Error).message;
    const m = /position (\d+)/.exec(msg);
    if (m) {
      const { line, column } = lineColumn(text, Number(m[1]));
      return { ok: false, message: `Not valid JSON at line ${line}, column ${column}: ${msg.replace(/ in JSON at position \d+.*$/, '')}` };
    }
    return { ok: false, message: `Not valid JSON: ${msg}` };
  }
}

type Jsonata = (expression: string) => unknown;
let jsonataLoaded: Jsonata | undefined;
let jsonataLoading: Promise<Jsonata> | undefined;
/** JSONata's compiler, loaded only when a tester shows a mapping (its own chunk, out of the main bundle). */
const loadJsonata = () =>
  (jsonataLoading ??= import('jsonata').then((m) => {
    jsonataLoaded = (m as { default?: Jsonata }).default ?? (m as unknown as Jsonata);
    return jsonataLoaded;
  }));

/** A JSONata expression's syntax error with its position, checked here before any round trip. */
export function expressionProblem(jsonata: Jsonata, text: string): { message: string; position?: number } | undefined {
  try {
    jsonata(text);
    return undefined;
  } catch (e) {
    const err = e as { message?: string; position?: number };
    if (typeof err.position === 'number') return { message: `${err.message ?? 'Syntax error'} (at character ${err.position})`, position: err.position };
    return { message: err.message ?? 'Syntax error' };
  }
}

/** The expression with a caret under the character a syntax error names (a visual aid; the text says it too). */
function Caret({ text, position }: { text: string; position: number }) {
  const at = Math.min(Math.max(position - 1, 0), text.length);
  return <pre className="caret" aria-hidden="true">{`${text}\n${' '.repeat(at)}^`}</pre>;
}

/** The non-empty expressions of a mapping, as the API takes them. */
export function mappingBody(m: MappingText): { title: string } & MappingText {
  const out: MappingText = {};
  for (const { key } of MAPPING_FIELDS) {
    const v = m[key]?.trim();
    if (v) out[key] = v;
  }
  return out as { title: string } & MappingText;
}

export const completeRules = (rules: Rule[]) => rules.filter((r) => r.attribute.trim() && r.value.trim() && r.service_id);

/** How long the tester waits after the last keystroke before it asks the server. */
export const PREVIEW_DEBOUNCE_MS = 400;

type PreviewItem = {
  title: string;
  event_key: string;
  priority: string;
  urgency: string;
  action: string;
  body: string;
  source: string;
  attributes: Record<string, string>;
  matched_rule: number | null;
  service_id: string | null;
};

interface TesterState {
  items?: PreviewItem[];
  /** Problems by mapping field (mapping.title …), from the local parse or the server. */
  fields: Partial<Record<MappingKey, string>>;
  /** Where a local syntax error is, by field (a character position in the trimmed expression). */
  positions?: Partial<Record<MappingKey, number>>;
  payload?: string;
  error?: string;
  busy: boolean;
}

/**
 * The mapping tester (issue 24): a sample payload and, for a custom source, its JSONata mapping;
 * checked here at once (JSON and expression syntax, with positions), then previewed by
 * `POST /api/integrations/preview` after a pause in typing: the signals the source would make and
 * where its rules would route them. Nothing is stored.
 */
export function MappingTester(props: {
  kind: VendorKind;
  mapping: MappingText;
  onMapping?: (m: MappingText) => void;
  payloadText: string;
  onPayloadText: (t: string) => void;
  rules: Rule[];
  fallbackServiceId: string;
  serviceName: (id: string | null) => string;
}) {
  const { kind, mapping, payloadText, rules, fallbackServiceId } = props;
  const id = useId();
  const [state, setState] = useState<TesterState>({ fields: {}, busy: true });
  const [compiler, setCompiler] = useState(() => jsonataLoaded);
  useEffect(() => {
    if (kind === 'custom' && !compiler) void loadJsonata().then((j) => setCompiler(() => j));
  }, [kind, compiler]);
  const key = JSON.stringify([kind, mapping, payloadText, completeRules(rules), fallbackServiceId, !!compiler]);
  useEffect(() => {
    const payload = parsePayload(payloadText);
    const fields: TesterState['fields'] = {};
    const positions: NonNullable<TesterState['positions']> = {};
    if (kind === 'custom') {
      if (!mapping.title?.trim()) fields.title = 'A title expression is required.';
      for (const { key: k } of MAPPING_FIELDS) {
        const text = mapping[k]?.trim();
        if (!text) continue;
        // Until the compiler has loaded, the server's answer names the field (without a position).
        const problem = compiler ? expressionProblem(compiler, text) : undefined;
        if (problem) {
          fields[k] = problem.message;
          if (problem.position !== undefined) positions[k] = problem.position;
        }
      }
    }
    if (!payload.ok || Object.keys(fields).length) {
      setState((s) => ({ items: s.items, fields, positions, ...(payload.ok ? {} : { payload: payload.message }), busy: false }));
      return;
    }
    setState((s) => ({ ...s, busy: true }));
    let live = true;
    const timer = setTimeout(async () => {
      try {
        const r = await must(
          api.POST('/api/integrations/preview', {
            body: {
              type: kind,
              payload: payload.value,
              routing_rules: completeRules(rules),
              ...(fallbackServiceId ? { fallback_service_id: fallbackServiceId } : {}),
              ...(kind === 'custom' ? { mapping: mappingBody(mapping) } : {}),
            },
          }),
        );
        if (live) setState({ items: r.items, fields: {}, busy: false });
      } catch (e) {
        if (!live) return;
        const byField: TesterState['fields'] = {};
        const rest: string[] = [];
        for (const d of e instanceof ApiError ? e.details : []) {
          const m = /^(?:items\[\d+\]\.)?mapping\.(\w+)/.exec(d.field);
          const k = m?.[1] as MappingKey | undefined;
          if (k && MAPPING_FIELDS.some((f) => f.key === k)) byField[k] = d.message;
          else rest.push(`${d.field}: ${d.message}`);
        }
        const error = rest.length ? rest.join('; ') : Object.keys(byField).length ? undefined : e instanceof Error ? e.message : String(e);
        setState({ fields: byField, ...(error ? { error } : {}), busy: false });
      }
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const problems = Object.keys(state.fields).length > 0 || !!state.payload || !!state.error;
  return (
    <div className="tester" data-testid="mapping-tester">
      <div className="tester-grid">
        <div className="field tester-payload">
          <label htmlFor={`${id}-payload`}>Sample payload (JSON)</label>
          <textarea
            id={`${id}-payload`}
            className="mono"
            rows={kind === 'custom' ? 14 : 12}
            spellCheck={false}
            value={payloadText}
            aria-invalid={state.payload ? true : undefined}
            aria-describedby={state.payload ? `${id}-payload-error` : undefined}
            onChange={(e) => props.onPayloadText(e.target.value)}
          />
          {state.payload && <p id={`${id}-payload-error`} className="field-error">{state.payload}</p>}
        </div>
        {kind === 'custom' && props.onMapping && (
          <fieldset className="tester-mapping">
            <legend>Mapping (JSONata)</legend>
            <p className="muted small">Each field is a <a href="https://docs.jsonata.org" target="_blank" rel="noreferrer">JSONata</a> expression over the payload.</p>
            {MAPPING_FIELDS.map((f) => {
              const problem = state.fields[f.key];
              return (
                <div className="field" key={f.key}>
                  <label htmlFor={`${id}-${f.key}`}>{f.label} expression</label>
                  <input
                    id={`${id}-${f.key}`}
                    className="mono"
                    spellCheck={false}
                    autoComplete="off"
                    value={props.mapping[f.key] ?? ''}
                    required={f.key === 'title'}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={`${id}-${f.key}-hint`}
                    onChange={(e) => props.onMapping!({ ...props.mapping, [f.key]: e.target.value })}
                  />
                  {problem && state.positions?.[f.key] !== undefined && <Caret text={(props.mapping[f.key] ?? '').trim()} position={state.positions[f.key]!} />}
                  {problem
                    ? <p id={`${id}-${f.key}-hint`} className="field-error" data-testid={`mapping-error-${f.key}`}>{problem}</p>
                    : <p id={`${id}-${f.key}-hint`} className="muted small hint">{f.hint}</p>}
                </div>
              );
            })}
          </fieldset>
        )}
      </div>
      <section className="tester-result" aria-labelledby={`${id}-result`}>
        <h4 id={`${id}-result`} className="h4">Preview {state.busy && <span className="muted small">(updating…)</span>}</h4>
        <div role="status" aria-live="polite">
          {state.error && <p className="field-error">{state.error}</p>}
          {problems && !state.error && <p className="field-error">Fix the {state.payload ? 'payload' : 'mapping'} to see the preview.</p>}
          {!problems && state.items && state.items.length === 0 && <p className="muted">This payload makes no alert.</p>}
          {!problems && state.items && state.items.length > 0 && (
            <ol className="preview-items" data-testid="preview-items">
              {state.items.map((it, i) => (
                <li key={i} className="preview-item">
                  <p className="preview-title">{it.title}</p>
                  <dl className="preview-facts">
                    <div><dt>Action</dt><dd>{it.action}</dd></div>
                    <div><dt>Priority</dt><dd>{it.priority}</dd></div>
                    <div><dt>Urgency</dt><dd>{it.urgency}</dd></div>
                    <div><dt>Event key</dt><dd className="mono">{it.event_key}</dd></div>
                    <div><dt>Source</dt><dd>{it.source}</dd></div>
                    <div><dt>Routes to</dt><dd>{props.serviceName(it.service_id)} <span className="muted small">({it.matched_rule === null ? 'fallback' : `rule ${it.matched_rule + 1}`})</span></dd></div>
                  </dl>
                  {it.body && <p className="preview-body">{it.body}</p>}
                  {Object.keys(it.attributes).length > 0 && (
                    <p className="muted small">Attributes: {Object.entries(it.attributes).map(([k, v]) => `${k}=${v}`).join(', ')}</p>
                  )}
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
    </div>
  );
}
