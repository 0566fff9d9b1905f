import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceCursor, GAP_POLLS, isLiveType, sseFrame, type TailCursor } from '../../src/modules/live-events/index.ts';

// The live feed's tailer (docs/adr/0601): on PostgreSQL an outbox id becomes visible at commit, not
// in id order. The cursor must hand every committed event on exactly once, however commits
// interleave, as long as none stays invisible longer than GAP_POLLS polls.

/** One poll of the table as the tailer asks it: ids after `last`, and the missing ids it follows. */
const poll = (cursor: TailCursor, visible: Set<number>) => [...visible].filter((id) => id > cursor.last || cursor.gaps.has(id));

describe('the live feed cursor', () => {
  it('delivers every event exactly once whatever the commit order (property, fixed seed)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }).chain((n) =>
          fc.tuple(fc.constant(n), fc.array(fc.integer({ min: 0, max: GAP_POLLS - 1 }), { minLength: n, maxLength: n }), fc.array(fc.integer({ min: 0, max: 30 }), { minLength: n, maxLength: n })),
        ),
        ([n, delays, unordered]) => {
          // Event i+1 is inserted at poll starts[i] (ids are taken in insert order) and committed
          // delays[i] polls later.
          const starts = [...unordered].sort((a, b) => a - b);
          const visibleAt = (i: number) => starts[i]! + delays[i]!;
          let cursor: TailCursor = { last: 0, gaps: new Map() };
          const delivered: number[] = [];
          const lastPoll = Math.max(...starts) + GAP_POLLS + 1;
          for (let p = 0; p <= lastPoll; p++) {
            const visible = new Set<number>();
            for (let i = 0; i < n; i++) if (visibleAt(i) <= p) visible.add(i + 1);
            const rows = poll(cursor, visible);
            delivered.push(...rows);
            cursor = advanceCursor(cursor, rows);
          }
          expect([...delivered].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
          expect(cursor.gaps.size).toBe(0);
        },
      ),
      { seed: 20261126, numRuns: 300 },
    );
  });

  it('gives up an id that never appears (a rolled-back insert) after GAP_POLLS polls', () => {
    let c = advanceCursor({ last: 0, gaps: new Map() }, [1, 3]);
    expect([...c.gaps.keys()]).toEqual([2]);
    for (let i = 1; i < GAP_POLLS; i++) c = advanceCursor(c, []);
    expect(c.gaps.has(2)).toBe(true);
    c = advanceCursor(c, []);
    expect(c.gaps.size).toBe(0);
    expect(c.last).toBe(3);
  });

  it('follows at most MAX_GAPS missing ids after a jump', () => {
    const c = advanceCursor({ last: 0, gaps: new Map() }, [1_000_000]);
    expect(c.last).toBe(1_000_000);
    expect(c.gaps.size).toBe(1000);
  });

  it('shows alert events only, framed with their id', () => {
    expect(isLiveType('alert.triggered')).toBe(true);
    expect(isLiveType('invitation.created')).toBe(false);
    expect(isLiveType('password_reset.requested')).toBe(false);
    expect(sseFrame('alert', { a: 1 }, 7)).toBe('id: 7\nevent: alert\ndata: {"a":1}\n\n');
    expect(sseFrame('reset', {}, '')).toBe('id: \nevent: reset\ndata: {}\n\n');
    expect(sseFrame('ready', {})).toBe('event: ready\ndata: {}\n\n');
  });
});
