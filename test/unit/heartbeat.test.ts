import { describe, expect, it } from 'vitest';
import { deadlineAfter, fireAt, isDue, statusOf } from '../../src/modules/heartbeat/heartbeat.ts';

// The heartbeat's pure rules (PRODUCT.md 11), exhaustively over a grid of instants.
describe('heartbeat rules', () => {
  const S = 1000;
  it('deadline: last ping + interval + grace', () => {
    expect(deadlineAfter(0, 60, 0)).toBe(60 * S);
    expect(deadlineAfter(5 * S, 300, 60)).toBe(365 * S);
  });

  it('fires at the deadline, or one grace after a start-up that came after it, never before either', () => {
    for (const grace of [0, 1, 60, 3600]) {
      for (let deadline = 0; deadline <= 10_000 * S; deadline += 997 * S) {
        for (let started = 0; started <= 10_000 * S; started += 1013 * S) {
          const at = fireAt(deadline, grace, started);
          expect(at).toBeGreaterThanOrEqual(deadline);
          if (deadline >= started) expect(at).toBe(deadline);
          else expect(at).toBe(started + grace * S);
          const hb = { enabled: 1, state: 'up' as const, deadline_at: new Date(deadline).toISOString(), grace_seconds: grace };
          expect(isDue(hb, at - 1, started)).toBe(false);
          expect(isDue(hb, at, started)).toBe(true);
          expect(isDue({ ...hb, enabled: 0 }, at, started)).toBe(false);
          expect(isDue({ ...hb, state: 'down' }, at, started)).toBe(false);
          expect(isDue({ ...hb, state: 'new', deadline_at: null }, at, started)).toBe(false);
        }
      }
    }
  });

  it('status: paused, new, down, late past the interval, else up', () => {
    const hb = { enabled: 1, state: 'up' as const, last_ping_at: new Date(0).toISOString(), interval_seconds: 60 };
    expect(statusOf(hb, 59_999)).toBe('up');
    expect(statusOf(hb, 60_000)).toBe('late');
    expect(statusOf({ ...hb, state: 'down' }, 1)).toBe('down');
    expect(statusOf({ ...hb, state: 'new', last_ping_at: null }, 1)).toBe('new');
    expect(statusOf({ ...hb, enabled: 0, state: 'down' }, 1)).toBe('paused');
  });
});
