import { describe, expect, it, vi } from 'vitest';
import { createLoadMonitor } from '../../../src/lib/load-monitor.ts';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* keep the event loop busy */
  }
};
const turn = () => new Promise((r) => setTimeout(r, 0));

describe('the load monitor measures the event loop itself', () => {
  it('reports overload only when the loop stays late and busy over two windows', async () => {
    const m = createLoadMonitor({ maxDelayMs: 100, maxQueueDepth: 1000, queueDepth: () => 0, windowMs: 50 });
    m.start();
    try {
      expect(m.overloaded()).toBe(false);
      // Three windows in which the loop is blocked for longer than the bound: sustained overload.
      for (let i = 0; i < 3; i++) {
        busy(300);
        await turn();
      }
      expect(m.delayMs()).toBeGreaterThan(100);
      expect(m.overloaded()).toBe(true);
      // An idle loop clears it: once two windows have passed without a late turn (waited for, not slept).
      await vi.waitFor(() => expect(m.overloaded()).toBe(false), { timeout: 10_000, interval: 10 });
    } finally {
      m.stop();
    }
  });

  it('measures from start() (the server calls it when ready): a loop busy before it, as start-up is, sheds nothing', async () => {
    const m = createLoadMonitor({ maxDelayMs: 100, maxQueueDepth: 1000, queueDepth: () => 0, windowMs: 50 });
    try {
      // Start-up: windows as busy as those that shed above.
      for (let i = 0; i < 3; i++) {
        busy(300);
        await turn();
      }
      expect(m.delayMs()).toBe(0);
      expect(m.overloaded()).toBe(false);
      // Ready: measuring begins with nothing of start-up in its windows.
      m.start();
      await turn();
      expect(m.overloaded()).toBe(false);
      // And then it measures: a sustained busy loop sheds as before.
      for (let i = 0; i < 3; i++) {
        busy(300);
        await turn();
      }
      expect(m.overloaded()).toBe(true);
    } finally {
      m.stop();
    }
  });

  it('the queue bound alone sheds', () => {
    let depth = 0;
    const m = createLoadMonitor({ maxDelayMs: 100, maxQueueDepth: 10, queueDepth: () => depth, delayMs: () => 0 });
    expect(m.overloaded()).toBe(false);
    depth = 11;
    expect(m.overloaded()).toBe(true);
  });
});
