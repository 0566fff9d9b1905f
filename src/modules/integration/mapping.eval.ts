import jsonata from 'jsonata';

/**
 * Evaluation of a custom mapping (docs/adr/0201, 0501), as the mapping sandbox process runs it:
 * JSONata only, no module of the application (the process's bundle stays small and its start
 * quick). It returns each item's raw field values, as strings cut to what the caller can use; the
 * caller (integration.mapping.ts) turns them into signals. Every bound here is cooperative: the
 * sandbox (mapping.sandbox.ts) also kills the process past a hard deadline or its memory limit.
 */
export const MAPPING_FIELDS = ['items', 'title', 'event_key', 'priority', 'urgency', 'action', 'body', 'source', 'routing'] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
export type Mapping = Partial<Record<MappingField, string>> & { title: string };

export const ITEMS_MAX = 100;
/** Values one sequence, range or `$split` may hold. */
export const SEQUENCE_MAX = 1000;
const EVAL_STACK = 100;
/** `$pad` builds its whole result in one native step the time bound cannot interrupt. */
const PAD_MAX = 10_000;

/**
 * The most of each field the caller can use, in UTF-16 units: enough to tell that a text is over
 * its limit (a code point is at most two units) and to cut it as the caller does. Bounds what a
 * mapping can send back, whatever it computes.
 */
export const OUTPUT_MAX: Record<Exclude<MappingField, 'items' | 'routing'>, number> = {
  title: 2 * 1024 + 2,
  event_key: 2 * 255 + 2,
  priority: 64,
  urgency: 64,
  action: 64,
  body: 2 * 64 * 1024 + 2,
  source: 2 * 1024,
};
/** Routing attributes a mapping may give; names and values past a rule's own limits can match no rule. */
export const ROUTING_ATTRIBUTES_MAX = 100;
const ROUTING_NAME_MAX = 200;
const ROUTING_VALUE_MAX = 1000;

/** One item's values: strings (numbers and booleans as text), or the routing attributes. */
export interface RawItem {
  values: Partial<Record<Exclude<MappingField, 'items' | 'routing'>, string>>;
  /** Undefined without a routing expression or value; null when it gave something not an object. */
  routing?: Record<string, string> | null;
}

/** Why an evaluation stopped: the field, the item, and what to tell the sender. */
export interface MappingFailure {
  field: MappingField;
  item: number;
  reason: string;
  /** True for the bounds (time, memory, depth, sizes): what a trial on an empty payload reports. */
  bound: boolean;
}
export class MappingFailed extends Error {
  constructor(readonly failure: MappingFailure) {
    super(`mapping.${failure.field}: ${failure.reason}`);
  }
}

class NoRegex {
  constructor() {
    throw { code: 'KLAXON01', message: 'regular expressions are not allowed in mappings' };
  }
}
// One options object for every compiled expression: JSONata reads `timeout` when a step checks
// it, so setting it before each evaluation makes it the time left to the whole request.
const OPTIONS = { timeout: 1, stack: EVAL_STACK, sequence: SEQUENCE_MAX, RegexEngine: NoRegex as unknown as RegExpConstructor };
const FORBIDDEN_BINDINGS = {
  eval: () => {
    throw { code: 'KLAXON02', message: '$eval is not allowed in mappings' };
  },
};

// The builtins, called through JSONata so that results and errors are its own; compiled on first
// use (this module is loaded by processes that never evaluate a mapping).
let builtinPad: jsonata.Expression | undefined;
let builtinSplit: jsonata.Expression | undefined;

async function boundedPad(s: unknown, width: unknown, char: unknown): Promise<unknown> {
  if (typeof width === 'number' && Math.abs(width) > PAD_MAX) {
    throw { code: 'KLAXON03', message: `$pad widths are limited to ${PAD_MAX.toLocaleString('en')} characters in mappings` };
  }
  return (builtinPad ??= jsonata('$pad($s, $w, $c)')).evaluate(null, { s, w: width, c: char });
}

/** `$split` makes its array natively, outside the sequence bound: asked for one value more than allowed. */
async function boundedSplit(s: unknown, separator: unknown, limit: unknown): Promise<unknown> {
  const asked = typeof limit === 'number' ? limit : undefined;
  const capped = asked !== undefined && asked >= 0 ? Math.min(asked, SEQUENCE_MAX + 1) : asked === undefined ? SEQUENCE_MAX + 1 : asked;
  const parts = (await (builtinSplit ??= jsonata('$split($s, $sep, $l)')).evaluate(null, { s, sep: separator, l: capped })) as unknown;
  if (Array.isArray(parts) && parts.length > SEQUENCE_MAX) {
    throw { code: 'KLAXON04', message: `$split produced more than ${SEQUENCE_MAX.toLocaleString('en')} values` };
  }
  return parts;
}

