import type { Selectable } from 'kysely';

export interface MaintenanceWindowTable {
  id: string;
  org_id: string;
  name: string;
  /** JSON array of service ids. */
  service_ids: string;
  /** A one-off window: its instants. */
  start_at: string | null;
  end_at: string | null;
  /** A weekly window: zone, JSON array of days, "HH:MM" local, minutes. */
  time_zone: string | null;
  days: string | null;
  start_local: string | null;
  duration_minutes: number | null;
  page_when_over: number;
  /** "End now": the occurrence running then stops at this instant. */
  ended_at: string | null;
  created_at: string;
  updated_at: string;
}
export type MaintenanceWindowRow = Selectable<MaintenanceWindowTable>;
