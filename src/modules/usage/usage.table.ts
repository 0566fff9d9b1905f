import type { Selectable } from 'kysely';

/** Alerts created per organization and UTC hour (docs/adr/0543-usage-counters.md). */
export interface UsageHourTable {
  org_id: string;
  /** 'YYYY-MM-DDTHH' (UTC): the first 13 characters of the alerts' created_at. */
  hour: string;
  /** PostgreSQL: the writing connection's backend pid modulo 8; SQLite: 0. */
  shard: number;
  alerts_created: number;
}
export type UsageHourRow = Selectable<UsageHourTable>;
