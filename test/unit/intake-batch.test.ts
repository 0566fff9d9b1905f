import { describe, expect, it } from 'vitest';
import { type SuffixRow, suffixRows } from '../../src/modules/paging/intake.job.ts';

// The paging intake applies a round's non-trigger events in one set-based statement per 500 rows
// (intake.job.ts, applyChanges). Here: the rows it writes, applied to an escalation wherever it
// stands (its last_event_id), give what applying the events one by one gives (handle()).

interface Esc { epoch: number; paged: number; force: number; chosen: number; nextAt: string | null; last: number }
type Ev = { alertId: string; id: number; repage?: { at: string; force: boolean; rechoose: boolean } };

function oneByOne(esc: Esc, events: Ev[]): Esc {
  let e = { ...esc };
  for (const ev of [...events].sort((a, b) => a.id - b.id)) {
    if (!(e.last < ev.id)) continue;
    if (ev.repage) e = { ...e, epoch: e.epoch + 1, paged: 0, force: ev.repage.force ? 1 : 0, nextAt: ev.repage.at, last: ev.id, chosen: ev.repage.rechoose ? 0 : e.chosen };
    else e = { ...e, nextAt: null, last: ev.id };
  }
  return e;
}

function asStatement(esc: Esc, alertId: string, rows: SuffixRow[]): Esc {
  const match = rows.filter((r) => r.alertId === alertId && esc.last >= r.prev && esc.last < r.first);
  expect(match.length).toBeLessThanOrEqual(1);
  const r = match[0];
  if (!r) return esc;
  return {
    epoch: esc.epoch + r.repages, paged: r.repages > 0 ? 0 : esc.paged, force: r.force ?? esc.force, chosen: r.rechoose === 1 ? 0 : esc.chosen, nextAt: r.nextAt, last: r.last,
  };
}

describe('paging intake, batched', () => {
  it('one statement per round applies each event once, as one by one would, from any point', () => {
    let seed = 41;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let round = 0; round < 400; round++) {
      const events: Ev[] = [];
      let id = 10 + rnd(5);
      for (let i = 0; i < 1 + rnd(12); i++) {
        id += 1 + rnd(3);
        const alertId = `alr_${rnd(3)}`;
        events.push(rnd(2) ? { alertId, id } : { alertId, id, repage: { at: `2026-01-01T00:00:${String(id % 60).padStart(2, '0')}.000Z`, force: rnd(2) === 1, rechoose: rnd(3) === 0 } });
      }
      const rows = suffixRows(events);
      for (const alertId of ['alr_0', 'alr_1', 'alr_2']) {
        const mine = events.filter((e) => e.alertId === alertId);
        // Wherever the escalation stands: before the round, part way (a redo after a crash, another
        // process), or past it.
        for (const last of [0, ...mine.map((e) => e.id), id + 5]) {
          const esc: Esc = { epoch: rnd(3), paged: rnd(2), force: rnd(2), chosen: 1, nextAt: 'x', last };
          expect(asStatement(esc, alertId, rows), `round ${round} ${alertId} from ${last}`).toEqual(oneByOne(esc, mine));
        }
      }
    }
  });
});
