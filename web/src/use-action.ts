import { useState } from 'react';
import { IDLE, runAction, type ActionState } from './action-state';

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
