import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, must } from '../api/client';
import { keys } from '../api/keys';
import { TemplateEditor } from './TemplateEditor';
import { locateServerProblem, parseTemplateText, type TextProblem } from './template-position';

export type WebhookKind = 'slack' | 'teams' | 'discord' | 'custom' | 'native' | 'slack_app';
export const EVENT_KINDS = [
  'alert.triggered',
  'alert.repeated',
  'alert.priority_raised',
  'alert.acknowledged',
  'alert.escalated',
  'alert.snoozed',
  'alert.woken',
  'alert.resolved',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** Event kinds of the API's answers (plain strings) as the request type. */
export const eventKinds = (events: string[]) => events.filter((e): e is EventKind => (EVENT_KINDS as readonly string[]).includes(e));
export const EVENT_LABEL: Record<string, string> = {
  'alert.triggered': 'Triggered',
  'alert.repeated': 'Repeated',
  'alert.priority_raised': 'Priority raised',
  'alert.acknowledged': 'Acknowledged',
  'alert.escalated': 'Escalated',
  'alert.snoozed': 'Snoozed',
  'alert.woken': 'Woken',
  'alert.resolved': 'Resolved',
};

/** How long the preview waits after the last keystroke before it asks the server. */
export const PREVIEW_DEBOUNCE_MS = 350;

interface PreviewState {
  /** Set once a preview answered for the current text. */
  body?: unknown;
  warnings: { pointer: string; message: string }[];
  /** The problem placed in the text (the first one), and the others the server named. */
  problem: TextProblem | null;
  problems: { field: string; message: string }[];
  error?: string;
  busy: boolean;
}

/**
 * The live preview of a template: parsed here as JSON at once (a syntax error is placed without a
 * round trip), then rendered by `POST /api/webhooks/preview` after a pause in typing, as a delivery
 * would render it. `text` null: the kind's default template (chat kinds) or native's fixed body.
 */
export function useTemplatePreview(kind: WebhookKind, text: string | null, event: string, alertId = ''): PreviewState {
  const [state, setState] = useState<PreviewState>({ warnings: [], problem: null, problems: [], busy: true });
  useEffect(() => {
    let template: unknown;
    if (text !== null) {
      const parsed = parseTemplateText(text);
      if (!parsed.ok) {
        setState((s) => ({ body: s.body, warnings: [], problem: parsed.problem, problems: [], busy: false }));
        return;
      }
      template = { version: 1, body: parsed.value };
    }
    let live = true;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(async () => {
      try {
        const r = await must(api.POST('/api/webhooks/preview', { body: { kind, event: event as EventKind, ...(template !== undefined ? { template } : {}), ...(alertId ? { alert_id: alertId } : {}) } }));
        if (live) setState({ body: r.body, warnings: r.warnings, problem: null, problems: [], busy: false });
      } catch (err) {
        if (!live) return;
        if (err instanceof ApiError && err.status === 400) {
          const details = err.details.length ? err.details : [{ field: 'template', message: err.message }];
          const located = details.map((d) => (text === null ? null : locateServerProblem(text, d.field, d.message)));
          const first = located.findIndex((p) => p !== null);
          // The first placed problem is marked in the editor; any other is listed under it.
          setState((s) => ({ body: s.body, warnings: [], problem: first >= 0 ? located[first]! : null, problems: details.filter((_, i) => i !== first), busy: false }));
        } else setState((s) => ({ body: s.body, warnings: [], problem: null, problems: [], busy: false, error: err instanceof Error ? err.message : String(err) }));
      }
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, text, event, alertId]);
  return state;
}

/** The editor beside its rendered preview; `text` null shows the default template's rendering only. */
export function TemplateWorkbench(props: {
  kind: WebhookKind;
  text: string | null;
  onChange?: (text: string) => void;
  label?: string;
}) {
  const [event, setEvent] = useState<string>('alert.triggered');
  const [alertId, setAlertId] = useState('');
  // Render with a recent real alert as well as the sample (what OnCall's editor offers too).
  const recent = useQuery({
    queryKey: keys.alertPreviewChoices(),
    queryFn: () => must(api.GET('/api/alerts', { params: { query: { status: 'any', limit: 20 } } })),
    staleTime: 30_000,
  });
  const preview = useTemplatePreview(props.kind, props.text, event, alertId);
  const id = useId();
  const others = preview.problems;
  const invalid = !!preview.problem || others.length > 0;
  return (
    <div className="workbench">
      <div className="workbench-editor">
        {props.text !== null && props.onChange ? (
          <TemplateEditor label={props.label ?? 'Template body (JSON)'} value={props.text} onChange={props.onChange} problem={preview.problem} />
        ) : (
          <p className="muted">
            {props.kind === 'native'
              ? 'Native webhooks send Klaxon’s fixed, signed JSON: no template.'
              : 'This destination uses Klaxon’s provider-ready default template.'}
          </p>
        )}
        {others.length > 0 && (
          <ul className="error tpl-others" role="alert">
            {others.map((p, i) => (
              <li key={i}><code>{p.field}</code>: {p.message}</li>
            ))}
          </ul>
        )}
      </div>
      <section className="workbench-preview" aria-labelledby={`${id}-title`}>
        <div className="row wrap preview-head">
          <h3 id={`${id}-title`} className="h3">Preview</h3>
          <span className="row small">
            <label htmlFor={`${id}-event`}>Event</label>
            <select id={`${id}-event`} value={event} onChange={(e) => setEvent(e.target.value)}>
              {EVENT_KINDS.map((k) => <option key={k} value={k}>{EVENT_LABEL[k]}</option>)}
            </select>
          </span>
        </div>
        <div className="row wrap preview-head">
          <span className="row small grow-label">
            <label htmlFor={`${id}-alert`}>Alert</label>
            <select id={`${id}-alert`} value={alertId} onChange={(e) => setAlertId(e.target.value)}>
              <option value="">Sample alert</option>
              {(recent.data ?? []).map((a) => <option key={a.id} value={a.id}>{a.title.length > 60 ? `${a.title.slice(0, 59)}…` : a.title}</option>)}
            </select>
          </span>
          {/* Only the outcome is announced, not every "Rendering…" while a person types. */}
          <span className="muted small" aria-hidden="true">{preview.busy ? 'Rendering…' : ''}</span>
          <span className="muted small" role="status" data-testid="preview-status">
            {invalid ? 'Fix the template to see the preview' : preview.error ? '' : alertId ? 'Rendered for this alert' : 'Rendered for a sample alert'}
          </span>
        </div>
        {preview.error && <p className="error" role="alert">{preview.error}</p>}
        {preview.warnings.length > 0 && (
          <ul className="preview-warnings" aria-label="Provider warnings">
            {preview.warnings.map((w, i) => (
              <li key={i}><span aria-hidden="true">⚠</span> <code>{w.pointer || '/'}</code> {w.message}</li>
            ))}
          </ul>
        )}
        <pre className={`code preview-body${invalid ? ' stale' : ''}`} tabIndex={0} aria-label="Rendered body" data-testid="preview-body">
          {preview.body === undefined ? (preview.busy ? 'Rendering…' : '') : JSON.stringify(preview.body, null, 2)}
        </pre>
      </section>
    </div>
  );
}
