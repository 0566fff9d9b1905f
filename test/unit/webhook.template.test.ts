import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTEXT_VARIABLES, FILTERS, RENDER_MAX_BYTES, TEMPLATE_MAX_BYTES, TEMPLATE_MAX_EXPRESSIONS, type Json, type TemplateContext,
  compileTemplate, renderTemplate, truncateText,
} from '../../src/modules/webhook/webhook.template.ts';

const CONTEXT: TemplateContext = {
  event: 'alert.triggered', ts: '2026-03-01T10:00:00.000Z', alert_id: 'alr_1', alert_url: 'https://klaxon.test/alerts/alr_1',
  title: 'Disk full', body: '95 % on db-1', priority: 'critical', urgency: 'high', status: 'open', service_name: 'db',
  acked_by_email: null, resolved_by_email: null,
};

/** Renders one template body against the context (with overrides); throws on compile problems. */
function render(body: Json, over: Record<string, string | null> = {}): Json {
  const c = compileTemplate({ version: 1, body });
  if (!c.ok) throw new Error(JSON.stringify(c.problems));
  const r = renderTemplate(c.template, { ...CONTEXT, ...over });
  if (!r.ok) throw new Error(r.reason);
  expect(JSON.parse(r.json)).toEqual(r.value);
  return r.value;
}
const one = (expr: string, over: Record<string, string | null> = {}) => render(`{{ ${expr} }}`, over);
const compiled = (c: ReturnType<typeof compileTemplate>) => {
  if (!c.ok) throw new Error(JSON.stringify(c.problems));
  return c.template;
};
const problems = (template: unknown) => {
  const c = compileTemplate(template);
  return c.ok ? [] : c.problems;
};

describe('webhook templates: shape and types', () => {
  it('object keys are literal; strings without expressions stay as they are', () => {
    expect(render({ '{{ title }}': 'x', n: 1, b: true, z: null, a: [1, 'two'] })).toEqual({ '{{ title }}': 'x', n: 1, b: true, z: null, a: [1, 'two'] });
  });

  it('a value that is exactly one expression keeps its JSON type; mixed text is text', () => {
    expect(render({ p: '{{ priority | map({"critical": 1, "high": 2}) }}' })).toEqual({ p: 1 });
    expect(render({ p: '{{ acked_by_email }}' })).toEqual({ p: null });
    expect(render({ p: '{{ true }}', q: '{{ 3.5 }}', r: '{{ [1, 2] }}' })).toEqual({ p: true, q: 3.5, r: [1, 2] });
    expect(render({ p: 'P{{ priority | map({"critical": 1}) }}', q: 'by {{ acked_by_email }}.', r: '{{ title }} ' })).toEqual({ p: 'P1', q: 'by .', r: 'Disk full ' });
    expect(render('{{ title }}')).toBe('Disk full');
  });

  it('quotes, backslashes, newlines and line separators in values never break the JSON', () => {
    const title = 'He said "stop" \\ now\n\r\t\u2028\u2029 </script> {{ body }} \u0001';
    const out = render({ text: '[{{ status | upper }}] {{ title }}', whole: '{{ title }}', j: '{{ title | json }}' }, { title });
    expect(out).toEqual({ text: `[OPEN] ${title}`, whole: title, j: JSON.stringify(title) });
  });

  it('a literal "{{" is written as an expression of text; "}}" in text needs nothing', () => {
    expect(render('{{ "{{" }} title }} and }}')).toBe('{{ title }} and }}');
    expect(render("{{ '}}' }}")).toBe('}}');
  });

  it('a map key "__proto__" or "constructor" is data, never the prototype', () => {
    expect(one('title | map({"__proto__": "p"})', { title: '__proto__' })).toBe('p');
    expect(one('title | map({"a": 1})', { title: 'constructor' })).toBe(null);
    expect(one('title | map({"a": 1})', { title: 'toString' })).toBe(null);
    expect(render({ __proto__: '{{ title }}' } as Json)).toEqual({});
    expect(render(JSON.parse('{"__proto__": "{{ title }}"}'))).toEqual(JSON.parse('{"__proto__": "Disk full"}'));
  });
});

