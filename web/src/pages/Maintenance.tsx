import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../api/client';
import { keys } from '../api/keys';
import { when } from '../format';
import { canAdmin } from '../permissions';
import { ActionForm, Confirm, ErrorText, useMe } from '../ui';
import { useAction } from '../use-action';
import { useServices } from './Alerts';

type Window = Schemas['MaintenanceWindow'];
type Day = NonNullable<Window['recurrence']>['days'][number];
const DAYS: Day[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const DAY_LABEL: Record<Day, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** The browser's zone, the form's default. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
/** A datetime-local value ("2026-12-05T14:30", the browser's time) as an ISO instant. */
const instantOf = (local: string) => new Date(local).toISOString();

/** Maintenance windows (PRODUCT.md 11): active and upcoming, one-off or weekly, ended early with "End now". */
export function MaintenancePage() {
  const me = useMe();
  const admin = canAdmin(me.role);
  const windows = useQuery({ queryKey: keys.maintenanceWindows(), queryFn: () => must(api.GET('/api/maintenance-windows', { params: { query: { limit: 500 } } })) });
  const services = useServices();
  const nameOf = (id: string) => services.data?.find((s) => s.id === id)?.name ?? id;
  const all = windows.data ?? [];
  const active = all.filter((w) => w.active);
  const upcoming = all.filter((w) => !w.active && w.next_start).sort((a, b) => (a.next_start! < b.next_start! ? -1 : 1));
  const past = all.filter((w) => !w.active && !w.next_start);
  return (
    <section className="stack" aria-labelledby="maintenance-title">
      <h1 id="maintenance-title">Maintenance windows</h1>
      <p className="muted">While a window is active, alerts of its services still open and webhooks still fire, but nobody is paged. When it ends, alerts still open page from level 1 (unless the window says otherwise).</p>
      {admin && <NewWindow />}
      <ErrorText error={windows.error} />
      {windows.isPending && <p aria-busy="true">Loading…</p>}
      <WindowList title="Active now" id="active" windows={active} nameOf={nameOf} admin={admin} empty="No window is active." />
      <WindowList title="Upcoming" id="upcoming" windows={upcoming} nameOf={nameOf} admin={admin} empty="No window is planned." />
      {past.length > 0 && <WindowList title="Past" id="past" windows={past} nameOf={nameOf} admin={admin} empty="" />}
    </section>
  );
}

function describe(w: Window): string {
  if (w.recurrence) {
    const r = w.recurrence;
    return `Weekly on ${r.days.map((d) => DAY_LABEL[d]).join(', ')} at ${r.start} (${r.time_zone}) for ${r.duration_minutes} min`;
  }
  return `${when(w.start)} to ${when(w.end)}`;
}

function WindowList({ title, id, windows, nameOf, admin, empty }: { title: string; id: string; windows: Window[]; nameOf: (id: string) => string; admin: boolean; empty: string }) {
  return (
    <section aria-labelledby={`mnt-${id}`} className="stack">
      <h2 id={`mnt-${id}`}>{title}</h2>
      {windows.length === 0 && empty && <p className="empty">{empty}</p>}
      <ul className="cards">
        {windows.map((w) => <WindowCard key={w.id} w={w} nameOf={nameOf} admin={admin} />)}
      </ul>
    </section>
  );
}

function WindowCard({ w, nameOf, admin }: { w: Window; nameOf: (id: string) => string; admin: boolean }) {
  const qc = useQueryClient();
  const path = { params: { path: { id: w.id } } };
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: keys.maintenanceWindows() });
    await qc.invalidateQueries({ queryKey: keys.services() });
  };
  return (
    <li className="card stack" data-testid="maintenance-window">
      <div className="row wrap">
        <h3 className="h3">{w.name}</h3>
        {w.active && <span className="badge state-on">Active until {when(w.active_until)}</span>}
        {!w.page_when_over && <span className="badge">Pages nobody when over</span>}
      </div>
      <p className="small">{describe(w)}</p>
      {!w.active && w.next_start && <p className="muted small">Next: {when(w.next_start)}</p>}
      <p className="muted small">Services: {w.service_ids.map(nameOf).join(', ')}</p>
      {admin && (
        <div className="row wrap">
          {w.active && (
            <Confirm
              trigger={<button type="button" className="button small">End now</button>}
              title={`End "${w.name}" now?`}
              description={<p>Alerts of its services page again from level 1{w.recurrence ? '; later weekly occurrences still happen' : ''}.</p>}
              action="End now"
              onConfirm={async () => {
                await must(api.POST('/api/maintenance-windows/{id}/end', path));
                await refresh();
              }}
            />
          )}
          <Confirm
            trigger={<button type="button" className="button small danger">Delete</button>}
            title={`Delete "${w.name}"?`}
            description={<p>The window is gone for good{w.active ? ', and paging resumes now' : ''}.</p>}
            action="Delete"
            danger
            onConfirm={async () => {
              await must(api.DELETE('/api/maintenance-windows/{id}', path));
              await refresh();
            }}
          />
        </div>
      )}
    </li>
  );
}

