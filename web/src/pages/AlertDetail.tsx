import { useMemo, useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type TimelineEntry } from '../api/client';
import { keys } from '../api/keys';
import { ago, displayName, PRIORITIES, when, whenExact } from '../format';
import { canAct } from '../permissions';
import { ErrorText, PriorityBadge, StatusBadge, useMe } from '../ui';
import { useServices } from './Alerts';
import { useMembers } from '../components/admin';

/** Who did it, in words: a member's name, the system, a source. */
function actorName(actor: TimelineEntry['actor'], names: Map<string, string>): string {
  if (actor.type === 'user' && actor.id) return names.get(actor.id) ?? 'a former member';
  if (actor.type === 'system') return 'Klaxon';
  if (actor.type === 'integration' || actor.type === 'integration_key' || actor.type === 'source') return 'the source';
  if (actor.type === 'api_key') return 'an API key';
  return actor.type.replace(/_/g, ' ');
}

/**
 * Who acknowledged or resolved the alert, from its `…_by` id: a member by name, Klaxon, or a source
 * or key as the timeline entry that did it names them ('Resolved by source "Grafana"'), never
 * "a member" for what no member did (issue 34 item 7).
 */
function byWhom(id: string | null, kind: 'acknowledged' | 'resolved', timeline: TimelineEntry[] | undefined, names: Map<string, string>): string {
  if (!id) return '';
  const member = names.get(id);
  if (member) return ` by ${member}`;
  if (id === 'system') return ' by Klaxon';
  const entries = timeline ?? [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.kind !== kind || e.actor.id !== id) continue;
    const said = /^\S+ by (.+)$/.exec(e.message)?.[1];
    if (said) return ` by ${said}`;
    break;
  }
  if (id.startsWith('int_')) return ' by a source';
  if (id.startsWith('key_')) return ' by an API key';
  return ' by a former member';
}

/** The entry's sentence; the actor's name is added only when the sentence does not already say who. */
function withActor(e: TimelineEntry, names: Map<string, string>): string {
  if (e.actor.type === 'system' || e.actor.type !== 'user') return e.message;
  const who = actorName(e.actor, names);
  return e.message.includes(who) || (e.actor.id && e.message.includes(e.actor.id)) ? e.message : `${e.message} — ${who}`;
}

