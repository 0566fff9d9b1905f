// The pure core of useAction (use-action.ts): no React here, so the unit tests run it in Node.

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
