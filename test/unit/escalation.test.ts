import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EscalationShape, advance, defaultSteps, draftPages, fateOfExpiredClaim, fateOfSend, nextPosition, timeoutMs,
} from '../../src/modules/paging/escalation.ts';

// The escalation core (PRODUCT.md 7.3), exhaustively over every shape a schedule may have
// (1–10 levels, repeat 0–9) and by property over timeouts, on-call gaps and instants.

const shapeOf = (timeouts: number[], repeat: number): EscalationShape => ({ levels: timeouts.map((t, i) => ({ level: i + 1, timeoutMinutes: t })), repeat });

describe('nextPosition', () => {
  it('walks levels 1..N, then again from level 1 `repeat` times, then is exhausted: every shape', () => {
    for (let n = 1; n <= 10; n++) {
      for (let repeat = 0; repeat <= 9; repeat++) {
        const shape = shapeOf(Array.from({ length: n }, () => 5), repeat);
        const seen: string[] = [];
        let pos: ReturnType<typeof nextPosition> = { level: 1, cycle: 0 };
        while (pos !== 'exhausted') {
          seen.push(`${pos.cycle}:${pos.level}`);
          pos = nextPosition(shape, pos);
        }
        const expected = Array.from({ length: repeat + 1 }, (_, c) => Array.from({ length: n }, (_, l) => `${c}:${l + 1}`)).flat();
        expect(seen).toEqual(expected);
      }
    }
  });

  it('a level past the end (levels removed while escalating) counts as the last', () => {
    expect(nextPosition(shapeOf([5, 5], 0), { level: 5, cycle: 0 })).toBe('exhausted');
    expect(nextPosition(shapeOf([5, 5], 1), { level: 5, cycle: 0 })).toEqual({ level: 1, cycle: 1 });
    expect(timeoutMs(shapeOf([5, 7], 0), 9)).toBe(7 * 60_000);
  });
});

describe('advance', () => {
  const T0 = Date.parse('2026-03-01T10:00:00Z');
  const everyone = () => ['usr_a'];

  it('pages the first level at once and rests until its timeout', async () => {
    const r = await advance(shapeOf([10, 20], 0), { level: 1, cycle: 0, paged: false, forceNext: false, nextAt: T0, firstPage: true }, T0, everyone);
    expect(r.starts).toEqual([{ level: 1, cycle: 0, at: T0, people: ['usr_a'], reason: 'start' }]);
    expect(r.final).toEqual({ level: 1, cycle: 0, nextAt: T0 + 10 * 60_000, exhausted: false, levelStartedAt: T0 });
  });

  it('property: with people on every level, the starts are exactly the levels due by now, each at the sum of the timeouts before it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 1440 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 200 * 24 * 60 }),
        async (timeouts, repeat, minutes) => {
          const shape = shapeOf(timeouts, repeat);
          const now = T0 + minutes * 60_000;
          const r = await advance(shape, { level: 1, cycle: 0, paged: false, forceNext: false, nextAt: T0, firstPage: true }, now, everyone);
          // The model: every (cycle, level) in order, each starting when the one before timed out.
          const expected: { level: number; cycle: number; at: number }[] = [];
          let at = T0;
          for (let c = 0; c <= repeat; c++) {
            for (let l = 1; l <= timeouts.length; l++) {
              if (at <= now) expected.push({ level: l, cycle: c, at });
              at += timeouts[l - 1]! * 60_000;
            }
          }
          expect(r.starts.map(({ level, cycle, at }) => ({ level, cycle, at }))).toEqual(expected);
          const last = expected.at(-1)!;
          // Exhausted once the last level of the last cycle timed out by now.
          expect(r.final.exhausted).toBe(at <= now);
          if (!r.final.exhausted) expect(r.final.nextAt).toBe(last.at + timeouts[last.level - 1]! * 60_000);
          else expect(r.final.nextAt).toBeNull();
          expect({ level: r.final.level, cycle: r.final.cycle }).toEqual({ level: last.level, cycle: last.cycle });
        },
      ),
      { seed: 20261125, numRuns: 300 },
    );
  });

  it('a level with nobody on call moves on at once; nobody anywhere is exhausted at once', async () => {
    const gap = (level: number) => (level === 2 ? [] : ['usr_a']);
    const r = await advance(shapeOf([10, 10, 10], 0), { level: 1, cycle: 0, paged: true, forceNext: false, nextAt: T0 }, T0, gap);
    expect(r.starts).toEqual([
      { level: 2, cycle: 0, at: T0, people: [], reason: 'nobody' },
      { level: 3, cycle: 0, at: T0, people: ['usr_a'], reason: 'timeout' },
    ]);
    const none = await advance(shapeOf([10, 10], 2), { level: 1, cycle: 0, paged: false, forceNext: false, nextAt: T0, firstPage: true }, T0, () => []);
    expect(none.starts).toHaveLength(6);
    expect(none.final.exhausted).toBe(true);
  });

  it('by hand: the next level now; past the end of the last cycle, the last level again', async () => {
    const shape = shapeOf([10, 10], 0);
    const r = await advance(shape, { level: 1, cycle: 0, paged: true, forceNext: true, nextAt: T0 }, T0, everyone);
    expect(r.starts).toEqual([{ level: 2, cycle: 0, at: T0, people: ['usr_a'], reason: 'manual' }]);
    const again = await advance(shape, { level: 2, cycle: 0, paged: true, forceNext: true, nextAt: T0 }, T0, everyone);
    expect(again.starts).toEqual([{ level: 2, cycle: 0, at: T0, people: ['usr_a'], reason: 'repage' }]);
    expect(again.final.exhausted).toBe(false);
  });

  it('nothing is due before next_at', async () => {
    const r = await advance(shapeOf([10], 0), { level: 1, cycle: 0, paged: true, forceNext: false, nextAt: T0 + 1 }, T0, everyone);
    expect(r.starts).toEqual([]);
    expect(r.final.nextAt).toBe(T0 + 1);
  });
});

