/**
 * A wake-up made before whoever answers it (docs/adr/0770): the composition hands `fire` to the
 * parts that commit work and has the worker that does the work `listen`, so two workers that nudge
 * each other (the outbox runner and the paging engine) need no closure over a value built later.
 */
export interface Signal {
  fire(): void;
  listen(listener: () => void): void;
}

export function createSignal(): Signal {
  const listeners: (() => void)[] = [];
  return {
    fire: () => {
      for (const l of listeners) l();
    },
    listen: (l) => void listeners.push(l),
  };
}
