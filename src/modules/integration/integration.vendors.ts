import { createHash } from 'node:crypto';
import { AppError, type FieldProblem } from '../../lib/errors.ts';
import { BODY_MAX, TITLE_MAX, fittedKey, type Priority, type Signal } from '../alert/index.ts';
import { sanitizeLine, truncateCodePoints } from '../../lib/text.ts';

/**
 * Vendor payload parsers (spec 2.5; wire formats in reference/contracts.md 2–4). Each turns one
 * request into items; each item is routed on its own attributes (spec 2.4). Parsers never read a
 * service id from the payload: routing attributes only ever match stored rules.
 * docs/adr/0200-vendor-sources.md records the field choices.
 */
export interface VendorItem {
  signal: Signal;
  /** String attributes the routing rules match on (labels, tags, routing object). */
  attributes: Record<string, string>;
}

/** A string that still says something once control characters and blanks are gone, else undefined. */
const present = (v: unknown): string | undefined => (typeof v === 'string' && sanitizeLine(v) !== '' ? v : undefined);

/**
 * A vendor's signal within Klaxon's limits. Its sender cannot shorten what it sends, and
 * Alertmanager, Grafana and Datadog do not retry a 4xx: one long annotation would drop the whole
 * batch, pages included. So the title and body are cut to their limits (as the email source does)
 * and a key longer than an event key may be becomes its stable digest (docs/adr/0200).
 */
const fitted = (s: Signal & { title: string; eventKey: string; body: string }): Signal => ({
  ...s,
  title: truncateCodePoints(s.title, TITLE_MAX),
  eventKey: fittedKey(s.eventKey),
  body: truncateCodePoints(s.body, BODY_MAX),
});

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Only the string values of an object (labels, routing objects); anything else is ignored. */
export function stringValues(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(v)) return out;
  for (const [k, val] of Object.entries(v)) if (typeof val === 'string') out[k] = val;
  return out;
}

export const badPayload = (message: string, field = 'body'): AppError =>
  new AppError('invalid_request', message, { details: [{ field, message }] });

/** Undoes Go's regexp.QuoteMeta, which Alertmanager and Grafana apply to `receiver`. */
export const unquoteMeta = (s: string): string => s.replace(/\\([\\.+*?()|[\]{}^$])/g, '$1');

/** The `severity` label most Prometheus and Grafana rules carry, mapped to a priority. */
const SEVERITY: Record<string, Priority> = {
  critical: 'critical',
  crit: 'critical',
  page: 'critical',
  p1: 'critical',
  error: 'high',
  high: 'high',
  major: 'high',
  p2: 'high',
  warning: 'medium',
  warn: 'medium',
  medium: 'medium',
  p3: 'medium',
  low: 'low',
  minor: 'low',
  p4: 'low',
  info: 'info',
  informational: 'info',
  none: 'info',
  p5: 'info',
};
export const priorityFromSeverity = (v: string | undefined): Priority | undefined => (v ? SEVERITY[v.toLowerCase()] : undefined);

/** A label set's identity when a sender left out the fingerprint: a hash of the sorted labels. */
const labelsKey = (labels: Record<string, string>): string =>
  createHash('sha256')
    .update(JSON.stringify(Object.keys(labels).sort().map((k) => [k, labels[k]])))
    .digest('hex')
    .slice(0, 16);

/**
 * Alertmanager webhook v4 and Grafana unified alerting share one data model: `alerts[]`, each
 * with status, labels, annotations and a fingerprint.
 */
function parseAlertList(body: unknown, source: 'alertmanager' | 'grafana'): VendorItem[] {
  if (!isObject(body) || !Array.isArray(body.alerts)) {
    const hint =
      source === 'grafana' && isObject(body) && ('ruleName' in body || 'evalMatches' in body)
        ? ' This looks like a legacy (pre-8) Grafana alert; use a unified alerting webhook contact point.'
        : '';
    throw badPayload(`Expected ${source === 'grafana' ? 'a Grafana unified alerting' : 'an Alertmanager webhook (version 4)'} payload with an "alerts" array.${hint}`, 'alerts');
  }
  const receiver = typeof body.receiver === 'string' ? unquoteMeta(body.receiver) : undefined;
  const problems: FieldProblem[] = [];
  const items: VendorItem[] = [];
  body.alerts.forEach((a, i) => {
    if (!isObject(a)) {
      problems.push({ field: `alerts[${i}]`, message: 'must be an object' });
      return;
    }
    if (a.status !== 'firing' && a.status !== 'resolved') {
      problems.push({ field: `alerts[${i}].status`, message: 'must be firing or resolved' });
      return;
    }
    const labels = stringValues(a.labels);
    const annotations = stringValues(a.annotations);
    const fingerprint = present(a.fingerprint) ?? labelsKey(labels);
    const name = present(labels.alertname);
    const summary = present(annotations.summary) ?? present(annotations.title);
    const title = name && summary ? `${name}: ${summary}` : (summary ?? name ?? `${source} alert ${fingerprint}`);
    const bodyText = [annotations.description ?? annotations.message, str(a.generatorURL)].filter(Boolean).join('\n\n');
    items.push({
      signal: fitted({
        action: a.status === 'resolved' ? 'resolve' : 'trigger',
        title,
        eventKey: fingerprint,
        body: bodyText,
        priority: priorityFromSeverity(labels.severity ?? labels.priority),
        source,
        details: {
          labels,
          annotations,
          starts_at: a.startsAt,
          ends_at: a.endsAt,
          generator_url: a.generatorURL,
          ...(receiver !== undefined ? { receiver } : {}),
          ...(typeof body.groupKey === 'string' ? { group_key: body.groupKey } : {}),
          ...(source === 'grafana'
            ? { dashboard_url: a.dashboardURL, panel_url: a.panelURL, silence_url: a.silenceURL, values: a.values }
            : { external_url: body.externalURL }),
        },
      }),
      attributes: labels,
    });
  });
  if (problems.length) throw new AppError('invalid_request', problems.map((p) => `${p.field} ${p.message}`).join('; '), { details: problems });
  return items;
}

