import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { TextProblem } from './template-position';

/**
 * A JSON template editor: a plain textarea (native editing, undo, screen readers) with a line-number
 * gutter and a backdrop that marks the place of a problem (docs/adr/0607). No soft wrap, so gutter
 * lines and text lines stay aligned.
 */
export function TemplateEditor(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  problem: TextProblem | null;
  readOnly?: boolean;
  describedBy?: string;
}) {
  const { value, problem } = props;
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const lines = value.split('\n').length;
  const rows = Math.min(Math.max(lines + 1, 12), 26);
  const problemId = `${id}-problem`;
  const trapReleased = useRef(false);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Tab indents two spaces; Escape then Tab leaves the editor (keyboard users are never trapped).
    if (e.key === 'Tab' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && !trapReleased.current) {
      e.preventDefault();
      const el = e.currentTarget;
      const { selectionStart: s, selectionEnd: end } = el;
      const next = value.slice(0, s) + '  ' + value.slice(end);
      props.onChange(next);
      requestAnimationFrame(() => el.setSelectionRange(s + 2, s + 2));
      return;
    }
    trapReleased.current = e.key === 'Escape';
  };

  const before = problem ? value.slice(0, problem.offset) : value;
  const marked = problem ? value.slice(problem.offset, problem.offset + problem.length) || ' ' : '';
  const after = problem ? value.slice(problem.offset + problem.length) : '';

  return (
    <div className="tpl">
      <label htmlFor={id} className="tpl-label">{props.label}</label>
      <p className="muted small tpl-hint" id={`${id}-hint`}>
        JSON with <code>{'{{ variable | filter }}'}</code> inside string values. Tab indents; press Escape, then Tab, to leave the editor.
      </p>
      <div className={`tpl-editor${problem ? ' has-problem' : ''}`}>
        <div className="tpl-gutter" aria-hidden="true">
          <div style={{ transform: `translateY(${-scroll.top}px)` }}>
            {Array.from({ length: lines }, (_, i) => (
              <div key={i} className={problem?.line === i + 1 ? 'tpl-line tpl-line-error' : 'tpl-line'} data-line={i + 1}>
                {problem?.line === i + 1 ? <span className="tpl-marker" data-testid="template-error-marker" title={problem.message}>!</span> : null}
                {i + 1}
              </div>
            ))}
          </div>
        </div>
        <div className="tpl-body">
          <pre className="tpl-backdrop" aria-hidden="true">
            <div style={{ transform: `translate(${-scroll.left}px, ${-scroll.top}px)` }}>
              {before}
              {problem && <mark className="tpl-mark" data-testid="template-error-mark">{marked}</mark>}
              {after}
              {'\n'}
            </div>
          </pre>
          <textarea
            ref={area}
            id={id}
            className="tpl-input"
            value={value}
            rows={rows}
            wrap="off"
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            autoCorrect="off"
            readOnly={props.readOnly}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[`${id}-hint`, problem ? problemId : '', props.describedBy ?? ''].filter(Boolean).join(' ')}
            onChange={(e) => props.onChange(e.target.value)}
            onKeyDown={onKeyDown}
            onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, left: e.currentTarget.scrollLeft })}
          />
        </div>
      </div>
      {problem && (
        <div className="tpl-problem" id={problemId} role="alert" data-testid="template-error">
          <span className="tpl-problem-where">Line {problem.line}, column {problem.column}</span>
          {problem.pointer ? <code className="tpl-pointer">{problem.pointer || '/'}</code> : null}
          <span className="tpl-problem-text">{problem.message}</span>
          <button
            type="button"
            className="link small"
            onClick={() => {
              const el = area.current;
              if (!el) return;
              el.focus();
              el.setSelectionRange(problem.offset, problem.offset + problem.length);
            }}
          >
            Go to line {problem.line}
          </button>
        </div>
      )}
    </div>
  );
}