const compiled = new Map<string, jsonata.Expression>();
function compile(expr: string): jsonata.Expression {
  let e = compiled.get(expr);
  if (!e) {
    e = jsonata(expr, OPTIONS);
    // The builtins' signatures: the string may come from the context (`name.$pad(10)`).
    e.registerFunction('pad', boundedPad, '<s-n?s?:s>');
    e.registerFunction('split', boundedSplit, '<s-(sf)n?:a<s>>');
    if (compiled.size > 5000) compiled.delete(compiled.keys().next().value!);
    compiled.set(expr, e);
  }
  return e;
}

/** What an evaluation error says to the sender, and whether it is one of the bounds. */
function explain(e: unknown, budgetMs: number): { reason: string; bound: boolean } {
  const err = e as { code?: string; message?: string; name?: string };
  switch (err.code) {
    case 'D1012':
      return { reason: `took too long (a request's mapping may run ${budgetMs} ms in all)`, bound: true };
    case 'D1011':
      return { reason: `nested too deeply (recursion deeper than ${EVAL_STACK})`, bound: true };
    case 'D2014':
    case 'D2015':
      return { reason: `produced too many values (at most ${SEQUENCE_MAX.toLocaleString('en')} in a sequence)`, bound: true };
    case 'KLAXON03':
    case 'KLAXON04':
      return { reason: err.message!, bound: true };
    default:
      // The engine's own limits: a string or array too long for V8, or its stack.
      if (err instanceof RangeError) return { reason: `ran out of room (${err.message})`, bound: true };
      return { reason: err.message ?? 'failed', bound: false };
  }
}

const scalarString = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

/** The routing attributes of a value: its string values, within a rule's limits. */
function routingOf(v: unknown, item: number): Record<string, string> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > ROUTING_ATTRIBUTES_MAX) {
    throw new MappingFailed({ field: 'routing', item, reason: `produced ${entries.length} attributes; at most ${ROUTING_ATTRIBUTES_MAX}`, bound: true });
  }
  const out: Record<string, string> = {};
  for (const [k, val] of entries) if (typeof val === 'string' && k.length <= ROUTING_NAME_MAX && val.length <= ROUTING_VALUE_MAX) out[k] = val;
  return out;
}

export interface EvaluateOptions {
  /** Wall-clock milliseconds the whole request's mapping may take (a resource bound, not business time). */
  budgetMs: number;
  /** Called before each expression runs (the sandbox records it, so a killed evaluation names its field). */
  onField?: (field: MappingField, item: number) => void;
  /**
   * Save-time check: each expression once, on an empty payload. Only a bound counts (an
   * expression that needs its payload may fail without one).
   */
  trial?: boolean;
}

/**
 * Evaluates a mapping on a payload. Without `items` the payload is one item; with it, `items`
 * selects an array (at most ITEMS_MAX) and the other expressions run on each element, with the
 * whole payload as `$payload`. Throws MappingFailed.
 */
export async function evaluateMapping(mapping: Mapping, payload: unknown, opts: EvaluateOptions): Promise<RawItem[]> {
  const deadline = Date.now() + opts.budgetMs;
  const run = async (field: MappingField, input: unknown, item: number): Promise<unknown> => {
    const expr = mapping[field];
    if (!expr) return undefined;
    opts.onField?.(field, item);
    const left = deadline - Date.now();
    try {
      if (left <= 0) throw { code: 'D1012' };
      OPTIONS.timeout = left;
      return await compile(expr).evaluate(input, { payload, ...FORBIDDEN_BINDINGS });
    } catch (e) {
      const { reason, bound } = explain(e, opts.budgetMs);
      if (opts.trial && !bound) return undefined;
      throw new MappingFailed({ field, item, reason, bound });
    }
  };

  let inputs: unknown[] = [payload];
  if (opts.trial) {
    inputs = [{}];
    await run('items', {}, 0);
  } else if (mapping.items) {
    const r = await run('items', payload, 0);
    inputs = r === undefined ? [] : Array.isArray(r) ? [...r] : [r];
    if (inputs.length > ITEMS_MAX) throw new MappingFailed({ field: 'items', item: 0, reason: `produced ${inputs.length} items; at most ${ITEMS_MAX} a request`, bound: true });
  }
  const items: RawItem[] = [];
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    const values: RawItem['values'] = {};
    for (const field of ['action', 'priority', 'urgency', 'title', 'event_key', 'body', 'source'] as const) {
      const text = scalarString(await run(field, input, i));
      if (text !== undefined) values[field] = text.length > OUTPUT_MAX[field] ? text.slice(0, OUTPUT_MAX[field]) : text;
    }
    const item: RawItem = { values };
    if (mapping.routing) {
      const routing = await run('routing', input, i);
      if (routing !== undefined) item.routing = routingOf(routing, i);
    }
    items.push(item);
  }
  return items;
}
