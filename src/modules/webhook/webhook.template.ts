import type { FieldProblem } from '../../lib/errors.ts';

/**
 * The webhook template language of spec 2.7 (docs/adr/0460-webhook-template-language.md): JSON whose
 * string values may hold `{{ variable | filter(arg) | … }}`. Object keys are literal; a string that is
 * exactly one expression becomes the expression's JSON value, any other string is text. The context
 * is a closed set of variables and filters: no loops, arithmetic, property access, network or
 * secrets, so every mistake is found when a template is saved, with the JSON pointer and column.
 * Rendering never throws and is bounded in work and output.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The render context of spec 2.7. */
export const CONTEXT_VARIABLES = [
  'event', 'ts', 'alert_id', 'alert_url', 'title', 'body', 'priority', 'urgency', 'status', 'service_name', 'acked_by_email', 'resolved_by_email',
  // Beyond spec 2.7's list: who acknowledged and resolved by the name they set, else their email
  // (personName; issue 34 item 5), so chat messages name people.
  'acked_by_name', 'resolved_by_name',
  // ts in whole seconds since 1970, for Slack's <!date^…> that each reader sees in their own zone (issue 34 item 8).
  'ts_unix',
] as const;
export type ContextVariable = (typeof CONTEXT_VARIABLES)[number];
export const FILTERS = ['default', 'lower', 'upper', 'truncate', 'join', 'map', 'to_string', 'json', 'escape_mrkdwn', 'escape_html'] as const;
export type FilterName = (typeof FILTERS)[number];

/** Bounds (the reference's suggestion; 256 KB is PagerDuty's webhook maximum). */
export const TEMPLATE_MAX_BYTES = 64 * 1024;
export const TEMPLATE_MAX_EXPRESSIONS = 500;
export const TEMPLATE_MAX_FILTERS = 8;
export const TEMPLATE_MAX_DEPTH = 32;
export const RENDER_MAX_BYTES = 256 * 1024;
/** Characters the filters of one rendering may read in all: bounds its time with no timer. */
export const RENDER_MAX_WORK = 1024 * 1024;
export const TRUNCATE_MAX = 100_000;

interface FilterCall {
  name: FilterName;
  args: Json[];
  /** Index of the filter's name in its string (UTF-16 units). */
  at: number;
}
interface Expr {
  head: { variable: string } | { literal: Json };
  filters: FilterCall[];
}
type Part = string | Expr;
type Node =
  | { k: 'lit'; v: Json }
  | { k: 'arr'; items: Node[] }
  | { k: 'obj'; entries: [string, Node][] }
  | { k: 'text'; parts: Part[] }
  | { k: 'whole'; expr: Expr };

/** A checked template, ready to render any number of times. */
export interface CompiledTemplate {
  readonly root: Node;
  readonly expressions: number;
}

export type CompileResult = { ok: true; template: CompiledTemplate } | { ok: false; problems: FieldProblem[] };
export type RenderResult = { ok: true; value: Json; json: string } | { ok: false; reason: string };

/** RFC 6901 pointer segment. */
const segment = (k: string | number): string => String(k).replaceAll('~', '~0').replaceAll('/', '~1');

/** 1-based line and code-point column of a UTF-16 index in `s`. */
function position(s: string, index: number): string {
  let line = 1;
  let col = 1;
  for (let i = 0; i < index && i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10) {
      line++;
      col = 1;
    } else if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && s.charCodeAt(i - 1) >= 0xd800 && s.charCodeAt(i - 1) <= 0xdbff)) {
      col++;
    }
  }
  return line > 1 ? `line ${line}, column ${col}` : `column ${col}`;
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** Names other template languages use for ours (Liquid, Jinja, Go templates). */
const ALIASES: Record<string, string> = {
  upcase: 'upper', uppercase: 'upper', toupper: 'upper', capitalize: 'upper', downcase: 'lower', lowercase: 'lower', tolower: 'lower',
  escape: 'escape_html', html: 'escape_html', escape_markdown: 'escape_mrkdwn', markdown: 'escape_mrkdwn', mrkdwn: 'escape_mrkdwn',
  tojson: 'json', to_json: 'json', dump: 'json', string: 'to_string', str: 'to_string', tostring: 'to_string', truncatewords: 'truncate', trunc: 'truncate',
  default_if_none: 'default', d: 'default', replace: 'map', lookup: 'map', message: 'body', summary: 'title', severity: 'priority', service: 'service_name',
  url: 'alert_url', id: 'alert_id', timestamp: 'ts', time: 'ts', state: 'status', kind: 'event', type: 'event',
};

