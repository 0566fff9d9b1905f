import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createOutageLog } from '../../src/db/outage-log.ts';
import { createLogger } from '../../src/http/logging.ts';
import { ManualClock } from '../../src/lib/clock.ts';

function capture() {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean).map((l) => JSON.parse(l)));
      cb();
    },
  });
  return { lines, logger: createLogger('info', sink) };
}
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('the outage log: a store that is down is one warning, a summary a minute and an all-clear', () => {
  it('ten minutes of failures ten times a second write 1 warning, 10 summaries and 1 info line, without stacks', () => {
    const { lines, logger } = capture();
    const clock = new ManualClock('2026-03-01T10:00:00.000Z');
    const outbox = createOutageLog({ log: logger, clock }).job('outbox', 'paging and other outbox work');
    for (let i = 0; i <= 6000; i++) {
      outbox.failed(refused(), 'outbox round failed; its events are retried one by one');
      clock.advance(100);
    }
    outbox.ok();
    outbox.ok(); // nothing more: it is back already
    expect(lines.map((l) => l.level)).toEqual([40, ...Array(10).fill(40), 30]);
    expect(lines[0]).toMatchObject({ job: 'outbox', cause: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432', msg: expect.stringContaining('paging and other outbox work') });
    expect(lines[1]).toMatchObject({ msg: 'the store is still unavailable', downForSeconds: 60, failures: { outbox: 600 }, waiting: ['outbox'] });
    expect(lines.at(-1)).toMatchObject({ msg: 'the store answers again; background jobs resume', downForSeconds: 600 });
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });

  it('errors that are not "store unavailable" are still errors, each with its stack', () => {
    const { lines, logger } = capture();
    const job = createOutageLog({ log: logger, clock: new ManualClock() }).job('outbox', 'paging');
    job.failed(new Error('handler bug'), 'outbox event 7 (page.request) failed; it will be retried');
    job.failed(new Error('handler bug'), 'outbox event 7 (page.request) failed; it will be retried');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'outbox event 7 (page.request) failed; it will be retried'],
      [50, 'outbox event 7 (page.request) failed; it will be retried'],
    ]);
    expect((lines[0]!.err as { stack: string }).stack).toContain('handler bug');
  });

  it('the all-clear waits for every job that found the store down; a new outage warns again', () => {
    const { lines, logger } = capture();
    const clock = new ManualClock();
    const log = createOutageLog({ log: logger, clock });
    const outbox = log.job('outbox', 'paging');
    const snapshot = log.job('credential snapshot', 'the snapshot');
    outbox.failed(refused(), 'round failed');
    snapshot.failed(refused(), 'refresh failed');
    outbox.ok();
    expect(lines).toHaveLength(1);
    snapshot.ok();
    expect(lines.map((l) => l.level)).toEqual([40, 30]);
    snapshot.failed(refused(), 'refresh failed');
    expect(lines.map((l) => l.level)).toEqual([40, 30, 40]);
    expect(lines[2]).toMatchObject({ job: 'credential snapshot' });
  });
});
