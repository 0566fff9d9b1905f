import type { Priority, Urgency } from '../alert/index.ts';
import type { Channel } from './delivery.port.ts';

/**
 * What the paging engine reads of schedules, routing and level channels (PRODUCT.md 7.1–7.3).
 * The schedule module implements it (`createOnCallDirectory(db)` in its index) over its tables
 * and its pure on-call computation; the engine's tests may use an in-memory one.
 */
export interface ChannelStep {
  channel: Channel;
  delay_seconds: number;
  /** A `chat` step's webhook destination (`whk_…`). */
  destination_id?: string;
}

export interface SchedulePlan {
  scheduleId: string;
  timeZone: string;
  /** How many times the levels run again from level 1 after the last (0–9). */
  repeat: number;
  /** Levels 1..N in order. */
  levels: { level: number; timeoutMinutes: number }[];
}

export interface OnCallDirectory {
  /** The schedule's escalation shape now; undefined when it no longer exists in the organization. */
  plan(orgId: string, scheduleId: string): Promise<SchedulePlan | undefined>;
  /** User ids on call at `level` at instant `at` (rotation, restrictions, overrides applied), de-duplicated, stable order. */
  onCall(orgId: string, scheduleId: string, level: number, at: Date): Promise<string[]>;
  /** The steps of (level, priority): the entries set, else PRODUCT.md 7.2's defaults. */
  steps(orgId: string, scheduleId: string, level: number, priority: Priority): Promise<ChannelStep[]>;
  /** The schedule routing picks for a new alert (first matching rule, else the service's schedule_id); null: none. */
  chooseSchedule(orgId: string, serviceId: string, alert: { priority: Priority; urgency: Urgency }, at: Date): Promise<string | null>;
  /** chooseSchedule for a batch of alerts in a few reads, in the order asked. Absent: one chooseSchedule each. */
  chooseSchedules?(list: readonly { orgId: string; serviceId: string; alert: { priority: Priority; urgency: Urgency } }[], at: Date): Promise<(string | null)[]>;
  /**
   * Every shift of every schedule of the organization that starts in (from, to], overrides
   * included, with its true start and end (handoff notices, PRODUCT.md 10). Absent: no notices.
   */
  shiftsStarting?(orgId: string, from: Date, to: Date): Promise<UpcomingShift[]>;
}

export interface UpcomingShift {
  scheduleId: string;
  scheduleName: string;
  timeZone: string;
  level: number;
  userId: string;
  start: number;
  end: number;
}