/** "; did you mean 'upper'?" for the closest known name, if one is close. */
export function didYouMean(name: string, known: readonly string[]): string {
  const lower = name.toLowerCase();
  const alias = ALIASES[lower];
  if (alias !== undefined && known.includes(alias)) return `; did you mean '${alias}'?`;
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = editDistance(lower, k);
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  if (best !== undefined && bestD <= Math.max(2, Math.floor(name.length / 3))) return `; did you mean '${best}'?`;
  const prefixed = known.find((k) => lower.length >= 3 && (k.startsWith(lower.slice(0, Math.max(3, Math.ceil(lower.length / 2)))) || lower.startsWith(k)));
  return prefixed ? `; did you mean '${prefixed}'?` : '';
}

class SyntaxProblem extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

const isIdentStart = (c: string) => /[A-Za-z_]/.test(c);
const isIdent = (c: string) => /[A-Za-z0-9_]/.test(c);
const shown = (c: string | undefined) => (c === undefined ? 'the end of the text' : `'${c}'`);

/** Parses the expressions of one string leaf (recursive descent over its characters). */
class LeafParser {
  i = 0;
  constructor(
    readonly s: string,
    readonly variables: ReadonlySet<string>,
  ) {}

  parts(): Part[] {
    const out: Part[] = [];
    let text = '';
    while (this.i < this.s.length) {
      const open = this.s.indexOf('{{', this.i);
      if (open < 0) {
        text += this.s.slice(this.i);
        break;
      }
      text += this.s.slice(this.i, open);
      if (text) out.push(text);
      text = '';
      this.i = open + 2;
      out.push(this.expr(open));
    }
    if (text) out.push(text);
    return out;
  }

  private ws() {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
  }

  private peek(): string | undefined {
    return this.s[this.i];
  }

  private endsHere(): boolean {
    return this.s.startsWith('}}', this.i);
  }

  private expr(open: number): Expr {
    this.ws();
    if (this.i >= this.s.length) throw new SyntaxProblem(`'{{' at ${position(this.s, open)} is never closed; end the expression with '}}' (for literal braces write {{ "{{" }})`, open);
    if (this.endsHere()) throw new SyntaxProblem(`empty expression at ${position(this.s, open)}; put a variable between '{{' and '}}'`, open);
    const headAt = this.i;
    let head: Expr['head'];
    const c = this.peek()!;
    if (isIdentStart(c)) {
      const name = this.ident();
      if (name === 'true' || name === 'false' || name === 'null') head = { literal: name === 'null' ? null : name === 'true' };
      else {
        if (!this.variables.has(name)) {
          throw new SyntaxProblem(`unknown variable '${name}' at ${position(this.s, headAt)}${didYouMean(name, [...this.variables])} (variables: ${[...this.variables].join(', ')})`, headAt);
        }
        head = { variable: name };
      }
    } else if (c === '"' || c === "'" || c === '-' || c === '[' || c === '{' || /[0-9]/.test(c)) {
      head = { literal: this.literal() };
    } else {
      throw this.unexpected();
    }
    const filters: FilterCall[] = [];
    for (;;) {
      this.ws();
      if (this.endsHere()) {
        this.i += 2;
        return { head, filters };
      }
      if (this.peek() !== '|') throw this.unexpected();
      this.i++;
      this.ws();
      const at = this.i;
      if (!this.peek() || !isIdentStart(this.peek()!)) throw new SyntaxProblem(`expected a filter name after '|' at ${position(this.s, at)}, found ${shown(this.peek())}`, at);
      const name = this.ident();
      if (!(FILTERS as readonly string[]).includes(name)) {
        throw new SyntaxProblem(`unknown filter '${name}' at ${position(this.s, at)}${didYouMean(name, FILTERS)} (filters: ${FILTERS.join(', ')})`, at);
      }
      this.ws();
      const args: Json[] = [];
      if (this.peek() === '(') {
        this.i++;
        this.ws();
        if (this.peek() !== ')') {
          for (;;) {
            this.ws();
            args.push(this.literal());
            this.ws();
            if (this.peek() === ',') {
              this.i++;
              continue;
            }
            if (this.peek() === ')') break;
            throw new SyntaxProblem(`expected ',' or ')' in the arguments of '${name}' at ${position(this.s, this.i)}, found ${shown(this.peek())}`, this.i);
          }
        }
        this.i++;
      }
      checkArguments(name as FilterName, args, this.s, at);
      filters.push({ name: name as FilterName, args, at });
      if (filters.length > TEMPLATE_MAX_FILTERS) throw new SyntaxProblem(`more than ${TEMPLATE_MAX_FILTERS} filters in one expression at ${position(this.s, at)}`, at);
    }
  }