function NewWindow() {
  const qc = useQueryClient();
  const services = useServices();
  const a = useAction();
  const [name, setName] = useState('');
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [kind, setKind] = useState<'once' | 'weekly'>('once');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [zone, setZone] = useState(localZone());
  const [days, setDays] = useState<Day[]>([]);
  const [at, setAt] = useState('02:00');
  const [minutes, setMinutes] = useState('60');
  const [pageWhenOver, setPageWhenOver] = useState(true);
  const submit = async () => {
    if (!serviceIds.length) throw new Error('Choose at least one service.');
    const base = { name: name.trim(), service_ids: serviceIds, page_when_over: pageWhenOver };
    const body = kind === 'once'
      ? { ...base, start: instantOf(start), end: instantOf(end) }
      : { ...base, recurrence: { time_zone: zone.trim(), days, start: at, duration_minutes: Number(minutes) } };
    const w = await must(api.POST('/api/maintenance-windows', { body }));
    setName('');
    await qc.invalidateQueries({ queryKey: keys.maintenanceWindows() });
    await qc.invalidateQueries({ queryKey: keys.services() });
    return `Window "${w.name}" created${w.active ? ': active now' : ''}`;
  };
  return (
    <ActionForm action={a} className="card stack" aria-label="New maintenance window" onSubmit={submit}>
      <h2 className="h3">New window</h2>
      <div className="form-grid">
        <label className="field"><span>Name</span><input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="Database upgrade" /></label>
        <fieldset className="field">
          <legend>Services</legend>
          {(services.data ?? []).map((s) => (
            <label key={s.id} className="check">
              <input type="checkbox" checked={serviceIds.includes(s.id)} onChange={(e) => setServiceIds(e.target.checked ? [...serviceIds, s.id] : serviceIds.filter((x) => x !== s.id))} /> {s.name}
            </label>
          ))}
        </fieldset>
        <fieldset className="field">
          <legend>When</legend>
          <label className="check"><input type="radio" name="mnt-kind" checked={kind === 'once'} onChange={() => setKind('once')} /> Once</label>
          <label className="check"><input type="radio" name="mnt-kind" checked={kind === 'weekly'} onChange={() => setKind('weekly')} /> Every week</label>
        </fieldset>
      </div>
      {kind === 'once' ? (
        <div className="form-grid">
          <label className="field"><span>Starts</span><input required type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} /></label>
          <label className="field"><span>Ends</span><input required type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} /></label>
        </div>
      ) : (
        <div className="form-grid">
          <label className="field"><span>Time zone</span><input required value={zone} onChange={(e) => setZone(e.target.value)} placeholder="Europe/Berlin" /></label>
          <fieldset className="field">
            <legend>Days</legend>
            {DAYS.map((d) => (
              <label key={d} className="check">
                <input type="checkbox" checked={days.includes(d)} onChange={(e) => setDays(e.target.checked ? [...days, d] : days.filter((x) => x !== d))} /> {DAY_LABEL[d]}
              </label>
            ))}
          </fieldset>
          <label className="field"><span>Local start</span><input required type="time" value={at} onChange={(e) => setAt(e.target.value)} /></label>
          <label className="field"><span>Duration (minutes)</span><input required type="number" min={1} value={minutes} onChange={(e) => setMinutes(e.target.value)} /></label>
        </div>
      )}
      <label className="check"><input type="checkbox" checked={pageWhenOver} onChange={(e) => setPageWhenOver(e.target.checked)} /> Page alerts still open when it ends</label>
      <div className="row">
        <button className="button primary" disabled={a.busy}>Create window</button>
      </div>
      <ErrorText error={a.error} details />
      {a.note && <p role="status" className="muted small">{a.note}</p>}
    </ActionForm>
  );
}
