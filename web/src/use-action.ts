import { useState } from 'react';

/** Where an action of a form or button stands: running, failed (its error), or done (its note). */
export type ActionState = { busy: boolean; error: unknown; note: string | undefined };

export const IDLE: ActionState = { busy: false, error: undefined, note: undefined };

type Update = (change: (s: ActionState) => ActionState) => void;

/**
 * Runs one action and tells `update` how it stands: busy with the last error and note cleared, then
 * done with the note the action returned (a sentence for a role="status" line), or failed with what it
 * threw. A note set while the action ran is kept unless the action returns one. True when it succeeded.
 */
export async function runAction(fn: () => Promise<string | void>, update: Update): Promise<boolean> {
  update(() => ({ busy: true, error: undefined, note: undefined }));
  try {
    const note = await fn();
    update((s) => ({ ...s, busy: false, ...(note ? { note } : {}) }));
    return true;
  } catch (error) {
    update((s) => ({ ...s, busy: false, error }));
    return false;
  }
}

/**
 * The busy/error/note state of a mutation-like action, for every page: `run` it from a submit or a
 * click, disable the button on `busy`, show `error` with ErrorText and `note` as a status line.
 */
export function useAction() {
  const [state, setState] = useState<ActionState>(IDLE);
  return {
    ...state,
    run: (fn: () => Promise<string | void>) => runAction(fn, setState),
    setNote: (note: string | undefined) => setState((s) => ({ ...s, note })),
    setError: (error: unknown) => setState((s) => ({ ...s, error })),
    /** Forgets the last error and note (a dialog opened again, a step changed). */
    reset: () => setState((s) => ({ ...s, error: undefined, note: undefined })),
  };
}

export type Action = ReturnType<typeof useAction>;