  private unexpected(): SyntaxProblem {
    const c = this.peek();
    const at = this.i;
    if (c === undefined) return new SyntaxProblem(`expected '}}' at ${position(this.s, at)}; close the expression`, at);
    const why =
      c === '.' || c === '['
        ? ': templates have no property access; use a variable and filters'
        : /[+*/%<>=!?&-]/.test(c)
          ? ': templates have no operators or arithmetic; use filters such as default or map'
          : c === '}'
            ? "; close the expression with '}}'"
            : '';
    return new SyntaxProblem(`unexpected ${shown(c)} at ${position(this.s, at)}${why}`, at);
  }

  private ident(): string {
    const start = this.i;
    while (this.i < this.s.length && isIdent(this.s[this.i]!)) this.i++;
    return this.s.slice(start, this.i);
  }

  /** string ('…' or "…"), number, true, false, null, [literal, …] or {key: literal, …}. */
  private literal(depth = 0): Json {
    this.ws();
    const at = this.i;
    const c = this.peek();
    if (depth > 8) throw new SyntaxProblem(`literal nested too deeply at ${position(this.s, at)}`, at);
    if (c === '"' || c === "'") return this.string();
    if (c === '-' || (c !== undefined && /[0-9]/.test(c))) {
      const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.s.slice(this.i));
      if (!m) throw new SyntaxProblem(`malformed number at ${position(this.s, at)}`, at);
      this.i += m[0].length;
      const n = Number(m[0]);
      if (!Number.isFinite(n)) throw new SyntaxProblem(`number out of range at ${position(this.s, at)}`, at);
      return n;
    }
    if (c === '[') {
      this.i++;
      const items: Json[] = [];
      this.ws();
      if (this.peek() === ']') {
        this.i++;
        return items;
      }
      for (;;) {
        items.push(this.literal(depth + 1));
        this.ws();
        if (this.peek() === ',') {
          this.i++;
          continue;
        }
        if (this.peek() === ']') {
          this.i++;
          return items;
        }
        throw new SyntaxProblem(`expected ',' or ']' at ${position(this.s, this.i)}, found ${shown(this.peek())}`, this.i);
      }
    }
    if (c === '{') {
      this.i++;
      const obj: Record<string, Json> = {};
      this.ws();
      if (this.peek() === '}') {
        this.i++;
        return obj;
      }
      for (;;) {
        this.ws();
        const keyAt = this.i;
        const k = this.peek();
        let key: string;
        if (k === '"' || k === "'") key = this.string();
        else if (k !== undefined && isIdentStart(k)) key = this.ident();
        else if (k !== undefined && /[-0-9]/.test(k)) key = String(this.literal(depth + 1));
        else throw new SyntaxProblem(`expected a key at ${position(this.s, keyAt)}, found ${shown(k)}`, keyAt);
        this.ws();
        if (this.peek() !== ':') throw new SyntaxProblem(`expected ':' after the key '${key}' at ${position(this.s, this.i)}`, this.i);
        this.i++;
        Object.defineProperty(obj, key, { value: this.literal(depth + 1), enumerable: true, writable: true, configurable: true });
        this.ws();
        if (this.peek() === ',') {
          this.i++;
          continue;
        }
        if (this.peek() === '}') {
          this.i++;
          return obj;
        }
        throw new SyntaxProblem(`expected ',' or '}' at ${position(this.s, this.i)}, found ${shown(this.peek())}`, this.i);
      }
    }
    if (c !== undefined && isIdentStart(c)) {
      const word = this.ident();
      if (word === 'true') return true;
      if (word === 'false') return false;
      if (word === 'null') return null;
      throw new SyntaxProblem(`'${word}' at ${position(this.s, at)} is not a value: arguments are literals (quote text: '${word}')`, at);
    }
    throw new SyntaxProblem(`expected a value at ${position(this.s, at)}, found ${shown(c)}`, at);
  }

  private string(): string {
    const quote = this.s[this.i]!;
    const at = this.i;
    this.i++;
    let out = '';
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined) throw new SyntaxProblem(`text opened at ${position(this.s, at)} is never closed with ${quote}`, at);
      this.i++;
      if (c === quote) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.s[this.i++];
      const simple: Record<string, string> = { '\\': '\\', '"': '"', "'": "'", '/': '/', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
      if (e !== undefined && simple[e] !== undefined) out += simple[e];
      else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i, this.i + 4))) {
        out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + 4), 16));
        this.i += 4;
      } else throw new SyntaxProblem(`unknown escape '\\${e ?? ''}' at ${position(this.s, this.i - 2)}`, this.i - 2);
    }
  }
}

