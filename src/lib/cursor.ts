import { createHash } from 'node:crypto';
import { AppError } from './errors.ts';
import type { IdPrefix } from './ids.ts';

/**
 * Opaque list cursors (PRODUCT.md 6): base64url of the list's scope (the organization, person or
 * alert whose list it is) and a position in that list. A list takes back only what it issued: the
 * same scope, a position of the form it gives, in the exact encoding. Another organization's
 * cursor, another list's, or an altered one is a 400, not a page from somewhere else
 * (docs/adr/0003).
 */
export const encodeCursor = (scope: string, position: string): string => Buffer.from(`${scope} ${position}`, 'utf8').toString('base64url');

export function decodeCursor<T>(cursor: string | undefined, scope: string, parse: (position: string) => T | undefined): T | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const issued = text.startsWith(`${scope} `) && encodeCursor(scope, text.slice(scope.length + 1)) === cursor;
  const v = issued ? parse(text.slice(scope.length + 1)) : undefined;
  if (v === undefined) {
    throw new AppError('invalid_request', 'cursor is not valid for this list; pass the X-Next-Cursor value of the previous page with the same filters (or follow its Link header)', {
      details: [{ field: 'cursor', message: 'is not a cursor this list issued for these filters' }],
    });
  }
  return v;
}

/**
 * A list's scope narrowed by its filters, so a cursor goes on only the list it was issued for: a
 * client that passes the cursor without the filters (or with others) gets a 400, not a page of
 * another list (found by a new-user audit, 2026-11-23). Filters left out are omitted, so an
 * unfiltered list's cursors are the scope alone. `filters` values must be canonical (sorted sets).
 */
export function filteredScope(scope: string, filters: Record<string, unknown>): string {
  const given = Object.entries(filters).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0));
  if (!given.length) return scope;
  return `${scope}~${createHash('sha256').update(JSON.stringify(given.sort(([a], [b]) => (a < b ? -1 : 1)))).digest('base64url').slice(0, 16)}`;
}

/** The position of a list ordered by id: an id with its prefix, as newId makes them. */
export const idPosition = (prefix: IdPrefix): ((position: string) => string | undefined) => {
  const shape = new RegExp(`^${prefix}_[0-9a-z]{26}$`);
  return (position) => (shape.test(position) ? position : undefined);
};

/**
 * One page of a keyset list: `rows` were fetched with `limit + 1`, and the extra row says whether
 * there is a next page, whose cursor is the position of this page's last row in `scope`.
 */
export function pageOf<R>(rows: R[], limit: number, scope: string, position: (last: R) => string): { rows: R[]; nextCursor: string | undefined } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(scope, position(last)) : undefined };
}
