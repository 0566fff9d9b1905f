import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/**
 * Where a template problem is in the editor's text (docs/adr/0607). The editor holds the template's
 * body as JSON text; the server names a problem by the JSON pointer of the string that holds it and
 * a line and column inside that string (decoded). This maps both back to the text a person typed.
 */
export interface TextProblem {
  /** UTF-16 offset of the marked range in the text, and its length (at least 1 unless the text is empty). */
  offset: number;
  length: number;
  /** 1-based line and column (in code points) of `offset` in the text. */
  line: number;
  column: number;
  message: string;
  /** The JSON pointer into the body, when the problem is inside it. */
  pointer?: string;
}

/** 1-based line and code-point column of a UTF-16 offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      column = 1;
    } else if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && isHigh(text.charCodeAt(i - 1)))) column++;
  }
  return { line, column };
}
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;

const SYNTAX: Record<string, string> = {
  InvalidSymbol: 'this is not JSON: a value is a "string", number, true, false, null, [array] or {object}',
  InvalidNumberFormat: 'this number is not valid JSON',
  PropertyNameExpected: 'expected a property name in double quotes (no trailing comma before })',
  ValueExpected: 'expected a value (no trailing comma before ] or })',
  ColonExpected: "expected ':' after the property name",
  CommaExpected: "expected ',' between two entries",
  CloseBraceExpected: "expected '}' to close the object",
  CloseBracketExpected: "expected ']' to close the array",
  EndOfFileExpected: 'expected the end of the template: the body is one JSON value',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'JSON has no comments',
  UnexpectedEndOfString: 'this text is never closed: end it with a double quote on the same line (write \\n for a new line)',
  UnexpectedEndOfNumber: 'this number is incomplete',
  InvalidUnicode: 'invalid \\u escape: write four hex digits',
  InvalidEscapeCharacter: 'invalid escape: use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX',
  InvalidCharacter: 'a control character (a new line or tab) inside a string: write \\n or \\t',
};

function problemAt(text: string, offset: number, length: number, message: string, pointer?: string): TextProblem {
  const o = Math.max(0, Math.min(offset, text.length));
  const { line, column } = lineColumn(text, o);
  const len = Math.max(1, Math.min(length, text.length - o));
  return { offset: o, length: text.length === 0 ? 0 : len, line, column, message, ...(pointer !== undefined ? { pointer } : {}) };
}

export type ParsedTemplate = { ok: true; value: unknown; tree: Node } | { ok: false; problem: TextProblem };

/** Parses the body text as strict JSON; a mistake is placed at its offset. */
export function parseTemplateText(text: string): ParsedTemplate {
  if (!text.trim()) return { ok: false, problem: problemAt(text, 0, 1, 'the template is empty: write the JSON body to send, e.g. {"text": "{{ title }}"}') };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first || !tree) {
    const code = first ? printParseErrorCode(first.error) : 'ValueExpected';
    const at = first?.offset ?? 0;
    const { line, column } = lineColumn(text, at);
    return { ok: false, problem: problemAt(text, at, first?.length || 1, `JSON syntax at line ${line}, column ${column}: ${SYNTAX[code] ?? code}`) };
  }
  try {
    return { ok: true, value: JSON.parse(text), tree };
  } catch (e) {
    // What jsonc-parser lets through and JSON does not: V8 names the position.
    const m = /position (\d+)/.exec(String((e as Error).message));
    const at = m ? Number(m[1]) : 0;
    const { line, column } = lineColumn(text, at);
    return { ok: false, problem: problemAt(text, at, 1, `JSON syntax at line ${line}, column ${column}: ${(e as Error).message}`) };
  }
}

/** RFC 6901 pointer into its segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function nodeAt(root: Node, segments: string[]): Node | undefined {
  let node: Node | undefined = root;
  for (const seg of segments) {
    if (!node) return undefined;
    if (node.type === 'array') node = node.children?.[Number(seg)];
    else if (node.type === 'object') node = node.children?.find((p) => p.children?.[0]?.value === seg)?.children?.[1];
    else return undefined;
  }
  return node;
}

/** The UTF-16 index in `s` of a 1-based line and code-point column. */
function indexOfLineColumn(s: string, line: number, column: number): number {
  let i = 0;
  for (let l = 1; l < line; l++) {
    const nl = s.indexOf('\n', i);
    if (nl < 0) return s.length;
    i = nl + 1;
  }
  for (let c = 1; c < column && i < s.length; c++) i += isHigh(s.charCodeAt(i)) ? 2 : 1;
  return i;
}

/** The offset in the text of the string literal starting at `literalOffset` (its quote) where decoded index `index` is. */
function rawOffset(text: string, literalOffset: number, index: number): number {
  let raw = literalOffset + 1;
  let decoded = 0;
  while (decoded < index && raw < text.length && text[raw] !== '"') {
    if (text[raw] === '\\') raw += text[raw + 1] === 'u' ? 6 : 2;
    else raw += 1;
    decoded += 1;
  }
  return raw;
}

const LEAF_POSITION = / at (?:line (\d+), )?column (\d+)/;

/**
 * Places a problem the server named by `field` (`template.body/…` JSON pointer) and a message with
 * the column inside that string. The message's position is rewritten to the editor's line and column.
 */
export function locateServerProblem(text: string, field: string, message: string): TextProblem | null {
  const prefix = 'template.body';
  if (!field.startsWith(prefix)) return null;
  const pointer = field.slice(prefix.length);
  if (pointer !== '' && !pointer.startsWith('/')) return null;
  const parsed = parseTemplateText(text);
  if (!parsed.ok) return null;
  const node = nodeAt(parsed.tree, pointerSegments(pointer));
  if (!node) return null;
  const m = LEAF_POSITION.exec(message);
  if (node.type !== 'string' || !m || typeof node.value !== 'string') return problemAt(text, node.offset, node.length, message, pointer);
  const index = indexOfLineColumn(node.value, m[1] ? Number(m[1]) : 1, Number(m[2]));
  const start = rawOffset(text, node.offset, index);
  // Mark the word there (a name), else the one character.
  let end = start;
  while (end < node.offset + node.length - 1 && /[A-Za-z0-9_]/.test(text[end] ?? '')) end++;
  const { line, column } = lineColumn(text, start);
  const rewritten = message.replace(LEAF_POSITION, ` at line ${line}, column ${column}`);
  return problemAt(text, start, Math.max(1, end - start), rewritten, pointer);
}