const typeName = (v: Json): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v === 'string' ? 'text' : `a ${typeof v}`);

function checkArguments(name: FilterName, args: Json[], s: string, at: number): void {
  const where = `at ${position(s, at)}`;
  const count = (n: number, what: string) => {
    if (args.length !== n) throw new SyntaxProblem(`filter '${name}' ${where} takes ${n === 0 ? 'no arguments' : what}, got ${args.length}`, at);
  };
  switch (name) {
    case 'default':
      count(1, 'one argument, the value to use instead of null or empty text: default("none")');
      return;
    case 'truncate': {
      count(1, `one argument, a whole number from 1 to ${TRUNCATE_MAX}: truncate(140)`);
      const n = args[0]!;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > TRUNCATE_MAX) {
        throw new SyntaxProblem(`filter 'truncate' ${where} needs a whole number from 1 to ${TRUNCATE_MAX}, got ${typeName(n)}${typeof n === 'number' ? ` ${n}` : ''}`, at);
      }
      return;
    }
    case 'join':
      count(1, 'one argument, the separator text: join(", ")');
      if (typeof args[0] !== 'string') throw new SyntaxProblem(`filter 'join' ${where} needs text as its separator, got ${typeName(args[0]!)}`, at);
      return;
    case 'map':
      count(1, 'one argument, an object of replacements: map({"critical": "red"})');
      if (args[0] === null || typeof args[0] !== 'object' || Array.isArray(args[0])) {
        throw new SyntaxProblem(`filter 'map' ${where} needs an object such as {"critical": "red"}, got ${typeName(args[0]!)}`, at);
      }
      return;
    default:
      count(0, '');
  }
}

