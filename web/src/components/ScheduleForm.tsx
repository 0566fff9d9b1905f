import { useId, useState } from 'react';
import { api, must } from '../api/client';
import { ActionForm, ErrorText } from '../ui';
import { useAction } from '../use-action';
import { browserZone, nameOf, zoneNames, type Member, type Schedule } from '../schedules/data';
import { localInputValue } from '../schedules/timeline';

type Unit = 'hour' | 'day' | 'week' | 'month';
type Layer = Schedule['levels'][number]['layers'][number];
interface LayerDraft {
  id?: string;
  name: string;
  precedence: number;
  unit: Unit;
  length: number;
  handoff: string;
  participants: string[];
  rest?: Pick<Layer, 'restrictions' | 'effective_from' | 'effective_until'>;
}
interface LevelDraft {
  timeout: number;
  layers: LayerDraft[];
}

const UNIT_WORDS: Record<Unit, string> = { hour: 'hours', day: 'days', week: 'weeks', month: 'months' };

function newLayer(zone: string, n = 1): LayerDraft {
  const today = localInputValue(Date.now(), zone).slice(0, 10);
  return { name: n === 1 ? 'Primary rotation' : `Rotation ${n}`, precedence: 0, unit: 'week', length: 1, handoff: `${today}T09:00`, participants: [] };
}

function draftOf(s: Schedule): LevelDraft[] {
  return s.levels.map((l) => ({
    timeout: l.timeout_minutes,
    layers: l.layers.map((y) => ({
      id: y.id,
      name: y.name,
      precedence: y.precedence,
      unit: y.rotation.unit,
      length: y.rotation.length,
      handoff: y.rotation.handoff_local,
      participants: [...y.rotation.participants],
      rest: { restrictions: y.restrictions, effective_from: y.effective_from, effective_until: y.effective_until },
    })),
  }));
}

/** Create or replace a schedule: its zone, and each level's timeout and rotation (PRODUCT.md 7.1). */
export function ScheduleForm(props: { schedule?: Schedule; members: Member[]; onSaved: (s: Schedule) => void; onCancel?: () => void }) {
  const s = props.schedule;
  const [name, setName] = useState(s?.name ?? '');
  const [description, setDescription] = useState(s?.description ?? '');
  const [zone, setZone] = useState(s?.time_zone ?? browserZone());
  const [repeat, setRepeat] = useState(s?.repeat ?? 0);
  const [levels, setLevels] = useState<LevelDraft[]>(s ? draftOf(s) : [{ timeout: 15, layers: [newLayer(browserZone())] }]);
  const [resetRotation, setResetRotation] = useState(false);
  const a = useAction();
  const zonesId = useId();

  const setLevel = (i: number, f: (l: LevelDraft) => LevelDraft) => setLevels((ls) => ls.map((l, j) => (j === i ? f(l) : l)));
  const setLayer = (i: number, k: number, f: (l: LayerDraft) => LayerDraft) => setLevel(i, (l) => ({ ...l, layers: l.layers.map((y, j) => (j === k ? f(y) : y)) }));

  const submit = async () => {
    const body = {
      name: name.trim(),
      description,
      time_zone: zone.trim(),
      repeat,
      levels: levels.map((l, i) => ({
        level: i + 1,
        timeout_minutes: l.timeout,
        layers: l.layers.map((y) => ({
          ...(y.id ? { id: y.id, ...(resetRotation ? { reset_rotation: true } : {}) } : {}),
          name: y.name,
          precedence: y.precedence,
          rotation: { unit: y.unit, length: y.length, handoff_local: y.handoff, participants: y.participants },
          ...(y.rest ? { restrictions: y.rest.restrictions, effective_from: y.rest.effective_from, effective_until: y.rest.effective_until } : {}),
        })),
      })),
    };
    const saved = s
      ? await must(api.PUT('/api/schedules/{id}', { params: { path: { id: s.id } }, body }))
      : await must(api.POST('/api/schedules', { body }));
    props.onSaved(saved);
  };

  return (
    <ActionForm action={a} className="stack schedule-form" aria-label={s ? `Edit ${s.name}` : 'New schedule'} onSubmit={submit}>
      <div className="form-grid">
        <label className="field">
          <span>Name</span>
          <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="Platform on call" />
        </label>
        <div className="field">
          <label htmlFor={`${zonesId}-zone`}>Time zone</label>
          <input id={`${zonesId}-zone`} required list={zonesId} maxLength={64} value={zone} onChange={(e) => setZone(e.target.value)} aria-describedby={`${zonesId}-help`} />
          <datalist id={zonesId}>{zoneNames().map((z) => <option key={z} value={z} />)}</datalist>
          <small id={`${zonesId}-help`} className="muted">Handoffs happen at this zone's wall-clock time, also across daylight-saving changes.</small>
        </div>
        <label className="field">
          <span>Repeat the levels</span>
          <select value={repeat} onChange={(e) => setRepeat(Number(e.target.value))}>
            {Array.from({ length: 10 }, (_, n) => <option key={n} value={n}>{n === 0 ? 'No: stay at the last level' : `${n} more time${n > 1 ? 's' : ''} from level 1`}</option>)}
          </select>
        </label>
        <label className="field span-all">
          <span>Description (optional)</span>
          <input maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
      </div>

      {levels.map((l, i) => (
        <fieldset key={i} className="level-fieldset stack">
          <legend>Level {i + 1}</legend>
          <div className="row wrap end-align">
            <label className="field">
              <span>Escalate to the next level after (minutes)</span>
              <input type="number" className="short" min={1} max={1440} required value={l.timeout} onChange={(e) => setLevel(i, (x) => ({ ...x, timeout: Number(e.target.value) }))} />
            </label>
            {levels.length > 1 && (
              <button type="button" className="button small danger" onClick={() => setLevels((ls) => ls.filter((_, j) => j !== i))}>Remove level {i + 1}</button>
            )}
          </div>
          {l.layers.map((y, k) => (
            <LayerFields
              key={k}
              label={`Level ${i + 1}${l.layers.length > 1 ? `, ${y.name}` : ''}`}
              layer={y}
              members={props.members}
              zone={zone}
              onChange={(f) => setLayer(i, k, f)}
              onRemove={l.layers.length > 1 ? () => setLevel(i, (x) => ({ ...x, layers: x.layers.filter((_, j) => j !== k) })) : undefined}
            />
          ))}
          <button type="button" className="button small" onClick={() => setLevel(i, (x) => ({ ...x, layers: [...x.layers, { ...newLayer(zone, x.layers.length + 1), precedence: x.layers.length }] }))}>
            Add a rotation layer to level {i + 1}
          </button>
        </fieldset>
      ))}
      {levels.length < 10 && (
        <button type="button" className="button" onClick={() => setLevels((ls) => [...ls, { timeout: 15, layers: [newLayer(zone)] }])}>Add level {levels.length + 1}</button>
      )}
      {s && (
        <label className="row">
          <input type="checkbox" checked={resetRotation} onChange={(e) => setResetRotation(e.target.checked)} />
          <span>Restart the rotations at their handoff with the first person (otherwise whoever is on call now stays on call)</span>
        </label>
      )}
      <ErrorText error={a.error} />
      <div className="row wrap">
        <button type="submit" className="button primary" disabled={a.busy}>{s ? 'Save schedule' : 'Create schedule'}</button>
        {props.onCancel && <button type="button" className="button" onClick={props.onCancel}>Cancel</button>}
      </div>
    </ActionForm>
  );
}

