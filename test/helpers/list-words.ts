import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';

// alert_list_words (docs/adr/0781) as it must be: a row per word of each unresolved alert's
// title_words, at the alert's organization, status and priority.

type Row = { org_id: string; word: string; status: string; priority: number; alert_id: string };
const key = (r: Row) => JSON.stringify([r.org_id, r.word, r.status, Number(r.priority), r.alert_id]);

/** The rows alert_list_words holds and the rows the alerts say it must, both sorted the same way. */
export async function listWordsAgainstAlerts(db: Kysely<Database>): Promise<{ held: string[]; expected: string[] }> {
  const alerts = await db.selectFrom('alerts').select(['id', 'org_id', 'status', 'priority', 'title_words']).where('status', '<>', 'resolved').execute();
  const expected = alerts
    .flatMap((a) => a.title_words.split(' ').filter(Boolean).map((word) => key({ org_id: a.org_id, word, status: a.status, priority: a.priority, alert_id: a.id })))
    .sort();
  const held = (await db.selectFrom('alert_list_words').selectAll().execute()).map(key).sort();
  return { held, expected };
}
