import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, currentOrg, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { queries } from '../../api/queries';
import { PRIORITIES, when } from '../../format';
import { canAdmin, isOwner } from '../../permissions';
import { ErrorText, useMe } from '../../ui';
import { TypedConfirm } from '../../components/admin';
import { useAction } from '../../use-action';
import { SelectField } from '../../components/fields';
import { useSecure } from '../../components/Reauth';

type Settings = Schemas['OrgSettings'];
type Urgency = 'high' | 'low';

const CHANNEL_HELP: Record<string, string> = { push: 'Phone and browser push', sms: 'Text messages', voice: 'Phone calls', email: 'Email', chat: 'Chat webhooks', telegram: 'Telegram chats' };

export function useOrgSettings() {
  return useQuery(queries.orgSettings());
}

export function OrgSettingsPage() {
  const me = useMe();
  const settings = useOrgSettings();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Organization settings</h1>
          <p className="muted">{canAdmin(me.role) ? 'Name, time zone, alert defaults and limits of this organization.' : 'Admins and owners change these settings.'}</p>
        </div>
      </div>
      <ErrorText error={settings.error} />
      {settings.data && (
        <>
          <Channels channels={settings.data.channels} />
          <SettingsForm settings={settings.data} editable={canAdmin(me.role)} />
          <Throttles settings={settings.data} editable={canAdmin(me.role)} />
          <PhoneCountries settings={settings.data} editable={canAdmin(me.role)} />
          {isOwner(me.role) && <DeleteOrg name={settings.data.name} />}
        </>
      )}
      {settings.isLoading && <p aria-busy="true">Loading…</p>}
    </>
  );
}