export const parseAlertmanager = (body: unknown): VendorItem[] => parseAlertList(body, 'alertmanager');
export const parseGrafana = (body: unknown): VendorItem[] => parseAlertList(body, 'grafana');

/** Datadog `$ALERT_PRIORITY` → priority (spec 2.5). */
const DATADOG_PRIORITY: Record<string, Priority> = { P1: 'critical', P2: 'high', P3: 'medium', P4: 'low', P5: 'info' };

/**
 * `key:value` tags from a `$TAGS` / `$ALERT_SCOPE` string ("a:b, c:d") or an array. Tags without
 * a colon carry no value and are skipped; the first value of a repeated key wins.
 */
export function parseDatadogTags(v: unknown): Record<string, string> {
  const list = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? v.split(',') : [];
  const out: Record<string, string> = {};
  for (const raw of list) {
    const tag = raw.trim();
    const i = tag.indexOf(':');
    if (i <= 0) continue;
    const key = tag.slice(0, i);
    if (!(key in out)) out[key] = tag.slice(i + 1);
  }
  return out;
}

const RECOVERED = new Set(['recovered']);
const transitionOf = (p: Record<string, unknown>): string | undefined => {
  const t = str(p.alert_transition) ?? str(p.transition);
  if (t) return t;
  // Datadog's default payload has no transition: its event title starts "[Recovered]" / "[Triggered…]".
  const m = /^(?:\[P[1-5]\]\s*)?\[(Triggered|Re-Triggered|Recovered|Warn|Re-Warn|No Data|Re-No Data|Renotify)\b/.exec(str(p.title) ?? '');
  return m?.[1];
};
/** "[P1] [Triggered on {host:a}] Disk full" → "Disk full": the condition without its transition. */
const stripTitlePrefixes = (t: string): string => t.replace(/^(?:\s*\[[^\]]*\]\s*)+/, '').trim() || t;

function parseDatadogOne(p: unknown, field: string): VendorItem {
  if (!isObject(p)) throw badPayload(`${field} must be a Datadog webhook payload (a JSON object).`, field);
  const transition = transitionOf(p);
  const resolve = transition ? RECOVERED.has(transition.toLowerCase()) : p.alert_type === 'success';
  const rawPriority = str(p.priority) ?? str(p.alert_priority);
  const priority = rawPriority ? DATADOG_PRIORITY[rawPriority.toUpperCase()] : undefined;
  const eventTitle = present(p.title);
  const title = present(p.alert_title) ?? (eventTitle ? stripTitlePrefixes(eventTitle) : undefined) ?? present(p.alert_status);
  const alertId = present(p.alert_id);
  const scope = present(p.alert_scope);
  // $ALERT_CYCLE_KEY links every event from trigger to recovery; otherwise monitor id + scope
  // (contracts.md 4), and as a last resort the title without its transition prefix.
  const eventKey =
    present(p.alert_cycle_key) ?? (alertId ? (scope ? `${alertId}:${scope}` : alertId) : undefined) ?? present(p.aggreg_key) ?? title;
  if (!eventKey) throw badPayload(`${field} has neither alert_cycle_key, alert_id nor title; configure the Datadog payload as documented.`, field);
  const attributes = { ...parseDatadogTags(p.tags), ...parseDatadogTags(p.alert_scope), ...stringValues(p.routing) };
  return {
    signal: fitted({
      action: resolve ? 'resolve' : 'trigger',
      title: title ?? eventKey,
      eventKey,
      body: [str(p.body) ?? str(p.text_only_msg) ?? '', str(p.link) ?? ''].filter(Boolean).join('\n\n'),
      priority,
      source: 'datadog',
      details: {
        transition: transition ?? null,
        alert_id: alertId ?? null,
        alert_type: p.alert_type ?? null,
        event_type: p.event_type ?? null,
        hostname: p.hostname ?? null,
        scope: scope ?? null,
        link: p.link ?? null,
        tags: attributes,
      },
    }),
    attributes,
  };
}

/**
 * Datadog sends one JSON object per monitor event (the payload template is the user's; fields
 * read are listed in docs/adr/0200-vendor-sources.md). A JSON array of such objects is a batch.
 */
export function parseDatadog(body: unknown): VendorItem[] {
  if (Array.isArray(body)) return body.map((p, i) => parseDatadogOne(p, `[${i}]`));
  return [parseDatadogOne(body, 'body')];
}
