import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, must } from '../api/client';
import { keys } from '../api/keys';
import { ErrorText } from '../ui';
import { nameOf, type Member } from '../schedules/data';
import { blockLabel, dayLabel, formatIn, layoutShifts, positionOf, rangeLabel, timelineDays } from '../schedules/timeline';

/** A colour slot per person (by their place among the members), the same on every level. */
function colourOf(userId: string, members: Map<string, Member>): number {
  const i = [...members.keys()].indexOf(userId);
  return (i === -1 ? 5 : i) % 6;
}

/** A block narrower than this share of the window (about 20 hours of two weeks) is short: an override that short is drawn at its name's width. */
const SHORT_PERCENT = 6;

/** Two weeks of shifts per level, in the schedule's zone, from GET …/shifts (PRODUCT.md 7.1). */
export function ShiftTimeline(props: { scheduleId: string; zone: string; levels: number[]; now: number; weeks: number; onWeeks: (w: number) => void; members: Map<string, Member> }) {
  const days = timelineDays(props.now, props.zone, props.weeks);
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const shifts = useQuery({
    queryKey: keys.shiftsIn(props.scheduleId, from, to),
    queryFn: () => must(api.GET('/api/schedules/{id}/shifts', { params: { path: { id: props.scheduleId }, query: { from: new Date(from).toISOString(), to: new Date(to).toISOString() } } })),
  });
  // Who their high-urgency steps cannot reach (PRODUCT.md 10): the same window's answer, by level and person.
  const reach = useQuery({
    queryKey: keys.reachability(props.scheduleId, from, to),
    queryFn: () => must(api.GET('/api/schedules/{id}/reachability', { params: { path: { id: props.scheduleId }, query: { from: new Date(from).toISOString(), to: new Date(to).toISOString() } } })),
  });
  const unreachable = (level: number, userId: string) => reach.data?.find((r) => r.level === level && r.user_id === userId && !r.reachable);
  const rows = layoutShifts(shifts.data ?? [], from, to, props.levels);
  const nowAt = positionOf(props.now, from, to);
  const name = (id: string) => nameOf(props.members.get(id));
  // On a narrow screen the two weeks scroll sideways: start with now in view.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    if (!el || nowAt === undefined || el.scrollWidth <= el.clientWidth) return;
    el.scrollLeft = Math.max(0, (el.scrollWidth * nowAt) / 100 - el.clientWidth / 3);
  }, [nowAt, shifts.data]);
  return (
    <section className="stack" aria-labelledby="timeline-title">
      <div className="page-head">
        <h2 id="timeline-title">Shifts</h2>
        <div className="row wrap" role="group" aria-label="Weeks shown">
          <button type="button" className="button small" onClick={() => props.onWeeks(props.weeks - 1)}>← Previous week</button>
          <button type="button" className="button small" onClick={() => props.onWeeks(0)} disabled={props.weeks === 0}>This week</button>
          <button type="button" className="button small" onClick={() => props.onWeeks(props.weeks + 1)}>Next week →</button>
        </div>
      </div>
      <p className="muted small" data-testid="timeline-range">
        {rangeLabel(from, to, props.zone)}, times in <strong>{props.zone}</strong>
      </p>
      <ErrorText error={shifts.error} />
      <div className="tl-scroll" ref={scroller} tabIndex={0} role="region" aria-label="Shift timeline" aria-busy={shifts.isLoading}>
        <div className="tl-grid">
          <div className="tl-days" aria-hidden="true">
            <span className="tl-corner" />
            <div className="tl-day-track">
              {days.slice(0, -1).map((d, i) => (
                <span key={d} className={`tl-day${i % 7 >= 5 ? ' weekend' : ''}`} style={{ left: `${positionOf(d, from, to)}%`, width: `${((days[i + 1]! - d) / (to - from)) * 100}%` }}>
                  {dayLabel(d, props.zone)}
                </span>
              ))}
            </div>
          </div>
          {rows.map((r) => (
            <div key={r.level} className="tl-row">
              <h3 className="tl-level" id={`tl-level-${r.level}`}>Level {r.level}</h3>
              <div className="tl-track" style={{ height: `${r.lanes * 3.1 + 0.4}rem` }}>
                {days.slice(1, -1).map((d, i) => <span key={d} aria-hidden="true" className={`tl-gridline${(i + 1) % 7 === 0 ? ' week' : ''}`} style={{ left: `${positionOf(d, from, to)}%` }} />)}
                {nowAt !== undefined && <span className="tl-now" style={{ left: `${nowAt}%` }} aria-hidden="true">{r.level === rows[0]?.level && <span>Now</span>}</span>}
                <ol className="tl-blocks" aria-labelledby={`tl-level-${r.level}`}>
                  {r.blocks.map((b) => {
                    const u = unreachable(b.level, b.user_id);
                    return (
                      <li
                        key={`${b.user_id}-${b.start}-${b.source}`}
                        className={`tl-block c${colourOf(b.user_id, props.members)} ${b.source}${b.width < SHORT_PERCENT ? ' short' : ''}${b.continuesBefore ? ' cont-before' : ''}${b.continuesAfter ? ' cont-after' : ''}${u ? ' unreachable' : ''}`}
                        style={{ left: `${b.left}%`, width: `${b.width}%`, top: `${b.lane * 3.1 + 0.2}rem` }}
                        aria-label={blockLabel(b, name(b.user_id), props.zone)}
                        title={`${blockLabel(b, name(b.user_id), props.zone)}${u ? ` (cannot be reached: ${u.problems.join('; ')})` : ''}`}
                      >
                        <span className="tl-who">
                          {u && <span className="tl-unreachable" data-testid="timeline-unreachable" aria-hidden="true">! </span>}
                          {b.source === 'override' && <span aria-hidden="true">⇄ </span>}{name(b.user_id)}
                        </span>
                        <span className="tl-when">{formatIn(Date.parse(b.start), props.zone)} – {formatIn(Date.parse(b.end), props.zone)}</span>
                      </li>
                    );
                  })}
                </ol>
                {shifts.data && r.blocks.length === 0 && <p className="tl-empty">Nobody on call in these two weeks</p>}
              </div>
            </div>
          ))}
        </div>
      </div>
      <p className="muted small"><span className="legend-swatch override" aria-hidden="true" /> Striped blocks with ⇄ are overrides.{reach.data?.some((r) => !r.reachable) && ' Blocks marked ! are shifts of people their high-urgency steps cannot reach (hover for why).'}</p>
    </section>
  );
}