describe('webhook templates: every filter', () => {
  it('default replaces null and empty text only', () => {
    expect(one('acked_by_email | default("nobody")')).toBe('nobody');
    expect(one('title | default("x")', { title: '' })).toBe('x');
    expect(one('title | default("x")', { title: ' ' })).toBe(' ');
    expect(one('title | default(0)', { title: '0' })).toBe('0');
    expect(one('acked_by_email | default(null)')).toBe(null);
    expect(one('acked_by_email | default({"a": [1]})')).toEqual({ a: [1] });
    expect(one('title | map({"x": false}) | default(true)', { title: 'x' })).toBe(false);
  });

  it('lower and upper: locale-independent, null through, non-text as its JSON text', () => {
    expect(one('title | upper', { title: 'istanbul ß é' })).toBe('ISTANBUL SS É');
    expect(one('title | lower', { title: 'İSTANBUL ÉCOLE' })).toBe('i̇stanbul école');
    expect(one('acked_by_email | upper')).toBe(null);
    expect(one('priority | map({"critical": true}) | upper')).toBe('TRUE');
    expect(one('priority | map({"critical": 12}) | lower')).toBe('12');
  });

  it('truncate counts code points and the result including "…" is at most n', () => {
    expect(one('title | truncate(4)', { title: 'abcdef' })).toBe('abc…');
    expect(one('title | truncate(6)', { title: 'abcdef' })).toBe('abcdef');
    expect(one('title | truncate(1)', { title: 'abcdef' })).toBe('…');
    expect(one('title | truncate(3)', { title: '🚨🚨🚨🚨' })).toBe('🚨🚨…');
    expect(one('title | truncate(4)', { title: '🚨🚨🚨🚨' })).toBe('🚨🚨🚨🚨');
    expect(one('acked_by_email | truncate(3)')).toBe(null);
    expect(one('priority | map({"critical": 123456}) | truncate(3)')).toBe('12…');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.integer({ min: 1, max: 70 }), (s, n) => {
        const out = truncateText(s, n);
        expect([...out].length).toBeLessThanOrEqual(n);
        if ([...s].length <= n) expect(out).toBe(s);
        else {
          expect(out.endsWith('…')).toBe(true);
          expect(s.startsWith(out.slice(0, -1))).toBe(true);
          expect(out.isWellFormed() || !s.isWellFormed()).toBe(true);
        }
      }),
      { seed: 4601, numRuns: 500 },
    );
  });

  it('join joins lists, passes a scalar through as text and null as null', () => {
    expect(one('title | map({"x": ["a", 1, null, true]}) | join(", ")', { title: 'x' })).toBe('a, 1, , true');
    expect(one('title | join(", ")')).toBe('Disk full');
    expect(one('priority | map({"critical": 5}) | join("-")')).toBe('5');
    expect(one('acked_by_email | join("-")')).toBe(null);
  });

  it('map looks the value up by its text; missing is null', () => {
    expect(one('priority | map({critical: "🔴", high: "🟠"})')).toBe('🔴');
    expect(one('priority | map({"low": 1})')).toBe(null);
    expect(one('acked_by_email | map({"": "none"})')).toBe('none');
    expect(one('priority | map({"critical": 1}) | map({"1": "one"})')).toBe('one');
  });

  it('to_string and json', () => {
    expect(one('acked_by_email | to_string')).toBe('');
    expect(one('priority | map({"critical": 1.5}) | to_string')).toBe('1.5');
    expect(one('priority | map({"critical": {"a": [1]}}) | to_string')).toBe('{"a":[1]}');
    expect(one('title | json', { title: 'a"b' })).toBe('"a\\"b"');
    expect(one('acked_by_email | json')).toBe('null');
  });

  it('escape_mrkdwn escapes exactly & < > (so <!channel> cannot ping); escape_html also quotes', () => {
    expect(one('title | escape_mrkdwn', { title: '<!channel> & <@U1> *bold* "q" \'s\'' })).toBe('&lt;!channel&gt; &amp; &lt;@U1&gt; *bold* "q" \'s\'');
    expect(one('title | escape_html', { title: '<b a="1">&\'</b>' })).toBe('&lt;b a=&quot;1&quot;&gt;&amp;&#39;&lt;/b&gt;');
    expect(one('acked_by_email | escape_html')).toBe(null);
  });

  it('filters without arguments also take empty parentheses', () => {
    expect(one('title | upper() | lower ()')).toBe('disk full');
  });
});

