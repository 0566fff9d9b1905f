import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { canAdmin } from '../../permissions';
import { ErrorText, useMe } from '../../ui';
import { useAction } from '../../use-action';
import { SelectField } from '../../components/fields';
import { useOrgSettings } from './OrgSettings';

type Voice = Schemas['VoiceSettings'];
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '*', '#'];

export function VoicePage() {
  const me = useMe();
  const voice = useQuery({ queryKey: keys.orgVoice(), queryFn: () => must(api.GET('/api/org/voice')) });
  const settings = useOrgSettings();
  const configured = settings.data?.channels.voice;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Voice calls</h1>
          <p className="muted">How a paging call sounds, and which keys acknowledge or escalate.{canAdmin(me.role) ? '' : ' Admins and owners change these.'}</p>
        </div>
      </div>
      {configured === 'not_configured' && (
        <p className="notice">This server has no phone provider yet (TWILIO_* settings), so voice steps are not configured: they say so in each alert's timeline. These settings apply once it has one.</p>
      )}
      <ErrorText error={voice.error} />
      {voice.data && <VoiceForm voice={voice.data} editable={canAdmin(me.role)} />}
    </>
  );
}

function VoiceForm({ voice, editable }: { voice: Voice; editable: boolean }) {
  const qc = useQueryClient();
  const act = useAction();
  const [form, setForm] = useState(voice);
  useEffect(() => setForm(voice), [voice]);
  const ro = !editable;
  const sameKey = form.ack_key === form.escalate_key;
  return (
    <section className="section" aria-labelledby="voice-title">
      <header><h2 id="voice-title">Call</h2></header>
      <form
        className="section-body"
        onSubmit={async (e) => {
          e.preventDefault();
          await act.run(async () => {
            const saved = await must(api.PUT('/api/org/voice', { body: { ...form, repeat_count: Number(form.repeat_count) } }));
            qc.setQueryData(keys.orgVoice(), saved);
            return 'Voice settings saved.';
          });
        }}
      >
        <div className="form-grid">
          <SelectField label="Voice" value={form.voice} disabled={ro} onChange={(e) => setForm({ ...form, voice: e.target.value as Voice['voice'] })}>
            <option value="female">Female</option>
            <option value="male">Male</option>
          </SelectField>
          <label className="field">
            <span>Language <small>(BCP 47, e.g. en-US)</small></span>
            <input required pattern="[a-z]{2,3}(-[A-Z]{2})?" maxLength={6} readOnly={ro} value={form.language} onChange={(e) => setForm({ ...form, language: e.target.value })} />
          </label>
          <SelectField label="Read the message" value={String(form.repeat_count)} disabled={ro} onChange={(e) => setForm({ ...form, repeat_count: Number(e.target.value) })}>
            {[1, 2, 3, 4, 5].map((n) => <option key={n} value={n}>{n === 1 ? 'Once' : `${n} times`}</option>)}
          </SelectField>
          <SelectField label="Key that acknowledges" value={form.ack_key} disabled={ro} onChange={(e) => setForm({ ...form, ack_key: e.target.value })}>
            {KEYS.map((k) => <option key={k} value={k}>{k}</option>)}
          </SelectField>
          <SelectField label="Key that escalates" value={form.escalate_key} disabled={ro} onChange={(e) => setForm({ ...form, escalate_key: e.target.value })}>
            {KEYS.map((k) => <option key={k} value={k}>{k}</option>)}
          </SelectField>
          <label className="field span-all">
            <span>Greeting <small>(spoken before the alert; empty for the built-in one)</small></span>
            <textarea rows={3} maxLength={500} readOnly={ro} value={form.greeting} onChange={(e) => setForm({ ...form, greeting: e.target.value })} />
          </label>
        </div>
        <p className="muted small">
          A call says: “{form.greeting.trim() || 'This is Klaxon with an alert.'} critical alert on checkout: Disk full on db-1. Press {form.ack_key} to acknowledge, {form.escalate_key} to escalate.”
        </p>
        {sameKey && <p className="error" role="alert">The two keys must differ.</p>}
        <ErrorText error={act.error} />
        <div className="form-foot">
          {editable && <button type="submit" className="button primary" disabled={act.busy || sameKey}>Save voice settings</button>}
          {act.note && <span role="status" className="saved">{act.note}</span>}
        </div>
      </form>
    </section>
  );
}
