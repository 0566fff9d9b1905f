import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OrgBillingRow, OrgBillingUpdate } from './billing.table.ts';

/** The billing row of an organization, created on first use (free plan, the current month). */
export async function ensureBilling(db: Kysely<Database>, orgId: string, init: { periodStart: string; periodEnd: string; now: string }): Promise<OrgBillingRow> {
  await db
    .insertInto('org_billing')
    .values({
      org_id: orgId, plan: 'free', status: 'active', period_start: init.periodStart, period_end: init.periodEnd,
      stripe_customer_id: null, stripe_subscription_id: null, stripe_event_created: null, updated_at: init.now,
    })
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();
  return db.selectFrom('org_billing').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
}
export async function updateBilling(db: Kysely<Database>, orgId: string, set: OrgBillingUpdate): Promise<void> {
  await db.updateTable('org_billing').set(set).where('org_id', '=', orgId).execute();
}
export async function findByCustomer(db: Kysely<Database>, customerId: string): Promise<OrgBillingRow | undefined> {
  return db.selectFrom('org_billing').selectAll().where('stripe_customer_id', '=', customerId).executeTakeFirst();
}
export async function orgExists(db: Kysely<Database>, orgId: string): Promise<boolean> {
  return !!(await db.selectFrom('organizations').select('id').where('id', '=', orgId).executeTakeFirst());
}
export async function countSeats(db: Kysely<Database>, orgId: string): Promise<number> {
  const r = await db.selectFrom('memberships').select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', orgId).executeTakeFirst();
  return Number(r?.n ?? 0);
}
export async function readUsage(db: Kysely<Database>, orgId: string, periodStart: string) {
  const r = await db.selectFrom('usage_counters').selectAll().where('org_id', '=', orgId).where('period_start', '=', periodStart).executeTakeFirst();
  return { sms_used: Number(r?.sms_used ?? 0), voice_minutes_used: Number(r?.voice_minutes_used ?? 0) };
}

export type Meter = 'sms_used' | 'voice_minutes_used';

/**
 * Adds `n` to a usage counter only while it stays within `limit`, in one conditional UPDATE, so
 * concurrent senders can never overshoot the plan. Returns false when the limit would be passed;
 * a null limit only counts.
 */
export async function consume(db: Kysely<Database>, orgId: string, periodStart: string, meter: Meter, n: number, limit: number | null): Promise<boolean> {
  await db
    .insertInto('usage_counters')
    .values({ org_id: orgId, period_start: periodStart, sms_used: 0, voice_minutes_used: 0 })
    .onConflict((oc) => oc.columns(['org_id', 'period_start']).doNothing())
    .execute();
  const r = await db
    .updateTable('usage_counters')
    .set({ [meter]: sql`${sql.ref(meter)} + ${n}` })
    .where('org_id', '=', orgId)
    .where('period_start', '=', periodStart)
    .$if(limit !== null, (q) => q.where(sql<boolean>`${sql.ref(meter)} + ${n} <= ${limit}`))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives back what `consume` took when the send then failed. */
export async function release(db: Kysely<Database>, orgId: string, periodStart: string, meter: Meter, n: number): Promise<void> {
  await db
    .updateTable('usage_counters')
    .set({ [meter]: sql`case when ${sql.ref(meter)} >= ${n} then ${sql.ref(meter)} - ${n} else 0 end` })
    .where('org_id', '=', orgId)
    .where('period_start', '=', periodStart)
    .execute();
}