describe('webhook templates: every error names the JSON pointer and column', () => {
  const at = (body: Json) => problems({ version: 1, body });

  it('unknown filter, with a suggestion', () => {
    expect(at({ blocks: [{ text: { text: '{{ title | upcase }}' } }] })).toEqual([
      { field: 'template.body/blocks/0/text/text', message: expect.stringMatching(/^unknown filter 'upcase' at column 12; did you mean 'upper'\?/) },
    ]);
    expect(at('x {{ title | escape_markdown }}')[0]!.message).toMatch(/did you mean 'escape_mrkdwn'\?/);
    expect(at('{{ title | frobnicate }}')[0]!.message).not.toMatch(/did you mean/);
  });

  it('unknown variable, with a suggestion; columns count code points and lines', () => {
    expect(at({ 'a/b~c': '🚨 {{ titel }}' })).toEqual([{ field: 'template.body/a~1b~0c', message: expect.stringMatching(/^unknown variable 'titel' at column 6; did you mean 'title'\?/) }]);
    expect(at('line one\n  {{ servce_name }}')[0]!.message).toMatch(/at line 2, column 6; did you mean 'service_name'/);
    expect(at('{{ alert.title }}')[0]!.message).toMatch(/unknown variable 'alert'/);
  });

  it('syntax: unclosed, empty, property access, arithmetic, bad literals', () => {
    expect(at('{{ title')[0]!.message).toMatch(/expected '}}' at column 9/);
    expect(at('ab {{')[0]!.message).toMatch(/'\{\{' at column 4 is never closed/);
    expect(at('{{ }}')[0]!.message).toMatch(/empty expression at column 1/);
    expect(at('{{ title.length }}')[0]!.message).toMatch(/unexpected '.' at column 9: templates have no property access/);
    expect(at('{{ title + 1 }}')[0]!.message).toMatch(/unexpected '\+' at column 10: templates have no operators/);
    expect(at('{{ title | default("x) }}')[0]!.message).toMatch(/text opened at column 20 is never closed/);
    expect(at('{{ title | default(foo) }}')[0]!.message).toMatch(/'foo' at column 20 is not a value/);
    expect(at('{{ title | map({"a" 1}) }}')[0]!.message).toMatch(/expected ':' after the key 'a'/);
    expect(at('{{ title | default("a", "b") }}')[0]!.message).toMatch(/filter 'default' at column 12 takes one argument/);
    expect(at('{{ title title }}')[0]!.message).toMatch(/unexpected 't' at column 10/);
    expect(at('{{ title | }}')[0]!.message).toMatch(/expected a filter name after '\|'/);
  });

  it('argument types', () => {
    expect(at('{{ title | truncate("5") }}')[0]!.message).toMatch(/filter 'truncate' at column 12 needs a whole number from 1 to 100000, got text/);
    expect(at('{{ title | truncate(0) }}')[0]!.message).toMatch(/needs a whole number/);
    expect(at('{{ title | truncate(2.5) }}')[0]!.message).toMatch(/got a number 2.5/);
    expect(at('{{ title | truncate }}')[0]!.message).toMatch(/takes one argument/);
    expect(at('{{ title | join(1) }}')[0]!.message).toMatch(/'join' at column 12 needs text as its separator, got a number/);
    expect(at('{{ title | map("x") }}')[0]!.message).toMatch(/'map' at column 12 needs an object/);
    expect(at('{{ title | upper(1) }}')[0]!.message).toMatch(/'upper' at column 12 takes no arguments, got 1/);
  });

  it('every problem of a template at once, each with its pointer', () => {
    expect(at({ a: '{{ x }}', b: ['ok', '{{ title | nope }}'] }).map((p) => p.field)).toEqual(['template.body/a', 'template.body/b/1']);
  });

  it('the template object itself: version, body, bounds', () => {
    expect(problems(null)).toEqual([{ field: 'template', message: expect.stringMatching(/must be an object/) }]);
    expect(problems({ version: 2, body: {} })).toEqual([{ field: 'template.version', message: expect.stringMatching(/must be 1/) }]);
    expect(problems({ version: 1 })).toEqual([{ field: 'template.body', message: expect.stringMatching(/is required/) }]);
    expect(problems({ version: 1, body: {}, extra: 1 })).toEqual([{ field: 'template.extra', message: expect.any(String) }]);
    expect(problems({ version: 1, body: 'x'.repeat(TEMPLATE_MAX_BYTES) })[0]!.message).toMatch(/a template may be at most 65536/);
    expect(problems({ version: 1, body: Array(TEMPLATE_MAX_EXPRESSIONS + 1).fill('{{ title }}') })[0]!.message).toMatch(/has 501 expressions; a template may have at most 500/);
    let deep: Json = '{{ title }}';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(problems({ version: 1, body: deep })[0]!.message).toMatch(/nests deeper than 32/);
    expect(problems({ version: 1, body: `{{ title ${'| upper '.repeat(9)}}}` })[0]!.message).toMatch(/more than 8 filters/);
  });

  it('variables outside the allowed set are unknown (a page template may have more)', () => {
    expect(problems({ version: 1, body: '{{ people }}' })[0]!.message).toMatch(/unknown variable 'people'/);
    expect(compileTemplate({ version: 1, body: '{{ people }}' }, { variables: [...CONTEXT_VARIABLES, 'people'] }).ok).toBe(true);
  });
});