export function AlertDetailPage() {
  const { alertId } = useParams({ from: '/app/alerts/$alertId' });
  const me = useMe();
  const qc = useQueryClient();
  const alert = useQuery({ queryKey: keys.alert(alertId), queryFn: () => must(api.GET('/api/alerts/{id}', { params: { path: { id: alertId } } })) });
  const timeline = useQuery({
    queryKey: keys.alertTimeline(alertId),
    queryFn: () => must(api.GET('/api/alerts/{id}/timeline', { params: { path: { id: alertId }, query: { limit: 500 } } })),
  });
  const services = useServices();
  const members = useMembers();
  const names = useMemo(() => new Map((members.data ?? []).map((m) => [m.user_id, displayName(m)])), [members.data]);
  const [message, setMessage] = useState<string>();
  const act = useMutation({
    mutationFn: async (fn: () => Promise<unknown>) => fn(),
    onSuccess: () => setMessage(undefined),
    onError: (err) => setMessage(err instanceof Error ? err.message : String(err)),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.alert(alertId) }).then(() => qc.invalidateQueries({ queryKey: keys.alerts() })),
  });
  const path = { params: { path: { id: alertId } } };

  if (alert.error) return <><BackLink /><ErrorText error={alert.error} /></>;
  if (!alert.data) return <p aria-busy="true">Loading…</p>;
  const a = alert.data;
  const service = services.data?.find((s) => s.id === a.service_id);
  const open = a.status !== 'resolved';
  const acts = canAct(me.role);

  return (
    <article className="stack" aria-labelledby="alert-title">
      <BackLink />
      <header className="alert-head">
        <div className="row wrap">
          <StatusBadge status={a.status} />
          <PriorityBadge priority={a.priority} />
          <span className="badge">{a.urgency === 'high' ? 'High urgency' : 'Low urgency'}</span>
        </div>
        <h1 id="alert-title">{a.title}</h1>
        {a.maintenance_window_id && <MaintenanceBanner id={a.maintenance_window_id} />}
        <dl className="facts">
          <div><dt>Service</dt><dd>{service ? <Link to="/services/$serviceId" params={{ serviceId: service.id }}>{service.name}</Link> : a.service_id}</dd></div>
          <div><dt>Opened</dt><dd><time dateTime={a.created_at}>{when(a.created_at)}</time></dd></div>
          <div><dt>Last signal</dt><dd>{ago(a.last_signal_at)}</dd></div>
          <div><dt>Repeats</dt><dd>{a.duplicate_count}</dd></div>
          <div><dt>Escalation level</dt><dd>{a.level}</dd></div>
          {a.acknowledged_at && <div><dt>Acknowledged</dt><dd>{when(a.acknowledged_at)}{byWhom(a.acknowledged_by, 'acknowledged', timeline.data, names)}</dd></div>}
          {a.snoozed_until && <div><dt>Snoozed until</dt><dd>{when(a.snoozed_until)}</dd></div>}
          {a.resolved_at && <div><dt>Resolved</dt><dd>{when(a.resolved_at)}{byWhom(a.resolved_by, 'resolved', timeline.data, names)}</dd></div>}
          <div><dt>Event key</dt><dd><code>{a.event_key}</code></dd></div>
        </dl>
      </header>

      {acts && open && (
        <section aria-labelledby="actions-title" className="card stack">
          <h2 id="actions-title">Actions</h2>
          <div className="row wrap">
            {a.status !== 'acknowledged' && (
              <button type="button" className="button primary" disabled={act.isPending} onClick={() => act.mutate(() => must(api.PUT('/api/alerts/{id}/ack', path)))}>Acknowledge</button>
            )}
            <button type="button" className="button" disabled={act.isPending} onClick={() => act.mutate(() => must(api.PUT('/api/alerts/{id}/resolve', path)))}>Resolve</button>
            <button type="button" className="button" disabled={act.isPending} onClick={() => act.mutate(() => must(api.PUT('/api/alerts/{id}/escalate', path)))}>Escalate</button>
            {a.status === 'snoozed' ? (
              <button type="button" className="button" disabled={act.isPending} onClick={() => act.mutate(() => must(api.PUT('/api/alerts/{id}/wake', path)))}>Wake</button>
            ) : (
              <SnoozeForm onSnooze={(minutes) => act.mutate(() => must(api.PUT('/api/alerts/{id}/snooze', { ...path, body: { duration_minutes: minutes } })))} />
            )}
          </div>
          <div className="row wrap">
            <label className="field inline">
              <span>Priority</span>
              <select
                value={a.priority}
                onChange={(e) => act.mutate(() => must(api.PUT('/api/alerts/{id}/priority', { ...path, body: { priority: e.target.value as (typeof PRIORITIES)[number] } })))}
              >
                {PRIORITIES.map((p) => <option key={p} value={p}>{p}</option>)}
              </select>
            </label>
            <ResponderForm
              members={(members.data ?? []).map((m) => ({ id: m.user_id, name: displayName(m) }))}
              onAdd={(userId) => act.mutate(() => must(api.POST('/api/alerts/{id}/responders', { ...path, body: { user_ids: [userId] } })))}
            />
          </div>
          {message && <p className="error" role="alert">{message}</p>}
        </section>
      )}

      {Object.keys(a.details ?? {}).length > 0 && (
        <section aria-labelledby="details-title" className="card">
          <h2 id="details-title">Details</h2>
          <pre className="code" tabIndex={0}>{JSON.stringify(a.details, null, 2)}</pre>
        </section>
      )}
      {a.body && (
        <section aria-labelledby="body-title" className="card">
          <h2 id="body-title">Description</h2>
          <p className="prewrap">{a.body}</p>
        </section>
      )}

      <section aria-labelledby="timeline-title" className="card">
        <h2 id="timeline-title">Timeline</h2>
        <ErrorText error={timeline.error} />
        <ol className="timeline" aria-live="polite">
          {(timeline.data ?? []).map((e) => (
            <li key={e.id} className={`tl tl-${e.kind}`}>
              <time dateTime={e.created_at} title={e.created_at}>{whenExact(e.created_at)}</time>
              <span className="tl-kind">{e.kind.replace(/_/g, ' ')}</span>
              <span className="tl-text">{withActor(e, names)}</span>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}

function BackLink() {
  return <Link to="/alerts" search={{}} className="back">← All alerts</Link>;
}

function SnoozeForm({ onSnooze }: { onSnooze: (minutes: number) => void }) {
  const [minutes, setMinutes] = useState(60);
  return (
    <form className="row" onSubmit={(e) => { e.preventDefault(); onSnooze(minutes); }}>
      <label className="field inline">
        <span>Snooze for</span>
        <select value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
          <option value={15}>15 minutes</option>
          <option value={60}>1 hour</option>
          <option value={240}>4 hours</option>
          <option value={1440}>1 day</option>
        </select>
      </label>
      <button type="submit" className="button">Snooze</button>
    </form>
  );
}

function ResponderForm({ members, onAdd }: { members: { id: string; name: string }[]; onAdd: (id: string) => void }) {
  const [id, setId] = useState('');
  return (
    <form className="row" onSubmit={(e) => { e.preventDefault(); if (id) onAdd(id); }}>
      <label className="field inline">
        <span>Add responder</span>
        <select value={id} onChange={(e) => setId(e.target.value)}>
          <option value="">Choose a member…</option>
          {members.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
        </select>
      </label>
      <button type="submit" className="button" disabled={!id}>Page them</button>
    </form>
  );
}

/** An alert a maintenance window held: which window, and what it meant for paging. */
function MaintenanceBanner({ id }: { id: string }) {
  const w = useQuery({ queryKey: keys.maintenanceWindow(id), queryFn: () => must(api.GET('/api/maintenance-windows/{id}', { params: { path: { id } } })), retry: false });
  const name = w.data ? `"${w.data.name}"` : 'a maintenance window (since deleted)';
  return (
    <p className="notice maintenance-banner" role="status" data-testid="maintenance-banner">
      Held by maintenance window {w.isPending ? '…' : name}: nobody was paged for this alert while it was active
      {w.data?.active ? ` (until ${when(w.data.active_until)})` : ''}. <Link to="/maintenance">Maintenance windows</Link>
    </p>
  );
}
