import type { Insertable, Selectable } from 'kysely';

export interface ScheduleTable {
  id: string;
  org_id: string;
  name: string;
  description: string;
  time_zone: string;
  repeat: number;
  created_at: string;
  updated_at: string;
}
export type ScheduleRow = Selectable<ScheduleTable>;

export interface ScheduleLevelTable {
  schedule_id: string;
  level: number;
  timeout_minutes: number;
}
export type ScheduleLevelRow = Selectable<ScheduleLevelTable>;

export interface ScheduleLayerTable {
  id: string;
  schedule_id: string;
  level: number;
  ordinal: number;
  name: string;
  precedence: number;
  rotation_unit: 'hour' | 'day' | 'week' | 'month';
  rotation_length: number;
  handoff_local: string;
  rotation_offset: number;
  /** JSON array of {days, start, end}. */
  restrictions: string;
  effective_from: string | null;
  effective_until: string | null;
  created_at: string;
  updated_at: string;
}
export type ScheduleLayerRow = Selectable<ScheduleLayerTable>;
export type NewScheduleLayerRow = Insertable<ScheduleLayerTable>;

export interface LayerParticipantTable {
  layer_id: string;
  ordinal: number;
  user_id: string;
}

export interface ScheduleOverrideTable {
  id: string;
  schedule_id: string;
  level: number;
  layer_id: string | null;
  kind: 'add' | 'remove' | 'replace';
  add_user_id: string | null;
  remove_user_id: string | null;
  start_at: string;
  end_at: string;
  note: string;
  created_by: string | null;
  created_at: string;
}
export type ScheduleOverrideRow = Selectable<ScheduleOverrideTable>;

export interface LevelChannelTable {
  schedule_id: string;
  level: number;
  priority: 'critical' | 'high' | 'medium' | 'low' | 'info';
  /** JSON array of {channel, delay_seconds, destination_id?}. */
  steps: string;
  updated_at: string;
}
export type LevelChannelRow = Selectable<LevelChannelTable>;

export interface ServiceRoutingTable {
  service_id: string;
  updated_at: string;
}
export interface ServiceRoutingRuleTable {
  service_id: string;
  ordinal: number;
  org_id: string;
  name: string;
  /** JSON arrays, null when the rule does not look at the field. */
  priorities: string | null;
  urgencies: string | null;
  /** JSON {time_zone, days, start, end}, or null. */
  time_window: string | null;
  schedule_id: string;
}
export type ServiceRoutingRuleRow = Selectable<ServiceRoutingRuleTable>;

export interface CalendarFeedTable {
  id: string;
  org_id: string;
  user_id: string;
  name: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}
export type CalendarFeedRow = Selectable<CalendarFeedTable>;
