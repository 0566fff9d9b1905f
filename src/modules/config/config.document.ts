import { LineCounter, parseDocument, stringify, isNode, type Document } from 'yaml';
import Value from 'typebox/value';
import { ConfigDocumentSchema, type ConfigDocument, type ConfigLevel, type ConfigSchedule, type ConfigService, type ConfigStep, type ConfigWebhook, type ConfigWindow } from './config.schemas.ts';

/**
 * The configuration document, pure: its canonical form (one order and one spelling of every
 * object, defaults left out, so export is stable and a diff shows only real changes), YAML in and
 * out, and the line and column of any place in the file (docs/adr/0850).
 */

export type Path = (string | number)[];

/** A problem with the document, at a place in it. */
export class DocumentError extends Error {
  constructor(
    message: string,
    readonly path: Path,
  ) {
    super(message);
  }
}

const PRIORITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sorted = (xs: string[]) => [...xs].sort(cmp);

/** An instant as one spelling (UTC, milliseconds), or the text as given when it is not one. */
export function instant(s: string): string {
  const t = Date.parse(s);
  return /\d{4}-\d{2}-\d{2}T/.test(s) && Number.isFinite(t) ? new Date(t).toISOString() : s;
}

function steps(list: ConfigStep[]): ConfigStep[] {
  return [...list]
    .map((s) => ({ channel: s.channel, delay_seconds: s.delay_seconds, ...(s.destination !== undefined ? { destination: s.destination } : {}) }))
    .sort((a, b) => a.delay_seconds - b.delay_seconds || cmp(a.channel, b.channel) || cmp(a.destination ?? '', b.destination ?? ''));
}

export function canonicalLevel(l: ConfigLevel): ConfigLevel {
  const channels: NonNullable<ConfigLevel['channels']> = {};
  for (const p of PRIORITIES) if (l.channels?.[p]) channels[p] = steps(l.channels[p]!);
  return {
    level: l.level,
    timeout_minutes: l.timeout_minutes,
    layers: [...l.layers]
      .sort((a, b) => a.precedence - b.precedence || byName(a, b))
      .map((y) => ({
        name: y.name,
        precedence: y.precedence,
        rotation: { unit: y.rotation.unit, length: y.rotation.length, handoff_local: y.rotation.handoff_local, participants: y.rotation.participants.map((p) => p.toLowerCase()) },
        ...(y.restrictions?.length ? { restrictions: y.restrictions.map((r) => ({ days: r.days, start: r.start, end: r.end })) } : {}),
        ...(y.effective_from ? { effective_from: instant(y.effective_from) } : {}),
        ...(y.effective_until ? { effective_until: instant(y.effective_until) } : {}),
      })),
    ...(Object.keys(channels).length ? { channels } : {}),
  };
}

export function canonicalSchedule(s: ConfigSchedule): ConfigSchedule {
  return {
    name: s.name,
    ...(s.description ? { description: s.description } : {}),
    time_zone: s.time_zone,
    ...(s.repeat ? { repeat: s.repeat } : {}),
    levels: [...s.levels].sort((a, b) => a.level - b.level).map(canonicalLevel),
  };
}

export function canonicalService(s: ConfigService): ConfigService {
  return {
    name: s.name,
    ...(s.description ? { description: s.description } : {}),
    ...(s.schedule ? { schedule: s.schedule } : {}),
    ...(s.ack_timeout_minutes != null ? { ack_timeout_minutes: s.ack_timeout_minutes } : {}),
    ...(s.auto_resolve_minutes != null ? { auto_resolve_minutes: s.auto_resolve_minutes } : {}),
    ...(s.routing?.length
      ? {
          routing: s.routing.map((r) => ({
            name: r.name,
            ...(r.priorities?.length ? { priorities: r.priorities } : {}),
            ...(r.urgencies?.length ? { urgencies: r.urgencies } : {}),
            ...(r.time_window ? { time_window: { time_zone: r.time_window.time_zone, days: r.time_window.days, start: r.time_window.start, end: r.time_window.end } } : {}),
            schedule: r.schedule,
          })),
        }
      : {}),
    ...(s.sources?.length
      ? {
          sources: [...s.sources]
            .sort((a, b) => cmp(a.kind, b.kind) || byName(a, b))
            .map((x) => ({
              kind: x.kind,
              name: x.name,
              ...(x.rules?.length ? { rules: x.rules.map((r) => ({ attribute: r.attribute, value: r.value, service: r.service })) } : {}),
              ...(x.mapping && Object.keys(x.mapping).length ? { mapping: Object.fromEntries(Object.entries(x.mapping).sort(([a], [b]) => cmp(a, b))) } : {}),
            })),
        }
      : {}),
    ...(s.heartbeats?.length
      ? {
          heartbeats: [...s.heartbeats].sort(byName).map((h) => ({
            name: h.name,
            interval_seconds: h.interval_seconds,
            ...((h.grace_seconds ?? 60) !== 60 ? { grace_seconds: h.grace_seconds } : {}),
            ...((h.priority ?? 'high') !== 'high' ? { priority: h.priority } : {}),
            ...(h.enabled === false ? { enabled: false } : {}),
          })),
        }
      : {}),
  };
}