/** Compiles and checks a template `{version: 1, body}` against the variables allowed. */
export function compileTemplate(template: unknown, opts: { field?: string; variables?: readonly string[] } = {}): CompileResult {
  const field = opts.field ?? 'template';
  const variables = new Set(opts.variables ?? CONTEXT_VARIABLES);
  const problems: FieldProblem[] = [];
  if (template === null || typeof template !== 'object' || Array.isArray(template)) {
    return { ok: false, problems: [{ field, message: 'must be an object {"version": 1, "body": …}' }] };
  }
  const t = template as Record<string, unknown>;
  if (t.version !== 1) problems.push({ field: `${field}.version`, message: `must be 1 (the only template version), got ${JSON.stringify(t.version) ?? 'nothing'}` });
  if (!('body' in t)) problems.push({ field: `${field}.body`, message: 'is required: the JSON to send, with {{ … }} expressions in its string values' });
  for (const k of Object.keys(t)) if (k !== 'version' && k !== 'body') problems.push({ field: `${field}.${k}`, message: 'is not a template field (a template has only version and body)' });
  if (problems.length) return { ok: false, problems };
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(t.body);
  } catch {
    serialized = undefined;
  }
  if (serialized === undefined) return { ok: false, problems: [{ field: `${field}.body`, message: 'must be a JSON value' }] };
  if (Buffer.byteLength(serialized) > TEMPLATE_MAX_BYTES) {
    return { ok: false, problems: [{ field: `${field}.body`, message: `is ${Buffer.byteLength(serialized)} bytes as JSON; a template may be at most ${TEMPLATE_MAX_BYTES}` }] };
  }
  let expressions = 0;
  const walk = (v: unknown, pointer: string, depth: number): Node => {
    if (depth > TEMPLATE_MAX_DEPTH) {
      problems.push({ field: pointer, message: `nests deeper than ${TEMPLATE_MAX_DEPTH} levels` });
      return { k: 'lit', v: null };
    }
    if (typeof v === 'string') {
      if (!v.includes('{{')) return { k: 'lit', v };
      let parts: Part[];
      try {
        parts = new LeafParser(v, variables).parts();
      } catch (e) {
        if (!(e instanceof SyntaxProblem)) throw e;
        problems.push({ field: pointer, message: e.message });
        return { k: 'lit', v: null };
      }
      expressions += parts.filter((p) => typeof p !== 'string').length;
      return parts.length === 1 && typeof parts[0] !== 'string' ? { k: 'whole', expr: parts[0]! } : { k: 'text', parts };
    }
    if (Array.isArray(v)) return { k: 'arr', items: v.map((item, i) => walk(item, `${pointer}/${segment(i)}`, depth + 1)) };
    if (v !== null && typeof v === 'object') {
      return { k: 'obj', entries: Object.entries(v).map(([key, item]) => [key, walk(item, `${pointer}/${segment(key)}`, depth + 1)] as [string, Node]) };
    }
    if (typeof v === 'number' && !Number.isFinite(v)) {
      problems.push({ field: pointer, message: 'must be a finite number' });
      return { k: 'lit', v: null };
    }
    return { k: 'lit', v: v as Json };
  };
  const root = walk(t.body, `${field}.body`, 0);
  if (expressions > TEMPLATE_MAX_EXPRESSIONS) problems.push({ field: `${field}.body`, message: `has ${expressions} expressions; a template may have at most ${TEMPLATE_MAX_EXPRESSIONS}` });
  return problems.length ? { ok: false, problems } : { ok: true, template: { root, expressions } };
}

class RenderLimit extends Error {}

interface Budget {
  work: number;
  output: number;
}

const charge = (b: Budget, units: number) => {
  b.work -= units;
  if (b.work < 0) throw new RenderLimit(`rendering needed more than ${RENDER_MAX_WORK} characters of filter work`);
};

/** to_string: null is empty text, text itself, anything else its JSON text. */
export const toText = (v: Json): string => (v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** Text filters take null through (so default can follow) and read any other value as its text. */
const textFilter = (f: (s: string) => string) => (v: Json, b: Budget): Json => {
  if (v === null) return null;
  const s = toText(v);
  charge(b, s.length);
  return f(s);
};

/** At most `n` code points, the last being "…" when anything was cut. */
export function truncateText(s: string, n: number): string {
  if (s.length <= n) return s;
  let count = 0;
  let cut = -1;
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    count++;
    if (count === n) cut = i;
    if (count > n) return s.slice(0, cut) + '…';
    i += width;
  }
  return s;
}