function LayerFields(props: { label: string; layer: LayerDraft; members: Member[]; zone: string; onChange: (f: (l: LayerDraft) => LayerDraft) => void; onRemove?: () => void }) {
  const y = props.layer;
  const set = (patch: Partial<LayerDraft>) => props.onChange((l) => ({ ...l, ...patch }));
  const toggle = (id: string, on: boolean) => props.onChange((l) => ({ ...l, participants: on ? [...l.participants, id] : l.participants.filter((p) => p !== id) }));
  const byId = new Map(props.members.map((m) => [m.user_id, m]));
  const base = props.label;
  return (
    <div className="layer-card stack" role="group" aria-label={`${base} rotation`}>
      <div className="form-grid">
        <label className="field">
          <span>Layer name</span>
          <input required maxLength={100} value={y.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label className="field">
          <span>Shift length</span>
          <span className="row">
            <input type="number" min={1} max={1000} required value={y.length} aria-label={`${base} shift length`} onChange={(e) => set({ length: Number(e.target.value) })} className="short" />
            <select value={y.unit} aria-label={`${base} shift unit`} onChange={(e) => set({ unit: e.target.value as Unit })}>
              {(Object.keys(UNIT_WORDS) as Unit[]).map((u) => <option key={u} value={u}>{UNIT_WORDS[u]}</option>)}
            </select>
          </span>
        </label>
        <label className="field">
          <span>First handoff ({props.zone})</span>
          <input type="datetime-local" required value={y.handoff} aria-label={`${base} first handoff`} onChange={(e) => set({ handoff: e.target.value.slice(0, 16) })} />
        </label>
        <label className="field">
          <span>Precedence</span>
          <input type="number" min={-1000} max={1000} value={y.precedence} aria-label={`${base} precedence`} onChange={(e) => set({ precedence: Number(e.target.value) })} className="short" />
        </label>
      </div>
      <fieldset className="people-picker">
        <legend>{base}: who takes turns</legend>
        <ul className="checks">
          {props.members.map((m) => (
            <li key={m.user_id}>
              <label className="row">
                <input type="checkbox" checked={y.participants.includes(m.user_id)} onChange={(e) => toggle(m.user_id, e.target.checked)} aria-label={`${base}: ${nameOf(m)}`} />
                <span>{nameOf(m)} <span className="muted small">{m.role}</span></span>
              </label>
            </li>
          ))}
        </ul>
        <p className="muted small" aria-live="polite">
          {y.participants.length ? `Turn order: ${y.participants.map((p) => nameOf(byId.get(p))).join(' → ')}` : 'Pick at least one person, in the order they take turns.'}
        </p>
      </fieldset>
      {props.onRemove && <button type="button" className="button small danger" onClick={props.onRemove}>Remove {y.name}</button>}
    </div>
  );
}
