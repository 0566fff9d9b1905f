import { type Kysely, sql } from 'kysely';

// The open high-urgency alerts (issue 41; docs/adr/0872): the escalation job takes their due
// escalations first, and with the urgency on `alerts` no index served that order, so every run
// joined every due escalation to every alert (a fill of a million low-urgency alerts: seconds a
// run). With this partial index (high urgency, by status) the high-urgency part reads only the open high-urgency alerts, and
// the rest comes from alert_escalations_next_at in order, a batch's worth.
// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index alerts_high_urgency on alerts (status, id) where urgency = 'high'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index alerts_high_urgency`.execute(db);
}
