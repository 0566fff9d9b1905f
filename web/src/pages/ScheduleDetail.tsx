import { useState } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { api, must } from '../api/client';
import { keys } from '../api/keys';
import { queries } from '../api/queries';
import { canAdmin } from '../permissions';
import { ActionForm, Confirm, ErrorText, useMe } from '../ui';
import { useAction } from '../use-action';
import { useServices } from './Alerts';
import { ShiftTimeline } from '../components/ShiftTimeline';
import { LevelChannelMatrix } from '../components/LevelChannelMatrix';
import { CHANNEL_LABEL, delayWords, escalationPlan, levelStarts, unreachableAt } from '../schedules/escalation';
import { nameOf, PRIORITY_LIST, useMemberDirectory, useOnCall, useSchedule, type Member, type OnCall, type Schedule } from '../schedules/data';
import { formatIn, localInputValue, parseLocalInput } from '../schedules/timeline';
import '../styles/schedules.css';

export function ScheduleDetailPage() {
  const { scheduleId } = useParams({ from: '/app/schedules/$scheduleId' });
  // A fresh page per schedule (after a clone, the week shown starts at this week again).
  return <ScheduleView key={scheduleId} scheduleId={scheduleId} />;
}

function ScheduleView({ scheduleId }: { scheduleId: string }) {
  const me = useMe();
  const admin = canAdmin(me.role);
  const schedule = useSchedule(scheduleId);
  const oncall = useOnCall(scheduleId);
  const members = useMemberDirectory();
  const [weeks, setWeeks] = useState(0);
  const failed = schedule.error ?? oncall.error ?? members.error;
  if (failed) return <ErrorText error={failed} />;
  if (!schedule.data || !oncall.data || !members.data) return <p aria-busy="true">Loading…</p>;
  const s = schedule.data;
  const now = Date.parse(oncall.data.at);
  return (
    <article className="stack sched" aria-labelledby="schedule-title">
      <Link to="/schedules" className="back">← All schedules</Link>
      <div className="page-head">
        <div>
          <h1 id="schedule-title">{s.name}</h1>
          <p className="muted small">
            Time zone <strong>{s.time_zone}</strong> · {s.levels.length} level{s.levels.length === 1 ? '' : 's'}
            {s.repeat ? ` · repeats ${s.repeat} time${s.repeat > 1 ? 's' : ''}` : ''}
          </p>
        </div>
        {admin && <ScheduleActions schedule={s} />}
      </div>
      {s.description && <p>{s.description}</p>}
      <OnCallNow oncall={oncall.data} schedule={s} />
      <ShiftTimeline scheduleId={s.id} zone={s.time_zone} levels={s.levels.map((l) => l.level)} now={now} weeks={weeks} onWeeks={setWeeks} members={members.data.byId} />
      <Overrides schedule={s} now={now} admin={admin} members={members.data.list} byId={members.data.byId} />
      <EscalationPreview schedule={s} now={now} />
      <LevelChannelMatrix schedule={s} admin={admin} />
      <UsedBy schedule={s} />
    </article>
  );
}

function ScheduleActions({ schedule: s }: { schedule: Schedule }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const a = useAction();
  return (
    <div className="stack">
      <div className="row wrap">
        <Link to="/schedules/$scheduleId/edit" params={{ scheduleId: s.id }} className="button">Edit schedule</Link>
        <CloneDialog schedule={s} />
        <Confirm
          trigger={<button type="button" className="button danger">Delete</button>}
          title={`Delete ${s.name}?`}
          description={<p>Its levels, overrides and level channels go with it. A schedule that a service or a routing rule uses cannot be deleted.</p>}
          action="Delete schedule"
          danger
          onConfirm={() =>
            a.run(async () => {
              await must(api.DELETE('/api/schedules/{id}', { params: { path: { id: s.id } } }));
              await qc.invalidateQueries({ queryKey: keys.schedules() });
              await navigate({ to: '/schedules' });
            })
          }
        />
      </div>
      <ErrorText error={a.error} />
    </div>
  );
}

