import jsonata from 'jsonata';
import { AppError, type FieldProblem } from '../../lib/errors.ts';
import { BODY_MAX, PRIORITIES, TITLE_MAX, URGENCIES, type Priority, type Signal, type Urgency } from '../alert/index.ts';
import { truncateCodePoints } from '../../lib/text.ts';
import { type VendorItem, isObject, stringValues } from './integration.vendors.ts';

/**
 * Custom mappings (spec 2.5, docs/adr/0201-custom-mapping-jsonata.md): each field is a JSONata
 * expression over the vendor payload. JSONata is a query and transformation language with no
 * access to JavaScript, the file system or the network; Klaxon also forbids regular expressions
 * (a pattern cannot be interrupted once it runs) and `$eval`, and bounds every evaluation in
 * time, depth and sequence length.
 */
export const MAPPING_FIELDS = ['items', 'title', 'event_key', 'priority', 'urgency', 'action', 'body', 'source', 'routing'] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
export type Mapping = Partial<Record<MappingField, string>> & { title: string };

export const EXPRESSION_MAX = 2000;
export const ITEMS_MAX = 100;
/** Wall-clock budget of one expression evaluation (a resource bound, not business time). */
const EVAL_TIMEOUT_MS = 50;
const EVAL_STACK = 100;
const EVAL_SEQUENCE = 1000;

class NoRegex {
  constructor() {
    throw { code: 'KLAXON01', message: 'regular expressions are not allowed in mappings' };
  }
}
const OPTIONS = { timeout: EVAL_TIMEOUT_MS, stack: EVAL_STACK, sequence: EVAL_SEQUENCE, RegexEngine: NoRegex as unknown as RegExpConstructor };
const FORBIDDEN_BINDINGS = {
  eval: () => {
    throw { code: 'KLAXON02', message: '$eval is not allowed in mappings' };
  },
};

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

/**
 * `$pad` builds its whole result in one native step, which the time bound cannot interrupt:
 * `$pad("x", 100000000)` took 318 ms and 100 MB, for every signal of the source. Mappings get a
 * `$pad` that refuses widths over PAD_MAX and otherwise is JSONata's own.
 */
const PAD_MAX = 10_000;
const builtinPad = jsonata('$pad($s, $w, $c)');
async function boundedPad(s: unknown, width: unknown, char: unknown): Promise<unknown> {
  if (typeof width === 'number' && Math.abs(width) > PAD_MAX) {
    throw { code: 'KLAXON03', message: `$pad widths are limited to ${PAD_MAX.toLocaleString('en')} characters in mappings` };
  }
  return builtinPad.evaluate(null, { s, w: width, c: char });
}

const compiled = new Map<string, jsonata.Expression>();
function compile(expr: string): jsonata.Expression {
  let e = compiled.get(expr);
  if (!e) {
    e = jsonata(expr, OPTIONS);
    // The builtin's signature: the string may come from the context (`name.$pad(10)`).
    e.registerFunction('pad', boundedPad, '<s-n?s?:s>');
    if (compiled.size > 5000) compiled.delete(compiled.keys().next().value!);
    compiled.set(expr, e);
  }
  return e;
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

async function run(expr: string, input: unknown, bindings: Record<string, unknown>, field: string): Promise<unknown> {
  try {
    return await compile(expr).evaluate(input, { ...bindings, ...FORBIDDEN_BINDINGS });
  } catch (e) {
    const err = e as { code?: string; message?: string };
    const why = err.code === 'D1012' ? 'took too long' : err.code === 'D1011' ? 'nested too deeply' : err.code === 'D2015' ? 'produced too many values' : (err.message ?? 'failed');
    throw new AppError('invalid_request', `mapping.${field} could not be evaluated on this payload: ${why}.`, { details: [{ field: `mapping.${field}`, message: why }] });
  }
}

const scalarString = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

function oneOf<T extends string>(v: unknown, allowed: readonly T[], field: string, problems: FieldProblem[]): T | undefined {
  const s = scalarString(v);
  if (s === undefined || s === '') return undefined;
  const low = s.toLowerCase();
  if (!(allowed as readonly string[]).includes(low)) {
    problems.push({ field: `mapping.${field}`, message: `produced "${s.slice(0, 50)}"; it must produce one of ${allowed.join(', ')}` });
    return undefined;
  }
  return low as T;
}

/**
 * Applies a custom mapping. Without `items` the payload is one signal; with it, `items` selects
 * an array and the other expressions run on each element (the whole payload is `$payload`).
 */
export async function applyMapping(mapping: Mapping, payload: unknown): Promise<VendorItem[]> {
  let inputs: unknown[] = [payload];
  if (mapping.items) {
    const r = await run(mapping.items, payload, {}, 'items');
    inputs = r === undefined ? [] : Array.isArray(r) ? [...r] : [r];
    if (inputs.length > ITEMS_MAX) throw new AppError('invalid_request', `mapping.items produced ${inputs.length} items; at most ${ITEMS_MAX} a request.`);
  }
  const items: VendorItem[] = [];
  for (const input of inputs) {
    const bindings = { payload };
    const val = async (f: MappingField) => (mapping[f] ? run(mapping[f]!, input, bindings, f) : undefined);
    const problems: FieldProblem[] = [];
    const action = oneOf<'trigger' | 'resolve'>(await val('action'), ['trigger', 'resolve'], 'action', problems) ?? 'trigger';
    // A resolve uses neither priority, urgency, title nor body: a value the mapping cannot turn
    // into one, or a text over its limit, must not keep the alert open (the sender does not retry a
    // 400, so the resolve would be lost). A trigger's are refused as before (docs/adr/0200).
    const resolving = action === 'resolve';
    const levels: FieldProblem[] = [];
    const priority = oneOf<Priority>(await val('priority'), PRIORITIES, 'priority', levels);
    const urgency = oneOf<Urgency>(await val('urgency'), URGENCIES, 'urgency', levels);
    if (!resolving) problems.push(...levels);
    const fit = (text: string | undefined, max: number) => (resolving && text !== undefined ? truncateCodePoints(text, max) : text);
    const title = fit(scalarString(await val('title')), TITLE_MAX);
    const eventKey = scalarString(await val('event_key'));
    const body = fit(scalarString(await val('body')), BODY_MAX);
    const source = scalarString(await val('source'));
    const routing = await val('routing');
    if (routing !== undefined && !isObject(routing)) problems.push({ field: 'mapping.routing', message: 'must produce an object of string attributes' });
    if (problems.length) throw new AppError('invalid_request', problems.map((p) => `${p.field} ${p.message}`).join('; '), { details: problems });
    const signal: Signal = { action, title, eventKey, body, priority, urgency, source: source ?? 'custom' };
    items.push({ signal, attributes: stringValues(routing) });
  }
  return items;
}
