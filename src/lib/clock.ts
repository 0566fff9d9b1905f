export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests move by hand (GoAlert's FastForward). */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | string = '2026-01-01T00:00:00.000Z') {
    this.t = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(to: Date | string): void {
    this.t = new Date(to).getTime();
  }
}

/** ISO 8601 UTC with milliseconds: the one timestamp format stored and served. */
export const iso = (d: Date): string => d.toISOString();

let isoMs = NaN;
let isoText = '';
/**
 * The ISO text of an instant in epoch milliseconds, formatted once per millisecond: ingest stamps
 * every signal and the log every line, and under load many share one. An invalid instant is never
 * cached (NaN equals nothing) and throws as toISOString does.
 */
export const isoOfMs = (ms: number): string => {
  if (ms !== isoMs) {
    isoText = new Date(ms).toISOString();
    isoMs = ms;
  }
  return isoText;
};
/** `iso(d)` through the same once-per-millisecond cache. */
export const isoCached = (d: Date): string => isoOfMs(d.getTime());
export const addMs = (d: Date, ms: number): Date => new Date(d.getTime() + ms);
