import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, type FieldProblem, notFound } from '../../lib/errors.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import * as repo from './schedule.repository.ts';
import type { RoutingRule } from './schedule.ts';
import type { ServiceRoutingRuleRow } from './schedule.table.ts';
import { ianaZone } from './tz.ts';

export const rulesOf = (rows: ServiceRoutingRuleRow[]): RoutingRule[] =>
  rows.map((r) => ({
    name: r.name,
    priorities: r.priorities === null ? null : JSON.parse(r.priorities),
    urgencies: r.urgencies === null ? null : JSON.parse(r.urgencies),
    time_window: r.time_window === null ? null : JSON.parse(r.time_window),
    schedule_id: r.schedule_id,
  }));

/** A service's routing to schedules (PRODUCT.md 7.2): ordered rules, first match wins. */
export function createRoutingService(deps: { db: Kysely<Database>; dialect: Dialect; clock: Clock }) {
  const { db, dialect, clock } = deps;
  return {
    /** The service's routing, or null when it was never set. */
    async get(orgId: string, serviceId: string) {
      if (!(await repo.findServiceOf(db, orgId, serviceId))) throw notFound('Service', serviceId);
      const r = await repo.routingOf(db, serviceId);
      return r ? { service_id: serviceId, rules: rulesOf(r.rules), updated_at: r.updated_at } : null;
    },

    async put(actor: UserActor, serviceId: string, input: { rules: RoutingRule[] }, meta: RequestMeta) {
      const iso = clock.now().toISOString();
      return db.transaction().execute(async (trx) => {
        if (!(await repo.findServiceOf(trx, actor.orgId, serviceId, dialect))) throw notFound('Service', serviceId);
        // Read with a share lock: a schedule a rule names cannot be deleted before this commits.
        const known = await repo.schedulesAmong(trx, actor.orgId, input.rules.map((r) => r.schedule_id), dialect);
        const problems: FieldProblem[] = [];
        const rows: ServiceRoutingRuleRow[] = input.rules.map((r, i) => {
          if (!known.has(r.schedule_id)) problems.push({ field: `rules.${i}.schedule_id`, message: `"${r.schedule_id}" is not a schedule of this organization` });
          let window = r.time_window ?? null;
          if (window) {
            const zone = ianaZone(window.time_zone);
            if (!zone) problems.push({ field: `rules.${i}.time_window.time_zone`, message: `"${window.time_zone}" is not an IANA time zone; use a name such as "Europe/Berlin" or "UTC"` });
            else window = { ...window, time_zone: zone };
          }
          return {
            service_id: serviceId, ordinal: i, org_id: actor.orgId, name: r.name.trim() || `rule ${i + 1}`,
            priorities: r.priorities ? JSON.stringify([...new Set(r.priorities)]) : null,
            urgencies: r.urgencies ? JSON.stringify([...new Set(r.urgencies)]) : null,
            time_window: window ? JSON.stringify({ time_zone: window.time_zone, days: [...new Set(window.days)], start: window.start, end: window.end }) : null,
            schedule_id: r.schedule_id,
          };
        });
        if (problems.length) throw new AppError('invalid_request', problems.map((p) => `${p.field}: ${p.message}`).join('; '), { details: problems });
        await repo.writeRouting(trx, serviceId, iso, rows);
        const rules = rulesOf(rows);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'service.routing_update', targetType: 'service', targetId: serviceId, changes: { rules }, meta, now: iso });
        return { service_id: serviceId, rules, updated_at: iso };
      });
    },
  };
}
export type RoutingService = ReturnType<typeof createRoutingService>;