describe('pages', () => {
  it('every person × step, due at the level start plus the delay; low urgency skips sms and voice', () => {
    const drafts = draftPages({ alertId: 'alr_1', epoch: 0, cycle: 0, level: 1, at: 0, people: ['usr_a', 'usr_b'], steps: defaultSteps('critical'), urgency: 'low' });
    expect(drafts.map((d) => [d.userId, d.channel, d.dueAt, d.status])).toEqual([
      ['usr_a', 'push', 0, 'pending'], ['usr_a', 'sms', 60_000, 'skipped'], ['usr_a', 'voice', 120_000, 'skipped'],
      ['usr_b', 'push', 0, 'pending'], ['usr_b', 'sms', 60_000, 'skipped'], ['usr_b', 'voice', 120_000, 'skipped'],
    ]);
    expect(new Set(drafts.map((d) => d.idempotencyKey)).size).toBe(6);
  });

  it('PRODUCT.md 7.2 defaults', () => {
    expect(defaultSteps('high').map((s) => `${s.channel}@${s.delay_seconds}`)).toEqual(['push@0', 'sms@60', 'voice@120']);
    expect(defaultSteps('medium').map((s) => `${s.channel}@${s.delay_seconds}`)).toEqual(['push@0', 'email@0']);
    expect(defaultSteps('low').map((s) => `${s.channel}@${s.delay_seconds}`)).toEqual(['push@0', 'email@0']);
    expect(defaultSteps('info').map((s) => `${s.channel}@${s.delay_seconds}`)).toEqual(['email@0']);
  });

  it('send outcomes and expired claims', () => {
    expect(fateOfSend({ state: 'accepted', providerMessageId: 'm1' }, 1)).toEqual({ status: 'sent', detail: null, providerMessageId: 'm1' });
    expect(fateOfSend({ state: 'retry', detail: 'HTTP 503' }, 1)).toMatchObject({ status: 'pending' });
    expect(fateOfSend({ state: 'retry', detail: 'HTTP 503' }, 3)).toMatchObject({ status: 'failed' });
    expect(fateOfSend({ state: 'failed', detail: 'bad number' }, 1)).toEqual({ status: 'failed', detail: 'bad number' });
    for (const ch of ['sms', 'voice'] as const) expect(fateOfExpiredClaim(ch, 1).status).toBe('failed');
    for (const ch of ['push', 'email'] as const) {
      expect(fateOfExpiredClaim(ch, 1).status).toBe('pending');
      expect(fateOfExpiredClaim(ch, 2).status).toBe('failed');
    }
  });
});