describe('webhook templates: bounds', () => {
  it('a rendering larger than 256 KB is refused with a reason, not sent', () => {
    const body = 'b'.repeat(60_000);
    const c = compileTemplate({ version: 1, body: Array(6).fill('{{ body }}') });
    expect(c.ok).toBe(true);
    const r = renderTemplate(compiled(c), { ...CONTEXT, body });
    expect(r).toEqual({ ok: false, reason: `the rendered body is larger than ${RENDER_MAX_BYTES} bytes` });
  });

  it('filter work is bounded even when filters throw their output away', () => {
    const c = compileTemplate({ version: 1, body: Array(400).fill('{{ body | escape_html | truncate(1) }}') });
    const r = renderTemplate(compiled(c), { ...CONTEXT, body: '<'.repeat(60_000) });
    expect(r).toMatchObject({ ok: false, reason: expect.stringMatching(/filter work/) });
  });
});

// Random templates: JSON trees whose strings mix text with expressions built from the closed set.
const literal = fc.oneof(
  fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s)),
  fc.integer({ min: -5, max: 300 }).map(String),
  fc.constantFrom('true', 'false', 'null', '{"critical": "🔴", "open": 1}', '[1, "a"]'),
);
const filterCall = fc.oneof(
  fc.constantFrom('lower', 'upper', 'to_string', 'json', 'escape_mrkdwn', 'escape_html'),
  literal.map((l) => `default(${l})`),
  fc.integer({ min: 1, max: 3000 }).map((n) => `truncate(${n})`),
  fc.string({ maxLength: 3 }).map((s) => `join(${JSON.stringify(s)})`),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null)), { maxKeys: 4 }).map((d) => `map(${JSON.stringify(d)})`),
);
const expression = fc
  .tuple(fc.oneof(fc.constantFrom(...CONTEXT_VARIABLES), literal), fc.array(filterCall, { maxLength: 4 }))
  .map(([head, fs]) => `{{ ${[head, ...fs].join(' | ')} }}`);
const leaf = fc.array(fc.oneof(expression, fc.string({ maxLength: 10 }).filter((s) => !s.includes('{{') && !s.endsWith('{'))), { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
const templateBody: fc.Arbitrary<Json> = fc.letrec<{ node: Json }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 4 }),
  ),
})).node;
const contextValue = fc.oneof(fc.constant(null), fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('"', '\\', '\n', '\u2028', '{{ title }}', '</script>', 'x'.repeat(70_000)));
const context = fc.record(Object.fromEntries(CONTEXT_VARIABLES.map((v) => [v, contextValue])) as Record<string, fc.Arbitrary<string | null>>);

describe('webhook templates: properties', () => {
  it('rendering any valid template against any context never throws, stays within the bounds and is valid JSON', () => {
    fc.assert(
      fc.property(templateBody, context, (body, ctx) => {
        const c = compileTemplate({ version: 1, body });
        expect(c.ok, JSON.stringify(c)).toBe(true);
        if (!c.ok) return;
        const r = renderTemplate(c.template, ctx);
        if (!r.ok) {
          expect(r.reason).toMatch(/larger than|filter work/);
          return;
        }
        expect(Buffer.byteLength(r.json)).toBeLessThanOrEqual(RENDER_MAX_BYTES);
        expect(JSON.parse(r.json)).toEqual(r.value);
      }),
      { seed: 4602, numRuns: 400 },
    );
  });

  it('compiling any JSON (and any string as a template) never throws: a result or problems with a field each', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.string({ maxLength: 80 }).map((s) => `{{${s}}}`), fc.string({ maxLength: 40 })), (body) => {
        const c = compileTemplate({ version: 1, body });
        if (!c.ok) for (const p of c.problems) expect(p.field.startsWith('template')).toBe(true);
        else expect(renderTemplate(c.template, CONTEXT).ok).toBe(true);
      }),
      { seed: 4603, numRuns: 1000 },
    );
  });

  it('every filter is known to the parser', () => {
    for (const f of FILTERS) {
      const arg = { default: '("x")', truncate: '(3)', join: '(",")', map: '({"a": 1})' }[f as string] ?? '';
      expect(compileTemplate({ version: 1, body: `{{ title | ${f}${arg} }}` }).ok, f).toBe(true);
    }
  });
});
