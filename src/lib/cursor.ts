import { AppError } from './errors.ts';
import type { IdPrefix } from './ids.ts';

/**
 * Opaque list cursors (PRODUCT.md 6): base64url of a position string. A list takes back only a
 * position of the form it gives, in the exact encoding; anything else is a 400 before the query
 * (docs/adr/0003).
 */
export const encodeCursor = (position: string): string => Buffer.from(position, 'utf8').toString('base64url');

export function decodeCursor<T>(cursor: string | undefined, parse: (position: string) => T | undefined): T | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  const v = encodeCursor(position) === cursor ? parse(position) : undefined;
  if (v === undefined) {
    throw new AppError('invalid_request', 'cursor is not valid; pass the X-Next-Cursor value of the previous page', {
      details: [{ field: 'cursor', message: 'is not a cursor this list issued' }],
    });
  }
  return v;
}

/** The position of a list ordered by id: an id with its prefix, as newId makes them. */
export const idPosition = (prefix: IdPrefix): ((position: string) => string | undefined) => {
  const shape = new RegExp(`^${prefix}_[0-9a-z]{26}$`);
  return (position) => (shape.test(position) ? position : undefined);
};

/**
 * One page of a keyset list: `rows` were fetched with `limit + 1`, and the extra row says whether
 * there is a next page, whose cursor is the position of this page's last row.
 */
export function pageOf<R>(rows: R[], limit: number, position: (last: R) => string): { rows: R[]; nextCursor: string | undefined } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(position(last)) : undefined };
}