export function canonicalWebhook(w: ConfigWebhook): ConfigWebhook {
  return {
    name: w.name,
    kind: w.kind,
    url: w.url,
    events: sorted(w.events),
    ...(w.services ? { services: sorted(w.services) } : {}),
    ...(w.template ? { template: w.template } : {}),
    ...(w.headers && Object.keys(w.headers).length ? { headers: Object.fromEntries(Object.entries(w.headers).sort(([a], [b]) => cmp(a.toLowerCase(), b.toLowerCase()))) } : {}),
    ...(w.enabled === false ? { enabled: false } : {}),
  };
}

export function canonicalWindow(m: ConfigWindow): ConfigWindow {
  return {
    name: m.name,
    services: sorted(m.services),
    ...(m.start ? { start: instant(m.start) } : {}),
    ...(m.end ? { end: instant(m.end) } : {}),
    ...(m.recurrence ? { recurrence: { time_zone: m.recurrence.time_zone, days: m.recurrence.days, start: m.recurrence.start, duration_minutes: m.recurrence.duration_minutes } } : {}),
    ...(m.page_when_over === false ? { page_when_over: false } : {}),
  };
}

/** One order, one spelling: what export writes and what plan compares. */
export function canonical(doc: ConfigDocument): ConfigDocument {
  return {
    version: 1,
    schedules: [...(doc.schedules ?? [])].sort(byName).map(canonicalSchedule),
    services: [...(doc.services ?? [])].sort(byName).map(canonicalService),
    webhooks: [...(doc.webhooks ?? [])].sort(byName).map(canonicalWebhook),
    maintenance_windows: [...(doc.maintenance_windows ?? [])].sort(byName).map(canonicalWindow),
  };
}

const HEADER = '# Klaxon configuration (klaxon config export). Schema: /api/config-schema.json\n';

/** The document as YAML text: the same organization gives the same bytes. */
export function toYaml(doc: ConfigDocument): string {
  return HEADER + stringify(canonical(doc), { lineWidth: 0, indent: 2, indentSeq: true, sortMapEntries: false, aliasDuplicateObjects: false });
}

/** A parsed file: the document and where each of its places is. */
export interface ParsedFile {
  doc: ConfigDocument;
  /** Line and column (from 1) of a place, or of the nearest enclosing one present. */
  locate(path: Path): { line: number; col: number };
}

/** A problem in the file, with its line and column. */
export class FileError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly col: number,
  ) {
    super(message);
  }
}

/** Parses and validates the text against the JSON Schema; the first problems throw with their line. */
export function parseConfig(text: string): ParsedFile {
  const lines = new LineCounter();
  const ydoc: Document = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  if (ydoc.errors.length) {
    const e = ydoc.errors[0]!;
    const pos = e.linePos?.[0] ?? { line: 1, col: 1 };
    throw new FileError(`not a YAML document: ${e.message.split('\n')[0]}`, pos.line, pos.col);
  }
  const locate = (path: Path) => {
    for (let n = path.length; n >= 0; n--) {
      const node = n === 0 ? ydoc.contents : ydoc.getIn(path.slice(0, n), true);
      if (isNode(node) && node.range) return lines.linePos(node.range[0]);
    }
    return { line: 1, col: 1 };
  };
  const data = ydoc.toJS() as unknown;
  const errors = [...Value.Errors(ConfigDocumentSchema, data)];
  if (errors.length) {
    const e = errors.find((x) => x.keyword === 'boolean') ?? errors.find((x) => x.keyword !== 'anyOf' && x.keyword !== 'additionalProperties') ?? errors[0]!;
    const path = e.instancePath.split('/').slice(1).map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/~1/g, '/').replace(/~0/g, '~')));
    const what = e.keyword === 'boolean' ? `unknown field "${path[path.length - 1]}"` : `${e.instancePath || 'the document'} ${e.message}`;
    const { line, col } = locate(path);
    throw new FileError(`${what} (see /api/config-schema.json)`, line, col);
  }
  return { doc: data as ConfigDocument, locate };
}
