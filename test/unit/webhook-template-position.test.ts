import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../src/modules/webhook/webhook.template.ts';
import { lineColumn, locateServerProblem, parseTemplateText, pointerSegments } from '../../web/src/components/template-position.ts';

// The dashboard's template editor places the server's template problems in the text a person typed
// (docs/adr/0607). These tie the two together: the real compiler names a problem by JSON pointer and
// a column inside the decoded string; the editor must mark exactly the mistaken name in the JSON text,
// whatever escapes, astral characters, new lines and pointer characters come before it.

describe('template problems are placed in the editor text', () => {
  it('marks the unknown name the compiler reports, whatever precedes it in the string and the pointer', () => {
    // Text before the mistake: quotes, backslashes, new lines, tabs, astral and control characters.
    const prefix = fc.string({ unit: fc.constantFrom('a', ' ', '"', '\\', '\n', '\t', '\u0001', 'é', '🚨', '}', '/', '~'), maxLength: 12 });
    const key = fc.string({ unit: fc.constantFrom('a', 'b', '/', '~', '0', '1', ' ', '"', '🚨'), minLength: 1, maxLength: 6 });
    const bad = fc.constantFrom(
      { expr: '{{ titel }}', name: 'titel' },
      { expr: '{{ title | upcase }}', name: 'upcase' },
      { expr: '{{ title|  nope(1) }}', name: 'nope' },
      { expr: '{{ servce_name | upper }}', name: 'servce_name' },
    );
    fc.assert(
      fc.property(prefix, key, bad, fc.boolean(), fc.boolean(), (pre, k, b, nested, pretty) => {
        const leaf = pre + b.expr;
        const body = nested ? { other: 'x', list: [1, { [k]: leaf }] } : { [k]: leaf };
        const text = JSON.stringify(body, null, pretty ? 2 : undefined);
        const compiled = compileTemplate({ version: 1, body });
        expect(compiled.ok).toBe(false);
        if (compiled.ok) return;
        const [problem] = compiled.problems;
        const placed = locateServerProblem(text, problem!.field, problem!.message);
        expect(placed, problem!.message).not.toBeNull();
        expect(text.slice(placed!.offset, placed!.offset + placed!.length)).toBe(b.name);
        // The message now names the editor's line and column, which are those of the offset.
        expect(placed!.message).toContain(`at line ${placed!.line}, column ${placed!.column}`);
        expect(lineColumn(text, placed!.offset)).toEqual({ line: placed!.line, column: placed!.column });
        expect(placed!.pointer).toBe(nested ? `/list/1/${k.replaceAll('~', '~0').replaceAll('/', '~1')}` : `/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`);
      }),
      { seed: 20261126, numRuns: 1500 },
    );
  });

  it('places JSON syntax errors by offset, with line and column', () => {
    const p = parseTemplateText('{\n  "a": "x"\n  "b": 1\n}');
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.problem).toMatchObject({ line: 3, column: 3 });
    expect(p.problem.message).toMatch(/line 3, column 3: expected ','/);
    const trailing = parseTemplateText('{"a": 1,}');
    expect(!trailing.ok && trailing.problem.message).toMatch(/column 9/);
    const comment = parseTemplateText('{"a": 1 // no\n}');
    expect(comment.ok).toBe(false);
    const newline = parseTemplateText('{"a": "x\ny"}');
    expect(!newline.ok && newline.problem.line).toBe(1);
    expect(parseTemplateText('   ').ok).toBe(false);
    expect(parseTemplateText('{"a": "{{ title }}"}')).toMatchObject({ ok: true, value: { a: '{{ title }}' } });
  });

  it('a problem outside a string leaf marks the whole value; one outside the body is not placed', () => {
    const text = '{\n  "a": [1, 2]\n}';
    const placed = locateServerProblem(text, 'template.body/a', 'nests deeper than 32 levels');
    expect(text.slice(placed!.offset, placed!.offset + placed!.length)).toBe('[1, 2]');
    expect(locateServerProblem(text, 'template.version', 'must be 1')).toBeNull();
    expect(locateServerProblem(text, 'template.body/missing', 'x at column 1')).toBeNull();
    expect(pointerSegments('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
  });
});
