/**
 * The dashboard's live feed (docs/adr/0601-live-events.md): the organization's alert events, read
 * from the outbox after commit. Pure parts: which events are shown, what of them, how the tailer's
 * cursor moves past ids that are not visible yet, and the server-sent events framing.
 */

/** What a client sees of an outbox event: never its payload (it can hold tokens of other kinds). */
export interface LiveEvent {
  id: number;
  type: string;
  alert_id: string | null;
  created_at: string;
}

/** Only alert changes are shown; every member may read alerts (PRODUCT.md 2). */
export const isLiveType = (type: string) => type.startsWith('alert.');

/**
 * The tailer's position: the highest id read, and ids below it not seen yet. On PostgreSQL an
 * identity is taken at insert and becomes visible at commit, so id 9 can appear after id 10; a
 * missing id is asked for again for `GAP_POLLS` polls, then given up (a rolled-back transaction,
 * a deleted event).
 */
export interface TailCursor {
  last: number;
  /** Missing id → polls left. */
  gaps: ReadonlyMap<number, number>;
}
export const GAP_POLLS = 20;
/** At most this many missing ids are followed: a huge jump (a restore, a bulk delete) is not. */
export const MAX_GAPS = 1000;

export function advanceCursor(cursor: TailCursor, seenIds: readonly number[], gapPolls = GAP_POLLS): TailCursor {
  const seen = new Set(seenIds);
  const gaps = new Map<number, number>();
  for (const [id, left] of cursor.gaps) if (!seen.has(id) && left > 1) gaps.set(id, left - 1);
  let last = cursor.last;
  for (const id of [...seen].sort((a, b) => a - b)) {
    if (id <= last) continue;
    for (let missing = last + 1; missing < id && gaps.size < MAX_GAPS; missing++) gaps.set(missing, gapPolls);
    last = id;
  }
  return { last, gaps };
}

/** One server-sent event: `id` makes it resumable (Last-Event-ID); an empty id clears the client's. */
export function sseFrame(event: string, data: unknown, id?: number | ''): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
