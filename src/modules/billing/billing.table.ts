import type { Selectable, Updateable } from 'kysely';
import type { PlanId } from './plans.ts';

export interface OrgBillingTable {
  org_id: string;
  plan: PlanId;
  /** `active` for the none provider; Stripe's subscription status otherwise. */
  status: string;
  period_start: string;
  period_end: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_event_created: number | string | null;
  updated_at: string;
}
export type OrgBillingRow = Selectable<OrgBillingTable>;
export type OrgBillingUpdate = Updateable<OrgBillingTable>;

export interface UsageCounterTable {
  org_id: string;
  period_start: string;
  sms_used: number;
  voice_minutes_used: number;
}
