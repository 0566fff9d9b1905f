import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, idPosition, pageOf } from '../../lib/cursor.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import type { IntegrationService } from '../integration/index.ts';
import * as repo from './service.repository.ts';
import type { ServiceRow } from './service.table.ts';

export const rowToService = (r: ServiceRow) => ({
  id: r.id,
  org_id: r.org_id,
  name: r.name,
  description: r.description,
  schedule_id: r.schedule_id,
  // no_schedule: alerts that no routing rule sends elsewhere page nobody (PRODUCT.md 7.3).
  paging: r.schedule_id === null ? ('no_schedule' as const) : ('ok' as const),
  dedupe_mode: r.dedupe_mode,
  ack_timeout_minutes: r.ack_timeout_minutes ?? null,
  auto_resolve_minutes: r.auto_resolve_minutes ?? null,
  // The maintenance window holding its paging now (PRODUCT.md 11), filled in by the reads.
  maintenance: null as ServiceMaintenance | null,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export interface ServiceMaintenance {
  id: string;
  until: string;
}

export interface ServiceCreateInput {
  name: string;
  ack_timeout_minutes?: number | null | undefined;
  auto_resolve_minutes?: number | null | undefined;
  description?: string | undefined;
  schedule_id?: string | null | undefined;
  dedupe_mode?: 'event_key_only' | undefined;
}
export interface ServicePatchInput {
  name?: string | undefined;
  ack_timeout_minutes?: number | null | undefined;
  auto_resolve_minutes?: number | null | undefined;
  description?: string | undefined;
  schedule_id?: string | null | undefined;
  dedupe_mode?: 'event_key_only' | undefined;
}

const nameTaken = (name: string) => conflict(`A service named "${name}" already exists in this organization; choose another name.`);
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE' || /services_org_name_unique/.test(err.message ?? '');
};

export function createServiceService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  integrations: Pick<IntegrationService, 'createDefaultWebhookTx'>;
  /** 400 unless the id names a schedule of the organization (the schedule module, issue 20). */
  schedules: { assertSchedule(trx: Kysely<Database>, orgId: string, scheduleId: string): Promise<void> };
  /** Each service's `paging` (PRODUCT.md 7.3): ok, no_schedule, nobody_on_call or unreachable, from the paging engine. */
  pagingOf?: (orgId: string, serviceIds: string[]) => Promise<Map<string, 'ok' | 'no_schedule' | 'nobody_on_call' | 'unreachable'>>;
  /** The maintenance window active now for each service in one (PRODUCT.md 11), from the maintenance module. */
  maintenanceOf?: (orgId: string, serviceIds: string[]) => Promise<Map<string, ServiceMaintenance>>;
}) {
  const { db, clock } = deps;
  async function reads(orgId: string, rows: ServiceRow[]) {
    const ids = rows.map((r) => r.id);
    const [paging, maintenance] = await Promise.all([deps.pagingOf?.(orgId, ids), deps.maintenanceOf?.(orgId, ids)]);
    return rows.map((r) => ({ ...rowToService(r), ...(paging?.has(r.id) ? { paging: paging.get(r.id)! } : {}), maintenance: maintenance?.get(r.id) ?? null }));
  }
  return {
    /** Creates the service and its default native webhook source in one transaction. */
    async create(actor: UserActor, input: ServiceCreateInput, meta: RequestMeta) {
      const now = clock.now().toISOString();
      const row: ServiceRow = {
        id: newId('svc'),
        org_id: actor.orgId,
        name: input.name.trim(),
        description: input.description ?? '',
        schedule_id: input.schedule_id ?? null,
        dedupe_mode: input.dedupe_mode ?? 'event_key_only',
        ack_timeout_minutes: input.ack_timeout_minutes ?? null,
        auto_resolve_minutes: input.auto_resolve_minutes ?? null,
        created_at: now,
        updated_at: now,
      };
      try {
        return await db.transaction().execute(async (trx) => {
          if (row.schedule_id !== null) await deps.schedules.assertSchedule(trx, actor.orgId, row.schedule_id);
          await repo.insertService(trx, row);
          const integration = await deps.integrations.createDefaultWebhookTx(trx, { orgId: actor.orgId, serviceId: row.id, now });
          await recordAudit(trx, { orgId: actor.orgId, actor, action: 'service.create', targetType: 'service', targetId: row.id, changes: { name: row.name }, meta, now });
          return { ...rowToService(row), default_integration: integration };
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw nameTaken(row.name);
        throw e;
      }
    },

    async list(orgId: string, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, orgId, idPosition('svc'));
      const rows = await repo.listServices(db, orgId, after, limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, limit, orgId, (last) => last.id);
      return { items: await reads(orgId, page), nextCursor };
    },

    async get(orgId: string, id: string) {
      const row = await repo.findService(db, orgId, id);
      if (!row) throw notFound('Service', id);
      return (await reads(orgId, [row]))[0]!;
    },

    async update(actor: UserActor, id: string, input: ServicePatchInput, meta: RequestMeta) {
      const now = clock.now().toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await repo.findService(trx, actor.orgId, id);
          if (!row) throw notFound('Service', id);
          if (input.schedule_id) await deps.schedules.assertSchedule(trx, actor.orgId, input.schedule_id);
          const set = {
            ...(input.name !== undefined ? { name: input.name.trim() } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.schedule_id !== undefined ? { schedule_id: input.schedule_id } : {}),
            ...(input.dedupe_mode !== undefined ? { dedupe_mode: input.dedupe_mode } : {}),
            ...(input.ack_timeout_minutes !== undefined ? { ack_timeout_minutes: input.ack_timeout_minutes } : {}),
            ...(input.auto_resolve_minutes !== undefined ? { auto_resolve_minutes: input.auto_resolve_minutes } : {}),
          };
          await repo.updateService(trx, id, { ...set, updated_at: now });
          await recordAudit(trx, { orgId: actor.orgId, actor, action: 'service.update', targetType: 'service', targetId: id, changes: set, meta, now });
          return rowToService({ ...row, ...set, updated_at: now });
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw nameTaken(input.name ?? '');
        throw e;
      }
    },

    /** Deletes the service, its direct sources and its alerts. Refused while a vendor connection falls back to it. */
    async remove(actor: UserActor, id: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await repo.findService(trx, actor.orgId, id);
        if (!row) throw notFound('Service', id);
        const blockers = await repo.integrationsFallingBackTo(trx, actor.orgId, id);
        if (blockers.length) {
          throw conflict(`The service is the fallback or a routing-rule target of integration(s) ${blockers.join(', ')}; change their fallback_service_id or routing_rules first.`);
        }
        await repo.deleteService(trx, id);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'service.delete', targetType: 'service', targetId: id, changes: { name: row.name }, meta, now });
      });
      return { ok: true as const };
    },
  };
}
export type ServiceService = ReturnType<typeof createServiceService>;
