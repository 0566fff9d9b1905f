// Shared by the main thread (src/db/sqlite-thread.ts) and the SQLite thread
// (src/workers/sqlite-writer.ts); kept apart because the thread's bundle must not load the former.

/**
 * The thread's work flag, in memory both threads share: the main thread sets it before each
 * message, the thread clears it when its queue is empty. Index 0 of an Int32Array.
 */
export const WORK_FLAG = { busy: 1, idle: 0 } as const;

/** What the thread posts when it runs out of work (see `SqliteThread.onIdle`). */
export const IDLE_MESSAGE = { idle: true } as const;
