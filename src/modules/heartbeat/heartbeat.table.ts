import type { Insertable, Selectable } from 'kysely';
import type { Priority } from '../alert/index.ts';

export interface HeartbeatTable {
  id: string;
  org_id: string;
  service_id: string;
  name: string;
  interval_seconds: number;
  grace_seconds: number;
  priority: Priority;
  enabled: number;
  token_hash: string;
  /** `down` while the alert of the current silence is open (opened once, by compare-and-set). */
  state: 'new' | 'up' | 'down';
  last_ping_at: string | null;
  /** Last ping + interval + grace; null while new, paused or down. */
  deadline_at: string | null;
  created_at: string;
  updated_at: string;
}
export type HeartbeatRow = Selectable<HeartbeatTable>;
export type NewHeartbeatRow = Insertable<HeartbeatTable>;
