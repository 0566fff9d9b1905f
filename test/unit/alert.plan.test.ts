import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AlertRow } from '../../src/modules/alert/alert.table.ts';
import { planAck, planResolve, planSignal, type PlanContext } from '../../src/modules/alert/alert.plan.ts';
import { PRIORITIES, normalizeSignal, priorityRank, fittedKey } from '../../src/modules/alert/alert.ts';

let n = 0;
const ctx: PlanContext = {
  orgId: 'org_1', serviceId: 'svc_1', integrationId: null, receiptId: 'rcp_1',
  actor: { type: 'system', id: null }, now: '2026-01-01T00:00:00.000Z',
  newAlertId: () => `alr_${++n}`, newLogId: () => `log_${++n}`,
};
const row = (over: Partial<AlertRow> = {}): AlertRow => ({
  id: 'alr_x', org_id: 'org_1', service_id: 'svc_1', title: 't', title_words: 't', body: '', event_key: 'k', priority: 3, urgency: 'high',
  status: 'open', duplicate_count: 0, source: '', details: '{}', level: 1, integration_id: null,
  created_at: ctx.now, updated_at: ctx.now, last_signal_at: ctx.now, acknowledged_at: null, acknowledged_by: null, maintenance_window_id: null,
  resolved_at: null, resolved_by: null, snoozed_until: null, ...over,
});

describe('alert planning (spec 3)', () => {
  it('a repeat never lowers priority or urgency, and pages exactly when either rises', () => {
    const prio = fc.constantFrom(...PRIORITIES);
    const urg = fc.option(fc.constantFrom('high' as const, 'low' as const), { nil: undefined });
    fc.assert(
      fc.property(prio, fc.constantFrom('high' as const, 'low' as const), prio, urg, (p0, u0, p1, u1) => {
        const existing = row({ priority: priorityRank(p0), urgency: u0 });
        const plan = planSignal(existing, normalizeSignal({ action: 'trigger', title: 't', eventKey: 'k', priority: p1, urgency: u1 }), ctx);
        const after = { ...existing, ...plan.update!.set };
        expect(after.priority).toBeLessThanOrEqual(existing.priority);
        expect(after.urgency === 'high' || existing.urgency === 'low').toBe(true);
        expect(after.duplicate_count).toBe(1);
        const raised = after.priority < existing.priority || after.urgency !== existing.urgency;
        expect(plan.events.map((e) => e.type)).toEqual([raised ? 'alert.priority_raised' : 'alert.repeated']);
        expect(plan.events[0]!.payload.page_urgency !== undefined).toBe(raised);
        expect(plan.result).toMatchObject({ alertId: 'alr_x', deduped: true, resolved: false });
      }),
    );
  });

  it('resolve and ack of nothing plan no writes', () => {
    for (const action of ['resolve', 'acknowledge'] as const) {
      const plan = planSignal(undefined, normalizeSignal({ action, eventKey: 'k' }), ctx);
      expect(plan).toMatchObject({ logs: [], events: [], result: { deduped: false, resolved: false, changed: false } });
      expect(plan.insert ?? plan.update).toBeUndefined();
    }
  });

  it('ack and resolve are idempotent by status', () => {
    expect(planAck(row({ status: 'acknowledged' }), ctx).result.changed).toBe(false);
    expect(planAck(row({ status: 'resolved' }), ctx).result).toMatchObject({ changed: false, status: 'resolved' });
    expect(planResolve(row({ status: 'resolved' }), ctx).result.changed).toBe(false);
    expect(planResolve(row({ status: 'acknowledged' }), ctx).result).toMatchObject({ changed: true, status: 'resolved', resolved: true });
    expect(planAck(row({ status: 'snoozed', snoozed_until: ctx.now }), ctx).update!.set).toMatchObject({ status: 'acknowledged', snoozed_until: null });
  });

  it('the title fallback key fits the event key limit and is stable', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1024 }), (title) => {
        const k = fittedKey(title);
        expect([...k].length).toBeLessThanOrEqual(255);
        expect(fittedKey(title)).toBe(k);
        if ([...title].length <= 255) expect(k).toBe(title);
      }),
    );
  });
});
