import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../api/client';
import { keys } from '../../api/keys';
import { ActionForm, useMe } from '../../ui';
import { useAction } from '../../use-action';
import { Outcome, Section } from './parts';

// The app's sounds the API names (AlertSoundPreference); another name set through the API is kept and shown.
const SOUNDS = ['klaxon', 'chime', 'silent'];

/** The app's sound for high and low urgency, and whether high urgency breaks through Do Not Disturb. */
export function SoundSection() {
  const me = useMe();
  const qc = useQueryClient();
  const [high, setHigh] = useState(me.alert_sound.sounds.high);
  const [low, setLow] = useState(me.alert_sound.sounds.low);
  const [critical, setCritical] = useState(me.alert_sound.critical_alerts);
  const a = useAction();
  const choices = (current: string) => (SOUNDS.includes(current) ? SOUNDS : [current, ...SOUNDS]);
  return (
    <Section id="sound-title" title="Alert sound" intro="How the Klaxon app sounds a page. Browsers play their own notification sound.">
      <ActionForm
        action={a}
        className="stack"
        onSubmit={async () => {
          await must(api.PATCH('/api/me', { body: { sounds: { high, low }, critical_alerts: critical } }));
          await qc.invalidateQueries({ queryKey: keys.me() });
          return 'Saved.';
        }}
      >
        <div className="row wrap">
          <label className="field grow">
            <span>High urgency</span>
            <select value={high} onChange={(e) => setHigh(e.target.value)}>{choices(high).map((s) => <option key={s} value={s}>{s[0]!.toUpperCase() + s.slice(1)}</option>)}</select>
          </label>
          <label className="field grow">
            <span>Low urgency</span>
            <select value={low} onChange={(e) => setLow(e.target.value)}>{choices(low).map((s) => <option key={s} value={s}>{s[0]!.toUpperCase() + s.slice(1)}</option>)}</select>
          </label>
        </div>
        <label className="check-row">
          <input type="checkbox" checked={critical} onChange={(e) => setCritical(e.target.checked)} />
          <span>High urgency breaks through Do Not Disturb (iOS critical alerts, Android alarm channel)</span>
        </label>
        <div className="row end">
          <button type="submit" className="button" disabled={a.busy}>Save sound</button>
        </div>
      </ActionForm>
      <Outcome action={a} />
    </Section>
  );
}
