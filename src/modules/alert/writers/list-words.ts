// alert_list_words (docs/adr/0781): each unresolved alert's words in list order. The database
// keeps them on every change and delete (triggers of migration 2026-12-06T100000), and on
// PostgreSQL on insert too; on SQLite an inserted alert's rows are written by the writer that
// inserted it, in its transaction (an insert trigger costs a statement journal an alert, ADR
// 0556): this statement, the same for the ingest batch (at its end) and insertIfNoOpen.

/**
 * SQLite: the rows of the unresolved alerts `where` selects (a condition on `a`, the alerts; `?`
 * parameters allowed). title_words holds distinct words of letters, digits and marks (no quote
 * or backslash) one space apart, so it reads as a JSON array.
 */
export const sqliteListWordsInsertSql = (where: string): string =>
  `insert into alert_list_words (org_id, word, status, priority, alert_id)
     select a.org_id, w.value, a.status, a.priority, a.id from alerts a, json_each('["' || replace(a.title_words, ' ', '","') || '"]') w
     where ${where} and a.status <> 'resolved' and a.title_words <> ''`;
