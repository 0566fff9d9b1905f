import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { keys } from '../api/keys';
import { queries } from '../api/queries';
import { canAdmin } from '../permissions';
import { ErrorText, useMe } from '../ui';
import { ScheduleForm } from '../components/ScheduleForm';
import { useMemberDirectory, useSchedule, useSchedules } from '../schedules/data';
import '../styles/schedules.css';

export function SchedulesPage() {
  const me = useMe();
  const schedules = useSchedules();
  const members = useMemberDirectory();
  const list = schedules.data ?? [];
  const oncall = useQueries({
    queries: list.map((s) => queries.oncall(s.id)),
  });
  return (
    <section className="stack" aria-labelledby="schedules-title">
      <div className="page-head">
        <h1 id="schedules-title">Schedules</h1>
        {canAdmin(me.role) && <Link to="/schedules/new" className="button primary">New schedule</Link>}
      </div>
      <p className="muted">Who is on call at each escalation level now, and how they are paged.</p>
      <ErrorText error={schedules.error ?? members.error} />
      <ul className="cards">
        {list.map((s, i) => {
          const now = oncall[i]?.data;
          const anyone = now?.levels.some((l) => l.users.length > 0);
          return (
            <li key={s.id} className="card stack sched-card">
              <h2 className="h3"><Link to="/schedules/$scheduleId" params={{ scheduleId: s.id }}>{s.name}</Link></h2>
              <p className="muted small">{s.levels.length} level{s.levels.length === 1 ? '' : 's'} · {s.time_zone}</p>
              {now && !anyone && <p className="paging-nobody_on_call"><span aria-hidden="true">!</span> Nobody is on call now</p>}
              {now && anyone && (
                <div role="group" aria-label={`On call now in ${s.name}`}>
                <dl className="oncall-summary">
                  {now.levels.map((l) => (
                    <div key={l.level}>
                      <dt>Level {l.level}</dt>
                      <dd>{l.users.length ? l.users.map((u) => u.name).join(', ') : <span className="muted">nobody</span>}</dd>
                    </div>
                  ))}
                </dl>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {schedules.data?.length === 0 && (
        <p className="empty">No schedules yet.{canAdmin(me.role) ? ' Create one: its levels say who is paged first, and who next if nobody acknowledges.' : ''}</p>
      )}
    </section>
  );
}

export function NewSchedulePage() {
  const members = useMemberDirectory();
  const navigate = useNavigate();
  const qc = useQueryClient();
  return (
    <section className="stack" aria-labelledby="new-schedule-title">
      <Link to="/schedules" className="back">← All schedules</Link>
      <h1 id="new-schedule-title">New schedule</h1>
      <ErrorText error={members.error} />
      {members.data && (
        <ScheduleForm
          members={members.data.list}
          onCancel={() => void navigate({ to: '/schedules' })}
          onSaved={async (s) => {
            await qc.invalidateQueries({ queryKey: keys.schedules() });
            await navigate({ to: '/schedules/$scheduleId', params: { scheduleId: s.id } });
          }}
        />
      )}
    </section>
  );
}

export function EditSchedulePage() {
  const { scheduleId } = useParams({ from: '/app/schedules/$scheduleId/edit' });
  const schedule = useSchedule(scheduleId);
  const members = useMemberDirectory();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const back = () => navigate({ to: '/schedules/$scheduleId', params: { scheduleId } });
  return (
    <section className="stack" aria-labelledby="edit-schedule-title">
      <Link to="/schedules/$scheduleId" params={{ scheduleId }} className="back">← Back to the schedule</Link>
      <h1 id="edit-schedule-title">Edit {schedule.data?.name ?? 'schedule'}</h1>
      <ErrorText error={schedule.error ?? members.error} />
      {schedule.data && members.data && (
        <ScheduleForm
          schedule={schedule.data}
          members={members.data.list}
          onCancel={() => void back()}
          onSaved={async () => {
            await qc.invalidateQueries();
            await back();
          }}
        />
      )}
    </section>
  );
}