// replaceAll chains: several times faster than one regular expression with a callback.
const escapeMrkdwn = (s: string) => (/[&<>]/.test(s) ? s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;') : s);
const escapeHtml = (s: string) => (/[&<>"']/.test(s) ? escapeMrkdwn(s).replaceAll('"', '&quot;').replaceAll("'", '&#39;') : s);

function applyFilter(f: FilterCall, v: Json, b: Budget): Json {
  switch (f.name) {
    case 'default':
      return v === null || v === '' ? f.args[0]! : v;
    case 'lower':
      return textFilter((s) => s.toLowerCase())(v, b);
    case 'upper':
      return textFilter((s) => s.toUpperCase())(v, b);
    case 'truncate': {
      const n = f.args[0] as number;
      if (v === null) return null;
      const s = toText(v);
      charge(b, Math.min(s.length, 2 * n));
      return truncateText(s, n);
    }
    case 'join': {
      if (v === null) return null;
      if (!Array.isArray(v)) return textFilter((s) => s)(v, b);
      const parts = v.map(toText);
      charge(b, parts.reduce((n, p) => n + p.length, 0));
      return parts.join(f.args[0] as string);
    }
    case 'map': {
      const key = toText(v);
      charge(b, key.length);
      const table = f.args[0] as Record<string, Json>;
      return Object.hasOwn(table, key) ? table[key]! : null;
    }
    case 'to_string': {
      const s = toText(v);
      charge(b, s.length);
      return s;
    }
    case 'json': {
      const s = JSON.stringify(v);
      charge(b, s.length);
      return s;
    }
    case 'escape_mrkdwn':
      return textFilter(escapeMrkdwn)(v, b);
    case 'escape_html':
      return textFilter(escapeHtml)(v, b);
  }
}

function evaluate(e: Expr, context: ReadonlyMap<string, Json>, b: Budget): Json {
  let v: Json = 'variable' in e.head ? (context.get(e.head.variable) ?? null) : e.head.literal;
  for (const f of e.filters) v = applyFilter(f, v, b);
  return v;
}

/** A value of the context as templates see it: strings and null (others would be a bug upstream). */
export type TemplateContext = Readonly<Record<string, string | null>>;

/**
 * Renders a compiled template against a context. Never throws: a rendering past the bounds (output
 * over RENDER_MAX_BYTES, filter work over RENDER_MAX_WORK) is `{ok: false, reason}`, and its text is
 * for Klaxon's delivery log only, never for the receiver.
 */
export function renderTemplate(t: CompiledTemplate, context: TemplateContext): RenderResult {
  const ctx = new Map<string, Json>(Object.entries(context).map(([k, v]) => [k, typeof v === 'string' ? v : null]));
  const b: Budget = { work: RENDER_MAX_WORK, output: RENDER_MAX_BYTES };
  const out = (s: string) => {
    b.output -= s.length;
    if (b.output < 0) throw new RenderLimit(`the rendered body is larger than ${RENDER_MAX_BYTES} bytes`);
    return s;
  };
  const size = (v: Json): Json => {
    if (typeof v === 'string') out(v);
    else if (v !== null && typeof v === 'object') out(JSON.stringify(v));
    return v;
  };
  const walk = (n: Node): Json => {
    switch (n.k) {
      case 'lit':
        return size(n.v);
      case 'arr':
        return n.items.map(walk);
      case 'obj': {
        const o: Record<string, Json> = {};
        // defineProperty: a key "__proto__" is data like any other.
        for (const [k, child] of n.entries) Object.defineProperty(o, k, { value: walk(child), enumerable: true, writable: true, configurable: true });
        return o;
      }
      case 'whole':
        return size(evaluate(n.expr, ctx, b));
      case 'text':
        return n.parts.map((p) => (typeof p === 'string' ? out(p) : out(toText(evaluate(p, ctx, b))))).join('');
    }
  };
  try {
    const value = walk(t.root);
    const json = JSON.stringify(value);
    if (Buffer.byteLength(json) > RENDER_MAX_BYTES) return { ok: false, reason: `the rendered body is larger than ${RENDER_MAX_BYTES} bytes` };
    return { ok: true, value, json };
  } catch (e) {
    if (e instanceof RenderLimit) return { ok: false, reason: e.message };
    return { ok: false, reason: 'the template could not be rendered' };
  }
}
