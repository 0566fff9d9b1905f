import jsonata from 'jsonata';
import { AppError, type FieldProblem } from '../../lib/errors.ts';
import { BODY_MAX, PRIORITIES, TITLE_MAX, URGENCIES, type Priority, type Signal, type Urgency } from '../alert/index.ts';
import { truncateCodePoints } from '../../lib/text.ts';
import { type VendorItem, isObject } from './integration.vendors.ts';
import { MAPPING_FIELDS, type Mapping, type RawItem } from './mapping.eval.ts';

/**
 * Custom mappings (spec 2.5, docs/adr/0201-custom-mapping-jsonata.md): each field is a JSONata
 * expression over the vendor payload. JSONata is a query and transformation language with no
 * access to JavaScript, the file system or the network; Klaxon also forbids regular expressions
 * (a pattern cannot be interrupted once it runs) and `$eval`. This module checks a mapping when it
 * is stored and turns evaluated values into signals; the evaluation itself runs in the mapping
 * sandbox, a separate process with bounded time and memory (mapping.sandbox.ts, docs/adr/0501).
 */
export { MAPPING_FIELDS, ITEMS_MAX, type Mapping, type MappingField, type RawItem } from './mapping.eval.ts';

export const EXPRESSION_MAX = 2000;

/** Finds what a mapping may not use: regex literals and $eval. */
function forbiddenIn(ast: unknown): string | undefined {
  const seen = new Set<unknown>();
  const walk = (n: unknown): string | undefined => {
    if (typeof n !== 'object' || n === null || seen.has(n)) return undefined;
    seen.add(n);
    const node = n as { type?: unknown; value?: unknown; procedure?: { type?: unknown; value?: unknown } };
    if (node.type === 'regex') return 'regular expressions are not allowed; use $contains, $substringBefore, $split with a string, etc.';
    if (node.type === 'variable' && node.value === 'eval') return '$eval is not allowed';
    for (const v of Object.values(n)) {
      const found = walk(v);
      if (found) return found;
    }
    return undefined;
  };
  return walk(ast);
}

/** Checks a mapping when it is stored or previewed: known fields, strings, compiling expressions. */
export function validateMapping(m: unknown, field = 'mapping'): Mapping {
  if (!isObject(m)) throw new AppError('invalid_request', `${field} must be an object of JSONata expressions.`, { details: [{ field, message: 'must be an object' }] });
  const problems: FieldProblem[] = [];
  for (const [k, v] of Object.entries(m)) {
    const f = `${field}.${k}`;
    if (!(MAPPING_FIELDS as readonly string[]).includes(k)) {
      problems.push({ field: f, message: `is not a mapping field; use ${MAPPING_FIELDS.join(', ')}` });
      continue;
    }
    if (typeof v !== 'string' || !v.trim()) {
      problems.push({ field: f, message: 'must be a non-empty JSONata expression (a string)' });
      continue;
    }
    if (v.length > EXPRESSION_MAX) {
      problems.push({ field: f, message: `must be at most ${EXPRESSION_MAX} characters` });
      continue;
    }
    try {
      const bad = forbiddenIn(jsonata(v).ast());
      if (bad) problems.push({ field: f, message: bad });
    } catch (e) {
      problems.push({ field: f, message: `is not a valid JSONata expression: ${(e as { message?: string }).message ?? 'syntax error'}` });
    }
  }
  if (typeof m.title !== 'string' && !problems.some((p) => p.field === `${field}.title`)) {
    problems.push({ field: `${field}.title`, message: 'is required (a JSONata expression; a literal is written in quotes, e.g. "\'Alert\'")' });
  }
  if (problems.length) throw new AppError('invalid_request', problems.map((p) => `${p.field} ${p.message}`).join('; '), { details: problems });
  return m as Mapping;
}

function oneOf<T extends string>(s: string | undefined, allowed: readonly T[], field: string, problems: FieldProblem[]): T | undefined {
  if (s === undefined || s === '') return undefined;
  const low = s.toLowerCase();
  if (!(allowed as readonly string[]).includes(low)) {
    problems.push({ field: `mapping.${field}`, message: `produced "${s.slice(0, 50)}"; it must produce one of ${allowed.join(', ')}` });
    return undefined;
  }
  return low as T;
}

/**
 * Turns a mapping's evaluated values (one entry per item) into signals: the spec's values for
 * priority, urgency and action, the title and body within their limits, the routing attributes.
 */
export function toVendorItems(raw: RawItem[]): VendorItem[] {
  const items: VendorItem[] = [];
  for (const { values, routing } of raw) {
    const problems: FieldProblem[] = [];
    const action = oneOf<'trigger' | 'resolve'>(values.action, ['trigger', 'resolve'], 'action', problems) ?? 'trigger';
    // A resolve uses neither priority, urgency, title nor body: a value the mapping cannot turn
    // into one, or a text over its limit, must not keep the alert open (the sender does not retry a
    // 400, so the resolve would be lost). A trigger's are refused as before (docs/adr/0200).
    const resolving = action === 'resolve';
    const levels: FieldProblem[] = [];
    const priority = oneOf<Priority>(values.priority, PRIORITIES, 'priority', levels);
    const urgency = oneOf<Urgency>(values.urgency, URGENCIES, 'urgency', levels);
    if (!resolving) problems.push(...levels);
    const fit = (text: string | undefined, max: number) => (resolving && text !== undefined ? truncateCodePoints(text, max) : text);
    const title = fit(values.title, TITLE_MAX);
    const body = fit(values.body, BODY_MAX);
    if (routing === null) problems.push({ field: 'mapping.routing', message: 'must produce an object of string attributes' });
    if (problems.length) throw new AppError('invalid_request', problems.map((p) => `${p.field} ${p.message}`).join('; '), { details: problems });
    const signal: Signal = { action, title, eventKey: values.event_key, body, priority, urgency, source: values.source ?? 'custom' };
    items.push({ signal, attributes: routing ?? {} });
  }
  return items;
}