function CloneDialog({ schedule: s }: { schedule: Schedule }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(`${s.name} (copy)`);
  const [overrides, setOverrides] = useState(false);
  const a = useAction();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild><button type="button" className="button">Clone</button></Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Clone {s.name}</Dialog.Title>
          <Dialog.Description>A copy with the same levels, rotations and level channels.</Dialog.Description>
          <ActionForm
            action={a}
            className="stack"
            onSubmit={async () => {
              const c = await must(api.POST('/api/schedules/{id}/clone', { params: { path: { id: s.id } }, body: { name, include_overrides: overrides } }));
              await qc.invalidateQueries({ queryKey: keys.schedules() });
              setOpen(false);
              await navigate({ to: '/schedules/$scheduleId', params: { scheduleId: c.id } });
            }}
          >
            <label className="field"><span>Name of the copy</span><input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} /></label>
            <label className="row"><input type="checkbox" checked={overrides} onChange={(e) => setOverrides(e.target.checked)} /><span>Copy the overrides that have not ended</span></label>
            <ErrorText error={a.error} />
            <div className="row end">
              <Dialog.Close asChild><button type="button" className="button">Cancel</button></Dialog.Close>
              <button type="submit" className="button primary">Clone schedule</button>
            </div>
          </ActionForm>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OnCallNow({ oncall, schedule }: { oncall: OnCall; schedule: Schedule }) {
  const zone = oncall.time_zone;
  return (
    <section className="stack" aria-labelledby="oncall-title">
      <h2 id="oncall-title">On call now</h2>
      <p className="muted small">As of {formatIn(Date.parse(oncall.at), zone)} ({zone})</p>
      <ul className="cards oncall-cards">
        {oncall.levels.map((l) => {
          const timeout = schedule.levels.find((x) => x.level === l.level)?.timeout_minutes;
          return (
            <li key={l.level} className="card stack" aria-labelledby={`oncall-level-${l.level}`}>
              <div className="row wrap">
                <h3 id={`oncall-level-${l.level}`}>Level {l.level}</h3>
                {timeout !== undefined && <span className="muted small">escalates after {timeout} min</span>}
              </div>
              {l.users.length === 0 ? (
                <p className="paging-nobody_on_call"><span aria-hidden="true">!</span> Nobody is on call</p>
              ) : (
                <ul className="people" data-testid={`oncall-level-${l.level}`}>
                  {l.users.map((u) => (
                    <li key={u.user_id}>
                      <strong>{u.name}</strong>
                      {u.source === 'override' && <span className="badge override-badge">Override</span>}
                      <span className="muted small"> {u.shift_end ? `until ${formatIn(Date.parse(u.shift_end), zone)}` : 'with no end in sight'}</span>
                    </li>
                  ))}
                </ul>
              )}
              {l.next_handoff && <p className="muted small">Next handoff {formatIn(Date.parse(l.next_handoff), zone)}</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const KIND_WORDS: Record<string, string> = { add: 'Add a person', replace: 'Replace a person', remove: 'Take a person off' };

function Overrides(props: { schedule: Schedule; now: number; admin: boolean; members: Member[]; byId: Map<string, Member> }) {
  const s = props.schedule;
  const qc = useQueryClient();
  const zone = s.time_zone;
  // Overrides that have not ended, and those of the last week.
  const from = new Date(props.now - 7 * 86_400_000).toISOString();
  const list = useQuery({
    queryKey: keys.overridesFrom(s.id, from),
    queryFn: () => must(api.GET('/api/schedules/{id}/overrides', { params: { path: { id: s.id }, query: { from, limit: 200 } } })),
  });
  const a = useAction();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: keys.overrides(s.id) }), qc.invalidateQueries({ queryKey: keys.shifts(s.id) }), qc.invalidateQueries({ queryKey: keys.oncall(s.id) })]);
  const who = (id: string | null) => (id ? nameOf(props.byId.get(id)) : '');
  return (
    <section className="stack" aria-labelledby="overrides-title">
      <h2 id="overrides-title">Overrides</h2>
      {props.admin && <OverrideForm schedule={s} now={props.now} members={props.members} onSaved={refresh} />}
      <ErrorText error={list.error ?? a.error} />
      {list.data && list.data.length === 0 && <p className="muted">No overrides now or ahead.</p>}
      {list.data && list.data.length > 0 && (
        <ul className="override-list">
          {list.data.map((o) => {
            const words =
              o.kind === 'add' ? `${who(o.add_user_id)} is added` : o.kind === 'remove' ? `${who(o.remove_user_id)} is off` : `${who(o.add_user_id)} replaces ${who(o.remove_user_id)}`;
            return (
              <li key={o.id} className="override-item">
                <div>
                  <strong>{words}</strong> <span className="muted">at level {o.level}</span>
                  <div className="small">{formatIn(Date.parse(o.start), zone)} to {formatIn(Date.parse(o.end), zone)}{Date.parse(o.end) <= props.now ? ' (ended)' : ''}</div>
                  {o.note && <div className="muted small">{o.note}</div>}
                </div>
                {props.admin && (
                  <Confirm
                    trigger={<button type="button" className="button small danger" aria-label={`Delete override: ${words}, ${formatIn(Date.parse(o.start), zone)}`}>Delete</button>}
                    title="Delete this override?"
                    description={<p>{words} at level {o.level}, {formatIn(Date.parse(o.start), zone)} to {formatIn(Date.parse(o.end), zone)}. The rotation applies again.</p>}
                    action="Delete override"
                    danger
                    onConfirm={() =>
                      a.run(async () => {
                        try {
                          await must(api.DELETE('/api/overrides/{id}', { params: { path: { id: o.id } } }));
                        } finally {
                          await refresh();
                        }
                      })
                    }
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function OverrideForm(props: { schedule: Schedule; now: number; members: Member[]; onSaved: () => Promise<unknown> }) {
  const s = props.schedule;
  const zone = s.time_zone;
  const hour = Math.ceil(props.now / 3_600_000) * 3_600_000;
  const [level, setLevel] = useState(1);
  const [kind, setKind] = useState<'add' | 'replace' | 'remove'>('replace');
  const [add, setAdd] = useState('');
  const [remove, setRemove] = useState('');
  const [start, setStart] = useState(localInputValue(hour, zone));
  const [end, setEnd] = useState(localInputValue(hour + 86_400_000, zone));
  const [note, setNote] = useState('');
  const act = useAction();
  const person = (value: string, set: (v: string) => void, label: string) => (
    <label className="field">
      <span>{label}</span>
      <select required value={value} onChange={(e) => set(e.target.value)}>
        <option value="">Choose a person</option>
        {props.members.map((m) => <option key={m.user_id} value={m.user_id}>{nameOf(m)}</option>)}
      </select>
    </label>
  );
  return (
    <ActionForm
      action={act}
      className="card stack"
      aria-label="New override"
      onSubmit={async () => {
        const a = parseLocalInput(start, zone);
        const b = parseLocalInput(end, zone);
        if (a === undefined || b === undefined || b <= a) throw new Error('The end must be after the start.');
        await must(
          api.POST('/api/schedules/{id}/overrides', {
            params: { path: { id: s.id } },
            body: {
              level,
              kind,
              ...(kind !== 'remove' ? { add_user_id: add } : {}),
              ...(kind !== 'add' ? { remove_user_id: remove } : {}),
              start: new Date(a).toISOString(),
              end: new Date(b).toISOString(),
              ...(note ? { note } : {}),
            },
          }),
        );
        setNote('');
        await props.onSaved();
        return 'Override added.';
      }}
    >
      <h3>New override</h3>
      <div className="form-grid">
        <label className="field">
          <span>Level</span>
          <select value={level} onChange={(e) => setLevel(Number(e.target.value))}>
            {s.levels.map((l) => <option key={l.level} value={l.level}>Level {l.level}</option>)}
          </select>
        </label>
        <label className="field">
          <span>Kind</span>
          <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            {Object.entries(KIND_WORDS).map(([k, w]) => <option key={k} value={k}>{w}</option>)}
          </select>
        </label>
        {kind !== 'remove' && person(add, setAdd, kind === 'replace' ? 'Who takes over' : 'Who is added')}
        {kind !== 'add' && person(remove, setRemove, kind === 'replace' ? 'Instead of' : 'Who is off')}
        <label className="field">
          <span>Start ({zone})</span>
          <input type="datetime-local" required value={start} onChange={(e) => setStart(e.target.value.slice(0, 16))} />
        </label>
        <label className="field">
          <span>End ({zone})</span>
          <input type="datetime-local" required value={end} onChange={(e) => setEnd(e.target.value.slice(0, 16))} />
        </label>
        <label className="field span-2">
          <span>Note (optional)</span>
          <input maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} placeholder="Covering while Sam is at the dentist" />
        </label>
      </div>
      <ErrorText error={act.error} />
      {act.note && <p role="status" className="muted">{act.note}</p>}
      <div><button type="submit" className="button primary" disabled={act.busy}>Add override</button></div>
    </ActionForm>
  );
}

function EscalationPreview({ schedule: s, now }: { schedule: Schedule; now: number }) {
  const [priority, setPriority] = useState<string>('critical');
  const [urgency, setUrgency] = useState<'high' | 'low'>('high');
  const starts = levelStarts(now, s.levels);
  const at = useQueries({
    queries: s.levels.map((l) => {
      const iso = new Date(starts.get(l.level)!).toISOString();
      return { queryKey: keys.oncallAt(s.id, iso), queryFn: () => must(api.GET('/api/schedules/{id}/oncall', { params: { path: { id: s.id }, query: { at: iso } } })) };
    }),
  });
  const channels = useQuery(queries.levelChannels(s.id));
  // Whether each person on call is reached by their high-urgency steps (PRODUCT.md 10), from now
  // until the last level starts (a short window; at least an hour, at most the 31 days allowed).
  const lastStart = Math.max(now, ...starts.values());
  const reachFrom = new Date(now).toISOString();
  const reachTo = new Date(Math.min(now + 31 * 86_400_000, Math.max(lastStart + 60_000, now + 3_600_000))).toISOString();
  const reach = useQuery({
    queryKey: keys.reachability(s.id, reachFrom, reachTo),
    queryFn: () => must(api.GET('/api/schedules/{id}/reachability', { params: { path: { id: s.id }, query: { from: reachFrom, to: reachTo } } })),
  });
  const ready = channels.data && at.every((q) => q.data);
  const plan = ready
    ? escalationPlan({
        now,
        levels: s.levels,
        onCall: new Map(s.levels.map((l, i) => [l.level, (at[i]!.data!.levels.find((x) => x.level === l.level)?.users ?? []).map((u) => ({ user_id: u.user_id, name: u.name }))])),
        channels: channels.data!,
        priority,
        urgency,
      })
    : [];
  const zone = s.time_zone;
  return (
    <section className="stack" aria-labelledby="preview-title">
      <h2 id="preview-title">If an alert came in now</h2>
      <p className="muted small">Who is paged at each level, when and how, until someone acknowledges. Services choose this schedule by default or by their routing rules.</p>
      <div className="row wrap end-align">
        <label className="field">
          <span>Priority</span>
          <select value={priority} onChange={(e) => setPriority(e.target.value)}>
            {PRIORITY_LIST.map((p) => <option key={p} value={p}>{p[0]!.toUpperCase() + p.slice(1)}</option>)}
          </select>
        </label>
        <label className="field">
          <span>Urgency</span>
          <select value={urgency} onChange={(e) => setUrgency(e.target.value as 'high' | 'low')}>
            <option value="high">High</option>
            <option value="low">Low (never rings a phone)</option>
          </select>
        </label>
      </div>
      <ErrorText error={channels.error ?? reach.error ?? at.find((q) => q.error)?.error} />
      <ol className="plan" aria-busy={!ready}>
        {plan.map((l) => (
          <li key={l.level} className="plan-level">
            <div className="plan-head">
              <strong>Level {l.level}</strong>
              <span className="muted small">{l.level === 1 ? 'at once' : `at ${formatIn(l.startsAt, zone)} if nobody acknowledged`}</span>
            </div>
            {reach.data && unreachableAt(reach.data, l.level, l.people, l.startsAt).map((u) => (
              <p key={u.name} className="paging-nobody_on_call small" data-testid="preview-unreachable">
                <span aria-hidden="true">!</span> {u.name} cannot be reached by high-urgency pages{u.problems.length ? `: ${u.problems.join('; ')}` : ''}.
              </p>
            ))}
            {l.pages.length === 0 ? (
              <p className="paging-nobody_on_call small"><span aria-hidden="true">!</span> {l.people.length === 0 ? 'Nobody is on call: this level pages nobody.' : 'No channel steps for this priority.'}</p>
            ) : (
              <ul className="plan-pages">
                {l.pages.map((p, i) => (
                  <li key={i} className={p.skipped ? 'skipped' : ''}>
                    <span className="plan-time">{formatIn(p.at, zone, { withDate: false })}</span> {p.name}: {CHANNEL_LABEL[p.channel] ?? p.channel} {delayWords(p.delay_seconds)}
                    {p.skipped && <span className="muted small"> (skipped: {p.skipped})</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
        {ready && s.repeat > 0 && <li className="muted small plan-repeat">Then from level 1 again, {s.repeat} more time{s.repeat > 1 ? 's' : ''}.</li>}
      </ol>
    </section>
  );
}

/** Services that page with this schedule, by default or through a routing rule (edited on their page). */
function UsedBy({ schedule: s }: { schedule: Schedule }) {
  const services = useServices();
  const list = services.data ?? [];
  const routing = useQueries({
    queries: list.map((svc) => queries.routing(svc.id)),
  });
  const using = list
    .map((svc, i) => {
      const rules = (routing[i]?.data?.rules ?? []).filter((r) => r.schedule_id === s.id).map((r) => r.name);
      return { svc, byDefault: svc.schedule_id === s.id, rules };
    })
    .filter((x) => x.byDefault || x.rules.length > 0);
  return (
    <section className="stack" aria-labelledby="usedby-title">
      <h2 id="usedby-title">Services using this schedule</h2>
      <ErrorText error={services.error} />
      {services.data && using.length === 0 && <p className="muted">No service pages with this schedule yet. Choose it on a service's page, as its schedule or in a routing rule.</p>}
      <ul className="used-by">
        {using.map(({ svc, byDefault, rules }) => (
          <li key={svc.id}>
            <Link to="/services/$serviceId" params={{ serviceId: svc.id }}>{svc.name}</Link>
            <span className="muted small"> {[byDefault ? 'its schedule' : '', ...rules.map((r) => `routing rule “${r}”`)].filter(Boolean).join(', ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
