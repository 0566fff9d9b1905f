import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Service } from '../api/client';
import { keys } from '../api/keys';
import { queries } from '../api/queries';
import { ErrorText } from '../ui';
import { useAction } from '../use-action';
import { browserZone, PRIORITY_LIST, useSchedules, type Routing } from '../schedules/data';
import { CHANNEL_LABEL, delayWords } from '../schedules/escalation';
import { formatIn } from '../schedules/timeline';
import '../styles/schedules.css';

type Priority = (typeof PRIORITY_LIST)[number];
type Day = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
const DAYS: Day[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
interface RuleDraft {
  name: string;
  priorities: Priority[];
  urgencies: ('high' | 'low')[];
  window: { time_zone: string; days: Day[]; start: string; end: string } | null;
  schedule_id: string;
}
const cap = (p: string) => p[0]!.toUpperCase() + p.slice(1);

const draftOf = (r: Routing | null | undefined): RuleDraft[] =>
  (r?.rules ?? []).map((x) => ({
    name: x.name,
    priorities: (x.priorities ?? []) as Priority[],
    urgencies: (x.urgencies ?? []) as ('high' | 'low')[],
    window: x.time_window ? { ...x.time_window, days: x.time_window.days as Day[] } : null,
    schedule_id: x.schedule_id,
  }));

/**
 * A service's schedule and routing rules (PRODUCT.md 7.2): routing is the service's, so it is edited
 * here; schedule pages list the services that use them and link back (docs/adr/0603).
 */
export function ServiceRouting({ service, admin }: { service: Service; admin: boolean }) {
  const qc = useQueryClient();
  const schedules = useSchedules();
  const routing = useQuery(queries.routing(service.id));
  const [rules, setRules] = useState<RuleDraft[] | null>(null);
  const a = useAction();
  const list = schedules.data ?? [];
  const nameOfSchedule = (id: string | null) => list.find((s) => s.id === id)?.name ?? 'a schedule';
  const shown = rules ?? draftOf(routing.data);
  const edit = (f: (r: RuleDraft[]) => RuleDraft[]) => setRules(f(shown));
  const scheduleLink = (id: string) => <Link to="/schedules/$scheduleId" params={{ scheduleId: id }}>{nameOfSchedule(id)}</Link>;

  const setDefault = (id: string) =>
    a.run(async () => {
      await must(api.PATCH('/api/services/{id}', { params: { path: { id: service.id } }, body: { schedule_id: id || null } }));
      await Promise.all([qc.invalidateQueries({ queryKey: keys.service(service.id) }), qc.invalidateQueries({ queryKey: keys.services() })]);
      return id ? `This service now pages with ${nameOfSchedule(id)}.` : 'This service has no schedule now.';
    });
  const save = () =>
    a.run(async () => {
      await must(
        api.PUT('/api/services/{id}/routing', {
          params: { path: { id: service.id } },
          body: {
            rules: shown.map((r) => ({
              name: r.name,
              priorities: r.priorities.length ? r.priorities : null,
              urgencies: r.urgencies.length ? r.urgencies : null,
              time_window: r.window,
              schedule_id: r.schedule_id,
            })),
          },
        }),
      );
      setRules(null);
      await Promise.all([qc.invalidateQueries({ queryKey: keys.routing(service.id) }), qc.invalidateQueries({ queryKey: keys.services() })]);
      return 'Routing rules saved.';
    });

  return (
    <section className="stack" aria-labelledby="routing-title">
      <h2 id="routing-title">Schedule and routing</h2>
      {admin ? (
        <label className="field routing-default">
          <span>Schedule (when no routing rule matches)</span>
          <select value={service.schedule_id ?? ''} onChange={(e) => void setDefault(e.target.value)}>
            <option value="">None: pages nobody</option>
            {list.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
      ) : (
        <p>Schedule: {service.schedule_id ? scheduleLink(service.schedule_id) : 'none (pages nobody unless a rule matches)'}</p>
      )}
      {service.schedule_id && admin && <p className="small">Open {scheduleLink(service.schedule_id)} to see who is on call.</p>}
      <ErrorText error={routing.error ?? schedules.error} />
      <h3>Routing rules</h3>
      <p className="muted small">In order: the first rule that matches an alert picks its schedule, when the alert opens.</p>
      {shown.length === 0 && <p className="muted">No routing rules: every alert uses the schedule above.</p>}
      {!admin && shown.length > 0 && (
        <ol>
          {shown.map((r, i) => (
            <li key={i}>
              <strong>{r.name}</strong>: {r.priorities.length ? r.priorities.join(', ') : 'any priority'}
              {r.urgencies.length ? `, ${r.urgencies.join(' or ')} urgency` : ''}
              {r.window ? `, ${r.window.days.join(' ')} ${r.window.start}–${r.window.end} (${r.window.time_zone})` : ''} → {scheduleLink(r.schedule_id)}
            </li>
          ))}
        </ol>
      )}
      {admin && (
        <form
          className="stack"
          aria-label="Routing rules"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {shown.map((r, i) => {
            const set = (patch: Partial<RuleDraft>) => edit((rs) => rs.map((x, j) => (j === i ? { ...x, ...patch } : x)));
            const label = `Rule ${i + 1}`;
            return (
              <fieldset key={i} className="routing-rule stack">
                <legend>{label}{r.name ? `: ${r.name}` : ''}</legend>
                <div className="form-grid">
                  <label className="field"><span>Name</span><input required maxLength={100} value={r.name} onChange={(e) => set({ name: e.target.value })} /></label>
                  <label className="field">
                    <span>Schedule</span>
                    <select required value={r.schedule_id} onChange={(e) => set({ schedule_id: e.target.value })}>
                      <option value="">Choose a schedule</option>
                      {list.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
                    </select>
                  </label>
                </div>
                <fieldset className="people-picker">
                  <legend>{label}: priorities (none ticked: any)</legend>
                  <ul className="inline-checks">
                    {PRIORITY_LIST.map((p) => (
                      <li key={p}><label className="row"><input type="checkbox" checked={r.priorities.includes(p)} onChange={(e) => set({ priorities: e.target.checked ? [...r.priorities, p] : r.priorities.filter((x) => x !== p) })} /><span>{cap(p)}</span></label></li>
                    ))}
                  </ul>
                </fieldset>
                <fieldset className="people-picker">
                  <legend>{label}: urgencies (none ticked: any)</legend>
                  <ul className="inline-checks">
                    {(['high', 'low'] as const).map((u) => (
                      <li key={u}><label className="row"><input type="checkbox" checked={r.urgencies.includes(u)} onChange={(e) => set({ urgencies: e.target.checked ? [...r.urgencies, u] : r.urgencies.filter((x) => x !== u) })} /><span>{cap(u)}</span></label></li>
                    ))}
                  </ul>
                </fieldset>
                <label className="row">
                  <input type="checkbox" checked={!!r.window} onChange={(e) => set({ window: e.target.checked ? { time_zone: browserZone(), days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' } : null })} />
                  <span>Only during a time window</span>
                </label>
                {r.window && (
                  <div className="form-grid">
                    <label className="field"><span>{label} window time zone</span><input required value={r.window.time_zone} onChange={(e) => set({ window: { ...r.window!, time_zone: e.target.value } })} /></label>
                    <label className="field"><span>{label} window start</span><input type="time" required value={r.window.start} onChange={(e) => set({ window: { ...r.window!, start: e.target.value } })} /></label>
                    <label className="field"><span>{label} window end</span><input type="time" required value={r.window.end} onChange={(e) => set({ window: { ...r.window!, end: e.target.value } })} /></label>
                    <fieldset className="people-picker span-all">
                      <legend>{label}: days</legend>
                      <ul className="inline-checks">
                        {DAYS.map((d) => (
                          <li key={d}><label className="row"><input type="checkbox" checked={r.window!.days.includes(d)} onChange={(e) => set({ window: { ...r.window!, days: e.target.checked ? [...r.window!.days, d] : r.window!.days.filter((x) => x !== d) } })} /><span>{cap(d)}</span></label></li>
                        ))}
                      </ul>
                    </fieldset>
                  </div>
                )}
                <div className="row wrap">
                  <button type="button" className="button small" disabled={i === 0} onClick={() => edit((rs) => { const c = [...rs]; [c[i - 1], c[i]] = [c[i]!, c[i - 1]!]; return c; })}>Move {label.toLowerCase()} up</button>
                  <button type="button" className="button small danger" onClick={() => edit((rs) => rs.filter((_, j) => j !== i))}>Remove {label.toLowerCase()}</button>
                </div>
              </fieldset>
            );
          })}
          <div className="row wrap">
            <button type="button" className="button" onClick={() => edit((rs) => [...rs, { name: `Rule ${rs.length + 1}`, priorities: [], urgencies: [], window: null, schedule_id: list[0]?.id ?? '' }])}>Add a routing rule</button>
            <button type="submit" className="button primary" disabled={rules === null}>Save routing rules</button>
          </div>
        </form>
      )}
      <ErrorText error={a.error} />
      <p role="status" className="muted small">{a.note}</p>
      <RoutingPreview service={service} scheduleName={nameOfSchedule} zoneOf={(id) => list.find((x) => x.id === id)?.time_zone ?? 'UTC'} />
    </section>
  );
}

/** POST …/routing/preview: which schedule an alert would get now, and who would be paged how. */
function RoutingPreview({ service, scheduleName, zoneOf }: { service: Service; scheduleName: (id: string | null) => string; zoneOf: (id: string | null) => string }) {
  const [priority, setPriority] = useState<Priority>('critical');
  const [urgency, setUrgency] = useState<'high' | 'low'>('high');
  const preview = useQuery({
    queryKey: keys.routingPreview(service.id, priority, urgency, service.schedule_id),
    queryFn: () => must(api.POST('/api/services/{id}/routing/preview', { params: { path: { id: service.id } }, body: { priority, urgency } })),
  });
  const p = preview.data;
  const zone = zoneOf(p?.schedule_id ?? null);
  return (
    <div className="stack">
      <h3>If an alert came in now</h3>
      <div className="row wrap end-align">
        <label className="field">
          <span>Priority</span>
          <select value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>{PRIORITY_LIST.map((x) => <option key={x} value={x}>{cap(x)}</option>)}</select>
        </label>
        <label className="field">
          <span>Urgency</span>
          <select value={urgency} onChange={(e) => setUrgency(e.target.value as 'high' | 'low')}><option value="high">High</option><option value="low">Low</option></select>
        </label>
      </div>
      <ErrorText error={preview.error} />
      {p && (
        <div className="stack" data-testid="routing-preview">
          <p>{p.schedule_id ? <>Routed to <Link to="/schedules/$scheduleId" params={{ scheduleId: p.schedule_id }}>{scheduleName(p.schedule_id)}</Link>.</> : 'No schedule: nobody would be paged.'}</p>
          {p.warnings.length > 0 && (
            // PRODUCT.md 10: each person no step can reach, and whether email stands in (docs/adr/0730).
            <ul className="plan-warnings" data-testid="routing-preview-warnings">
              {p.warnings.map((w, i) => <li key={i} className="paging-nobody_on_call small"><span aria-hidden="true">!</span> {w}</li>)}
            </ul>
          )}
          <ol className="plan">
            {p.levels.map((l) => (
              <li key={l.level} className="plan-level">
                <div className="plan-head"><strong>Level {l.level}</strong><span className="muted small">{l.level === 1 ? 'at once' : `at ${formatIn(Date.parse(l.starts_at), zone)} (${zone}) if nobody acknowledged`}</span></div>
                {l.pages.length === 0 ? (
                  <p className="paging-nobody_on_call small"><span aria-hidden="true">!</span> Nobody would be paged at this level.</p>
                ) : (
                  <ul className="plan-pages">
                    {l.pages.map((x, i) => (
                      <li key={i} className={x.skipped ? 'skipped' : ''}>
                        {x.name}: {CHANNEL_LABEL[x.channel] ?? x.channel} {delayWords(x.delay_seconds)}{x.skipped && <span className="muted small"> (skipped: {x.skipped})</span>}{x.fallback && <span className="muted small"> (fallback: no other step reaches {x.name})</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