function Channels({ channels }: { channels: Settings['channels'] }) {
  return (
    <section className="section" aria-labelledby="channels-title">
      <header>
        <h2 id="channels-title">Paging channels</h2>
        <p className="muted small">Which channels this server can deliver pages on. A channel without a provider is not configured: its pages say so in the alert timeline, never dropped silently.</p>
      </header>
      <div className="section-body">
        <ul className="channels">
          {(Object.keys(channels) as (keyof typeof channels)[]).map((c) => (
            <li key={c} data-testid={`channel-${c}`}>
              <strong>{c === 'sms' ? 'SMS' : c}</strong>
              <span className="muted small">{CHANNEL_HELP[c]}</span>
              {channels[c] === 'configured' ? (
                <span className="badge ok"><span aria-hidden="true">✓</span> Configured</span>
              ) : (
                <span className="badge warn"><span aria-hidden="true">!</span> Not configured</span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function SettingsForm({ settings, editable }: { settings: Settings; editable: boolean }) {
  const qc = useQueryClient();
  const act = useAction();
  const zones = useMemo(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), []);
  const initial = () => ({
    name: settings.name,
    time_zone: settings.time_zone,
    retention_days: String(settings.retention_days),
    ingest_rate_per_minute: String(settings.ingest_rate_per_minute),
    rules: { ...settings.default_urgency_rules },
  });
  const [form, setForm] = useState(initial);
  useEffect(() => setForm(initial()), [settings.name, settings.time_zone, settings.retention_days, settings.ingest_rate_per_minute, settings.default_urgency_rules]);
  const ro = !editable;
  return (
    <section className="section" aria-labelledby="general-title">
      <header><h2 id="general-title">General</h2></header>
      <form
        className="section-body"
        onSubmit={async (e) => {
          e.preventDefault();
          await act.run(async () => {
            const saved = await must(
              api.PATCH('/api/org/settings', {
                body: {
                  name: form.name.trim(),
                  time_zone: form.time_zone.trim(),
                  retention_days: Number(form.retention_days),
                  ingest_rate_per_minute: Number(form.ingest_rate_per_minute),
                  default_urgency_rules: form.rules,
                },
              }),
            );
            qc.setQueryData(keys.orgSettings(), saved);
            await qc.invalidateQueries({ queryKey: keys.me() });
            return 'Settings saved.';
          });
        }}
      >
        <div className="form-grid">
          <label className="field">
            <span>Organization name</span>
            <input required maxLength={200} readOnly={ro} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </label>
          <label className="field">
            <span>Time zone</span>
            <input required list="tz-list" maxLength={64} readOnly={ro} value={form.time_zone} onChange={(e) => setForm({ ...form, time_zone: e.target.value })} />
            <datalist id="tz-list">{zones.map((z) => <option key={z} value={z} />)}</datalist>
          </label>
          <label className="field">
            <span>Keep resolved alerts (days)</span>
            <input type="number" required min={1} readOnly={ro} value={form.retention_days} onChange={(e) => setForm({ ...form, retention_days: e.target.value })} />
          </label>
          <label className="field">
            <span>Ingest limit per credential (signals a minute)</span>
            <input type="number" required min={1} readOnly={ro} value={form.ingest_rate_per_minute} onChange={(e) => setForm({ ...form, ingest_rate_per_minute: e.target.value })} />
          </label>
          <fieldset className="plain span-all">
            <legend>Urgency of a signal that gives a priority but no urgency</legend>
            <div className="form-grid">
              {PRIORITIES.map((p) => (
                <SelectField
                  key={p}
                  label={p[0]!.toUpperCase() + p.slice(1)}
                  value={form.rules[p]}
                  disabled={ro}
                  onChange={(e) => setForm({ ...form, rules: { ...form.rules, [p]: e.target.value as Urgency } })}
                >
                  <option value="high">High: pages by phone</option>
                  <option value="low">Low: never rings a phone</option>
                </SelectField>
              ))}
            </div>
          </fieldset>
        </div>
        <ErrorText error={act.error} />
        <div className="form-foot">
          {editable && <button type="submit" className="button primary" disabled={act.busy}>Save settings</button>}
          {act.note && <span role="status" className="saved">{act.note}</span>}
          <span className="muted small">Last changed {when(settings.updated_at)}</span>
        </div>
      </form>
    </section>
  );
}

type Limit = { window_minutes: number; max: number };
const CHANNEL_NAME = { sms: 'SMS', voice: 'Voice' } as const;

function Throttles({ settings, editable }: { settings: Settings; editable: boolean }) {
  const qc = useQueryClient();
  const act = useAction();
  const [form, setForm] = useState(() => structuredClone(settings.paging_throttles));
  useEffect(() => setForm(structuredClone(settings.paging_throttles)), [settings.paging_throttles]);
  const save = (body: { sms: Limit[] | null; voice: Limit[] | null }, note: string) =>
    act.run(async () => {
      const saved = await must(api.PATCH('/api/org/settings', { body: { paging_throttles: body } }));
      qc.setQueryData(keys.orgSettings(), saved);
      return note;
    });
  const setRow = (c: 'sms' | 'voice', i: number, patch: Partial<Limit>) => setForm((f) => ({ ...f, [c]: f[c].map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  return (
    <section className="section" aria-labelledby="throttles-title">
      <header>
        <h2 id="throttles-title">Phone throttles</h2>
        <p className="muted small">SMS and calls to one person: a page over a limit waits until it may go, never dropped, and waiting SMS pages go as one message.</p>
      </header>
      <form
        className="section-body"
        onSubmit={(e) => {
          e.preventDefault();
          void save({ sms: form.sms, voice: form.voice }, 'Throttles saved.');
        }}
      >
        <div className="throttles">
          {(['sms', 'voice'] as const).map((c) => (
            <fieldset key={c} className="plain">
              <legend>{CHANNEL_NAME[c]} to one person</legend>
              <ul className="limits">
                {form[c].map((r, i) => (
                  <li key={i}>
                    {editable ? (
                      <>
                        <label>
                          <span className="visually-hidden">{CHANNEL_NAME[c]} limit {i + 1}: </span>at most
                          <input type="number" min={1} max={1000} required value={r.max} onChange={(e) => setRow(c, i, { max: Number(e.target.value) })} />
                        </label>
                        <label>
                          <span className="visually-hidden">{CHANNEL_NAME[c]} limit {i + 1}: </span>in
                          <input type="number" min={1} max={1440} required value={r.window_minutes} onChange={(e) => setRow(c, i, { window_minutes: Number(e.target.value) })} />
                          minutes
                        </label>
                        {form[c].length > 1 && (
                          <button type="button" className="button small" aria-label={`Remove ${CHANNEL_NAME[c]} limit ${i + 1}`} onClick={() => setForm((f) => ({ ...f, [c]: f[c].filter((_, j) => j !== i) }))}>
                            Remove
                          </button>
                        )}
                      </>
                    ) : (
                      <span>At most {r.max} in {r.window_minutes} minutes</span>
                    )}
                  </li>
                ))}
              </ul>
              {editable && form[c].length < 8 && (
                <button type="button" className="button small" onClick={() => setForm((f) => ({ ...f, [c]: [...f[c], { max: 10, window_minutes: 60 }] }))}>
                  Add {CHANNEL_NAME[c]} limit
                </button>
              )}
            </fieldset>
          ))}
        </div>
        <ErrorText error={act.error} />
        {editable && (
          <div className="form-foot">
            <button type="submit" className="button primary" disabled={act.busy}>Save throttles</button>
            <button type="button" className="button" disabled={act.busy} onClick={() => save({ sms: null, voice: null }, 'Throttles are back to the defaults.')}>Reset to defaults</button>
            {act.note && <span role="status" className="saved">{act.note}</span>}
          </div>
        )}
      </form>
    </section>
  );
}

/**
 * Where verification codes and SMS or voice test pages may go (`phone_countries`, docs/adr/0705):
 * until an admin sets it, only the country of the organization's first verified number, so a new
 * organization sets it here before anyone's first number can be verified.
 */
function PhoneCountries({ settings, editable }: { settings: Settings; editable: boolean }) {
  const qc = useQueryClient();
  const act = useAction();
  const shown = (list: readonly string[] | null | undefined) => (list ?? []).join(', ');
  const [text, setText] = useState(() => shown(settings.phone_countries));
  useEffect(() => setText(shown(settings.phone_countries)), [settings.phone_countries]);
  const save = (list: string[] | null, note: string) =>
    act.run(async () => {
      const saved = await must(api.PATCH('/api/org/settings', { body: { phone_countries: list } }));
      qc.setQueryData(keys.orgSettings(), saved);
      return note;
    });
  const allowed = settings.phone_countries_allowed ?? [];
  return (
    <section className="section" aria-labelledby="phone-countries-title">
      <header>
        <h2 id="phone-countries-title">Countries for SMS and calls</h2>
        <p className="muted small">
          Verification codes and SMS or voice test pages go only to numbers of these countries.
          {settings.phone_countries === null ? ' Not set: the country of the first verified number applies.' : ''}
          {' '}Now allowed: {allowed.length ? allowed.join(', ') : 'none'}.
        </p>
      </header>
      <form
        className="section-body"
        onSubmit={(e) => {
          e.preventDefault();
          const list = text.split(/[\s,]+/).map((c) => c.trim().toUpperCase()).filter(Boolean);
          void save(list, 'Countries saved.');
        }}
      >
        <label className="field">
          <span>Country codes (ISO 3166-1, such as US, CA, GB)</span>
          <input readOnly={!editable} value={text} onChange={(e) => setText(e.target.value)} placeholder="US, CA" />
        </label>
        <ErrorText error={act.error} />
        {editable && (
          <div className="form-foot">
            <button type="submit" className="button primary" disabled={act.busy}>Save countries</button>
            <button type="button" className="button" disabled={act.busy} onClick={() => save(null, 'Back to the default.')}>Use the default</button>
            {act.note && <span role="status" className="saved">{act.note}</span>}
          </div>
        )}
      </form>
    </section>
  );
}

function DeleteOrg({ name }: { name: string }) {
  const me = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  // Needs a session proven in the last ten minutes (ADR 0711): asks for the password when it is not.
  const { secure, dialog } = useSecure();
  return (
    <section className="section danger-zone" aria-labelledby="delete-title">
      <header><h2 id="delete-title">Delete this organization</h2></header>
      <div className="section-body">
        <p className="muted">Services, sources, alerts, schedules, API keys and memberships are deleted, and every credential of the organization stops working at once. This cannot be undone.</p>
        <TypedConfirm
          trigger={<button type="button" className="button danger">Delete organization…</button>}
          title={`Delete ${name}?`}
          description={<p>Everything in {name} is deleted for every member, now.</p>}
          word={name}
          action="Delete forever"
          onConfirm={async () => {
            await secure(() => must(api.DELETE('/api/org')));
            const next = me.memberships.find((o) => o.org_id !== me.org.id);
            currentOrg.set(next?.org_id ?? null);
            qc.clear();
            await navigate(next ? { to: '/alerts', search: {} } : { to: '/sign-in', search: {} });
          }}
        />
        {dialog}
      </div>
    </section>
  );
}
