import type pg from 'pg';

/**
 * A statement prepared with SQL PREPARE, so that EXECUTE can share a simple-protocol query (one
 * round trip) with BEGIN or COMMIT and still skip parsing and planning. node-postgres's named
 * statements cannot: a query with parameters is a single statement.
 */
export interface PreparedSql {
  name: string;
  /** Parameter types, in order. */
  params: readonly string[];
  text: string;
}

/** Names prepared per connection; a connection's prepared statements live as long as it does. */
const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();

/** Prepares what this connection lacks (PREPARE is not transactional: it outlives a rollback). */
export async function ensurePrepared(client: pg.ClientBase, statements: readonly PreparedSql[]): Promise<void> {
  let known = preparedOn.get(client);
  if (known && statements.every((s) => known!.has(s.name))) return;
  if (!known) preparedOn.set(client, (known = new Set()));
  const names = statements.map((s) => s.name);
  const found = await client.query<{ name: string }>('select name from pg_prepared_statements where name = any($1)', [names]);
  for (const r of found.rows) known.add(r.name);
  const missing = statements.filter((s) => !known!.has(s.name));
  if (!missing.length) return;
  await client.query(missing.map((s) => `prepare ${s.name}(${s.params.join(', ')}) as ${s.text}`).join(';\n'));
  for (const s of missing) known.add(s.name);
}

/** Quoted column names for a statement's text, optionally qualified (`u."id", u."title"`). */
export const columnList = (cols: readonly string[], qualifier = ''): string => cols.map((c) => `${qualifier}"${c}"`).join(', ');

/** EXECUTE of a prepared statement with SQL literals as its arguments. */
export const executeSql = (s: PreparedSql, literals: readonly string[]): string => `execute ${s.name}(${literals.join(', ')})`;

/** A string as an E'' literal: every quote and backslash doubled, exact whatever standard_conforming_strings says. */
export const sqlLiteral = (s: string): string => `E'${s.replace(/['\\]/g, '$&$&')}'`;

/**
 * A value as a literal of JSON text: dollar-quoted (no escaping to do) unless the text holds the
 * quote's tag. JSON.stringify escapes a lone surrogate as \udXXX, which PostgreSQL's json input
 * rejects: it becomes U+FFFD, what the text protocol writes for one.
 */
export function jsonLiteral(value: unknown): string {
  let json = JSON.stringify(value);
  if (json.includes('\\ud')) json = json.replace(/(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g, '$1\\ufffd');
  return json.includes('$j$') ? sqlLiteral(json) : `$j$${json}$j$`;
}

/** Strings as a literal of a text[] (input syntax: every element double-quoted). */
export const textArrayLiteral = (values: readonly string[]): string =>
  sqlLiteral(`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
