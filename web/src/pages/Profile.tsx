import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, must, type Schemas } from '../api/client';
import { ago, when } from '../format';
import { canAct } from '../permissions';
import { Confirm, CopyButton, ErrorText, useMe } from '../ui';
import { Qr } from '../components/Qr';
import { browserName, currentSubscription, pushDevice, pushSupport, subscribe, unsubscribe } from '../components/web-push';
import '../styles/profile.css';
import { NotificationRulesSection } from './NotificationRules';

// My profile (PRODUCT.md 9; issue 24 point 3): the signed-in person's account, second factor,
// sessions, devices, phone numbers, alert sound, calendar feed, test pages, and this browser's
// Web Push subscription. What the role may not change is not shown (PRODUCT.md 2: an observer
// reads; managing one's own devices, numbers and profile starts at responder).

type Device = Schemas['Device'];
type Phone = Schemas['PhoneNumber'];
type TestResult = Schemas['TestPageResult'];

/** Runs an action and keeps its error and a status line for the section. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState<string>();
  const run = async (fn: () => Promise<string | void>) => {
    setBusy(true);
    setError(undefined);
    setNote(undefined);
    try {
      const done = await fn();
      if (done) setNote(done);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, note, run, setNote, setError };
}

const needsReauth = (err: unknown) => err instanceof ApiError && err.details.some((d) => d.field === 'reauthentication');

/**
 * Account-security actions need a session that proved itself in the last 10 minutes (ADR 0533):
 * when the server says so, ask for the password (or a two-factor code) and repeat the action.
 * Deleting an organization is one too (ADR 0711).
 */
export function useSecure() {
  const [pending, setPending] = useState<{ retry: () => Promise<void>; fail: (e: unknown) => void } | null>(null);
  const secure = <T,>(fn: () => Promise<T>): Promise<T> =>
    fn().catch(
      (err: unknown) =>
        new Promise<T>((resolve, reject) => {
          if (!needsReauth(err)) return reject(err);
          setPending({ retry: async () => resolve(await fn()), fail: reject });
        }),
    );
  const dialog = pending && (
    <ReauthDialog
      onDone={async () => {
        const p = pending;
        setPending(null);
        await p.retry().catch(p.fail);
      }}
      onCancel={() => {
        const p = pending;
        setPending(null);
        p.fail(new Error('Cancelled: confirm it is you to make this change.'));
      }}
    />
  );
  return { secure, dialog };
}

function ReauthDialog({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }) {
  const [mode, setMode] = useState<'password' | 'totp_code'>('password');
  const [value, setValue] = useState('');
  const a = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void a.run(async () => {
      await must(api.POST('/api/me/reauthenticate', { body: mode === 'password' ? { password: value } : { totp_code: value.trim() } }));
      await onDone();
    });
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Confirm it is you</Dialog.Title>
          <Dialog.Description>Changes to your sign-in need your password (or a two-factor code) once every 10 minutes.</Dialog.Description>
          <form className="stack" onSubmit={submit}>
            <label className="field">
              <span>{mode === 'password' ? 'Current password' : 'Two-factor code'}</span>
              <input type={mode === 'password' ? 'password' : 'text'} autoComplete={mode === 'password' ? 'current-password' : 'one-time-code'} value={value} onChange={(e) => setValue(e.target.value)} required autoFocus />
            </label>
            <button type="button" className="link" onClick={() => { setMode(mode === 'password' ? 'totp_code' : 'password'); setValue(''); }}>
              {mode === 'password' ? 'Use a two-factor code instead' : 'Use my password instead'}
            </button>
            <ErrorText error={a.error} />
            <div className="row end">
              <Dialog.Close asChild><button type="button" className="button">Cancel</button></Dialog.Close>
              <button type="submit" className="button primary" disabled={a.busy || !value}>Confirm</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Section(props: { id: string; title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className={`card stack profile-section${props.wide ? ' wide-section' : ''}`} aria-labelledby={props.id} id={props.id.replace(/-title$/, '')}>
      <h2 id={props.id}>{props.title}</h2>
      {props.intro && <p className="muted small">{props.intro}</p>}
      {props.children}
    </section>
  );
}

const Status = ({ note }: { note?: string | undefined }) => (note ? <p role="status" className="ok-note">{note}</p> : null);

export function ProfilePage() {
  const me = useMe();
  const { secure, dialog } = useSecure();
  const act = canAct(me.role);
  return (
    <article className="stack profile" aria-labelledby="profile-title">
      <header className="profile-head">
        <div className="avatar" aria-hidden="true">{(me.user.name || me.user.email).slice(0, 1).toUpperCase()}</div>
        <div>
          <h1 id="profile-title">{me.user.name || me.user.email}</h1>
          <p className="muted">
            {me.user.email} · {me.role} of {me.org.name}
          </p>
        </div>
      </header>
      <nav aria-label="Profile sections" className="profile-toc">
        <a href="#account">Account</a>
        <a href="#security">Sign-in security</a>
        <a href="#paging">Paging</a>
        <a href="#sessions">Sessions</a>
      </nav>
      {dialog}
      <div className="profile-grid">
        <AccountSection secure={secure} act={act} />
        <PasswordSection secure={secure} />
      </div>
      <h2 className="group-title" id="security">Sign-in security</h2>
      <div className="profile-grid">
        <TotpSection secure={secure} />
        <RecoverySection secure={secure} />
      </div>
      <h2 className="group-title" id="paging">How Klaxon pages you</h2>
      <div className="profile-grid">
        <PushSection act={act} />
        <NotificationRulesSection act={act} />
        <ChannelsSection />
        <DevicesSection act={act} />
        <PhonesSection act={act} />
        {act && <SoundSection />}
        {act && <TestPageSection />}
        <CalendarSection act={act} />
      </div>
      <SessionsSection />
    </article>
  );
}

type Secure = <T>(fn: () => Promise<T>) => Promise<T>;

function AccountSection({ secure, act }: { secure: Secure; act: boolean }) {
  const me = useMe();
  const qc = useQueryClient();
  const [name, setName] = useState(me.user.name);
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState<Schemas['EmailChangePending']>();
  const [code, setCode] = useState('');
  const a = useAction();
  return (
    <Section id="account-title" title="Account">
      <dl className="facts">
        <div><dt>Name</dt><dd>{me.user.name || '—'}</dd></div>
        <div>
          <dt>Email</dt>
          <dd>
            {me.user.email}{' '}
            <span className={`badge ${me.user.email_verified ? 'status-resolved' : 'status-acknowledged'}`}>{me.user.email_verified ? 'Verified' : 'Not verified'}</span>
          </dd>
        </div>
        <div><dt>Member since</dt><dd>{when(me.user.created_at)}</dd></div>
      </dl>
      {act && (
        <form
          className="row wrap end-align"
          onSubmit={(e) => {
            e.preventDefault();
            void a.run(async () => {
              const r = await must(api.PATCH('/api/me', { body: { name: name.trim() } }));
              setName(r.user.name);
              await qc.invalidateQueries({ queryKey: ['me'] });
              return r.user.name ? `Saved: your team sees you as ${r.user.name}.` : 'Saved: your team sees you by your email.';
            });
          }}
        >
          <label className="field grow">
            <span>Your name</span>
            <input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} aria-describedby="name-hint" />
            <small id="name-hint" className="muted">Shown on alert timelines, schedules and chat messages instead of your email.</small>
          </label>
          <button type="submit" className="button" disabled={a.busy || name.trim() === me.user.name}>Save name</button>
        </form>
      )}
      {!pending ? (
        <form
          className="row wrap end-align"
          onSubmit={(e) => {
            e.preventDefault();
            void a.run(async () => {
              const p = await secure(() => must(api.POST('/api/me/email', { body: { email: email.trim() } })));
              setPending(p);
              return `A six-digit code was sent to ${p.email}.`;
            });
          }}
        >
          <label className="field grow">
            <span>New email address</span>
            <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required maxLength={254} />
          </label>
          <button type="submit" className="button" disabled={a.busy || !email.trim()}>Send code</button>
        </form>
      ) : (
        <form
          className="row wrap end-align"
          onSubmit={(e) => {
            e.preventDefault();
            void a.run(async () => {
              const r = await must(api.POST('/api/me/email/verify', { body: { code: code.trim() } }));
              setPending(undefined);
              setEmail('');
              setCode('');
              await qc.invalidateQueries({ queryKey: ['me'] });
              return `Your email is now ${r.email}.`;
            });
          }}
        >
          <label className="field grow">
            <span>Code sent to {pending.email}</span>
            <input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} required />
          </label>
          <button type="submit" className="button primary" disabled={a.busy || code.trim().length !== 6}>Confirm email</button>
          <button type="button" className="button" onClick={() => { setPending(undefined); setCode(''); }}>Cancel</button>
        </form>
      )}
      <Status note={a.note} />
      <ErrorText error={a.error} />
    </Section>
  );
}

function PasswordSection({ secure }: { secure: Secure }) {
  const [pw, setPw] = useState('');
  const [again, setAgain] = useState('');
  const a = useAction();
  const mismatch = again.length > 0 && pw !== again;
  return (
    <Section id="password-title" title="Password" intro="At least 10 characters. Your other sessions are signed out when it changes.">
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void a.run(async () => {
            const r = await secure(() => must(api.POST('/api/me/password', { body: { password: pw } })));
            setPw('');
            setAgain('');
            return `Password changed. ${r.ended_sessions === 1 ? '1 other session was' : `${r.ended_sessions} other sessions were`} signed out.`;
          });
        }}
      >
        <label className="field">
          <span>New password</span>
          <input type="password" autoComplete="new-password" minLength={10} maxLength={1024} value={pw} onChange={(e) => setPw(e.target.value)} required />
        </label>
        <label className="field">
          <span>New password again</span>
          <input type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} required aria-invalid={mismatch} aria-describedby={mismatch ? 'pw-mismatch' : undefined} />
        </label>
        {mismatch && <p id="pw-mismatch" className="muted small">The two passwords differ.</p>}
        <div className="row end">
          <button type="submit" className="button" disabled={a.busy || pw.length < 10 || pw !== again}>Change password</button>
        </div>
      </form>
      <Status note={a.note} />
      <ErrorText error={a.error} />
    </Section>
  );
}

function TotpSection({ secure }: { secure: Secure }) {
  const me = useMe();
  const qc = useQueryClient();
  const [setup, setSetup] = useState<Schemas['TotpSetup']>();
  const [code, setCode] = useState('');
  const a = useAction();
  const on = me.user.totp_enabled;
  const done = async (note: string) => {
    setSetup(undefined);
    setCode('');
    await qc.invalidateQueries({ queryKey: ['me'] });
    await qc.invalidateQueries({ queryKey: ['recovery-codes'] });
    return note;
  };
  return (
    <Section id="totp-title" title="Two-factor sign-in" intro="A six-digit code from an authenticator app (1Password, Google Authenticator, Aegis…) on top of your password.">
      <p>
        <span className={`badge ${on ? 'status-resolved' : 'status-acknowledged'}`}>{on ? '✓ On' : 'Off'}</span>
      </p>
      {!on && !setup && (
        <div className="row">
          <button type="button" className="button primary" disabled={a.busy} onClick={() => a.run(async () => setSetup(await secure(() => must(api.POST('/api/me/totp')))))}>
            Set up two-factor sign-in
          </button>
        </div>
      )}
      {!on && setup && (
        <div className="stack">
          <p>Scan this code with your authenticator app, or type the key in it. Then enter the code it shows.</p>
          <div className="totp-setup">
            <Qr text={setup.otpauth_url} label="QR code of your two-factor key" />
            <div className="stack">
              <p className="small muted">Setup key (shown once)</p>
              <div className="secret-row">
                <code className="secret" data-testid="totp-secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
                <CopyButton text={setup.secret} label="Copy key" />
              </div>
              <a className="small" href={setup.otpauth_url}>Open in an authenticator app on this device</a>
            </div>
          </div>
          <form
            className="row wrap end-align"
            onSubmit={(e) => {
              e.preventDefault();
              void a.run(async () => {
                await secure(() => must(api.POST('/api/me/totp/confirm', { body: { code: code.trim() } })));
                return done('Two-factor sign-in is on. Generate recovery codes below and keep them safe.');
              });
            }}
          >
            <label className="field grow">
              <span>Code from the app</span>
              <input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} required />
            </label>
            <button type="submit" className="button primary" disabled={a.busy || code.trim().length !== 6}>Turn on</button>
            <button type="button" className="button" onClick={() => { setSetup(undefined); setCode(''); }}>Cancel</button>
          </form>
        </div>
      )}
      {on && (
        <form
          className="row wrap end-align"
          onSubmit={(e) => {
            e.preventDefault();
            void a.run(async () => {
              await secure(() => must(api.POST('/api/me/totp/disable', { body: { code: code.trim() } })));
              return done('Two-factor sign-in is off.');
            });
          }}
        >
          <label className="field grow">
            <span>Code from the app, or a recovery code</span>
            <input autoComplete="one-time-code" minLength={6} maxLength={32} value={code} onChange={(e) => setCode(e.target.value)} required />
          </label>
          <button type="submit" className="button danger" disabled={a.busy || code.trim().length < 6}>Turn off</button>
        </form>
      )}
      <Status note={a.note} />
      <ErrorText error={a.error} />
    </Section>
  );
}

function RecoverySection({ secure }: { secure: Secure }) {
  const status = useQuery({ queryKey: ['recovery-codes'], queryFn: () => must(api.GET('/api/me/recovery-codes')) });
  const qc = useQueryClient();
  const [codes, setCodes] = useState<string[]>();
  const a = useAction();
  const s = status.data;
  return (
    <Section id="recovery-title" title="Recovery codes" intro="Each code signs you in once when you cannot use your authenticator app.">
      {s && <p>{s.total === 0 ? 'You have no recovery codes.' : `${s.remaining} of ${s.total} unused${s.generated_at ? `, made ${ago(s.generated_at)}` : ''}.`}</p>}
      {codes && (
        <div className="stack notice" role="region" aria-label="Your new recovery codes">
          <p><strong>Save these now: they are shown only once.</strong> The previous codes no longer work.</p>
          <ol className="codes" data-testid="recovery-codes">
            {codes.map((c) => <li key={c}><code>{c}</code></li>)}
          </ol>
          <div className="row wrap">
            <CopyButton text={codes.join('\n')} label="Copy codes" />
            <button type="button" className="button small" onClick={() => setCodes(undefined)}>I saved them</button>
          </div>
        </div>
      )}
      {!codes && (
        <div className="row">
          <Confirm
            trigger={<button type="button" className="button" disabled={a.busy}>{s && s.total > 0 ? 'Generate new codes' : 'Generate codes'}</button>}
            title="Generate new recovery codes?"
            description={s && s.total > 0 ? 'Your current codes stop working; the new ones are shown once.' : 'Ten codes are shown once; keep them somewhere safe.'}
            action="Generate"
            onConfirm={() =>
              a.run(async () => {
                const r = await secure(() => must(api.POST('/api/me/recovery-codes')));
                setCodes(r.codes);
                await qc.invalidateQueries({ queryKey: ['recovery-codes'] });
              })
            }
          />
        </div>
      )}
      <ErrorText error={a.error ?? status.error} />
    </Section>
  );
}

/** What the app told the server about itself at bootstrap (platform and version), if anything. */
function clientName(client: Record<string, unknown>): string {
  const platform = typeof client.platform === 'string' ? client.platform : '';
  const version = typeof client.app_version === 'string' ? client.app_version : '';
  return platform ? `${platform === 'ios' ? 'iOS' : platform === 'android' ? 'Android' : 'Web'} app${version ? ` ${version}` : ''}` : '';
}

function SessionsSection() {
  const sessions = useQuery({ queryKey: ['sessions'], queryFn: () => must(api.GET('/api/me/sessions', { params: { query: { limit: 100 } } })) });
  const qc = useQueryClient();
  const a = useAction();
  const kind: Record<string, string> = { dashboard: 'Browser', mobile: 'Mobile app', agent: 'Agent' };
  return (
    <section className="card stack" aria-labelledby="sessions-title" id="sessions">
      <h2 id="sessions-title">Sessions</h2>
      <p className="muted small">Where you are signed in. Revoking one signs it out at once.</p>
      <ul className="plain-list">
        {(sessions.data ?? []).map((s) => (
          <li key={s.id} className="item-row">
            <div className="grow">
              <strong>{s.name || clientName(s.client) || kind[s.kind]}</strong> {(s.name || clientName(s.client)) && <span className="badge">{kind[s.kind] ?? s.kind}</span>}{' '}
              {s.current && <span className="badge status-resolved">This browser</span>}
              <p className="muted small">
                Signed in {when(s.created_at)}
                {s.last_used_at ? ` · last used ${ago(s.last_used_at)}` : ''} · expires {when(s.expires_at)}
              </p>
            </div>
            {!s.current && (
              <Confirm
                trigger={<button type="button" className="button small danger" aria-label={`Revoke ${s.name || kind[s.kind]} session from ${when(s.created_at)}`}>Revoke</button>}
                title="Revoke this session?"
                description="It is signed out at once."
                action="Revoke"
                danger
                onConfirm={() =>
                  a.run(async () => {
                    await must(api.DELETE('/api/me/sessions/{id}', { params: { path: { id: s.id } } }));
                    await qc.invalidateQueries({ queryKey: ['sessions'] });
                    return 'Session revoked.';
                  })
                }
              />
            )}
          </li>
        ))}
      </ul>
      <Status note={a.note} />
      <ErrorText error={a.error ?? sessions.error} />
    </section>
  );
}

/** This browser's Web Push: enable (permission, subscription, device) and disable. */
function PushSection({ act }: { act: boolean }) {
  const qc = useQueryClient();
  const support = pushSupport();
  const devices = useQuery({ queryKey: ['devices'], queryFn: () => must(api.GET('/api/devices', { params: { query: { limit: 100 } } })) });
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const a = useAction();
  useEffect(() => {
    void currentSubscription().then((s) => setEndpoint(s?.endpoint ?? null), () => setEndpoint(null));
  }, []);
  const saved = pushDevice.get();
  const device = saved && endpoint && saved.endpoint === endpoint ? devices.data?.find((d) => d.id === saved.id) : undefined;
  const on = !!device && !device.disabled_at;
  const permission = support === 'supported' ? Notification.permission : 'default';
  const enable = () =>
    a.run(async () => {
      const key = await must(api.GET('/api/devices/web-push-key'));
      if (!key.public_key) throw new Error('Web Push is not configured on this server; the operator sets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or lets Klaxon generate them into its data folder).');
      const sub = await subscribe(key.public_key);
      const d = await must(api.POST('/api/devices', { body: { platform: 'web', push_token: JSON.stringify(sub), name: browserName(), app_version: 'web' } }));
      pushDevice.set({ id: d.id, endpoint: sub.endpoint });
      setEndpoint(sub.endpoint);
      await qc.invalidateQueries({ queryKey: ['devices'] });
      return 'Push is on: this browser gets your pages, with Acknowledge and Open.';
    });
  const disable = () =>
    a.run(async () => {
      await unsubscribe();
      if (device) await must(api.DELETE('/api/devices/{id}', { params: { path: { id: device.id } } })).catch((err: unknown) => {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      });
      pushDevice.set(null);
      setEndpoint(null);
      await qc.invalidateQueries({ queryKey: ['devices'] });
      return 'Push is off for this browser.';
    });
  return (
    <Section id="push-title" title="Push to this browser" intro="Pages arrive as notifications while the browser runs, even with Klaxon closed. On iPhone and iPad, add Klaxon to the Home Screen first.">
      {support !== 'supported' ? (
        <p className="muted">{support === 'insecure' ? 'Push needs the dashboard over HTTPS (or on localhost).' : 'This browser cannot receive push notifications.'}</p>
      ) : (
        <>
          <p data-testid="push-state">
            <span className={`badge ${on ? 'status-resolved' : device?.disabled_at ? 'status-open' : ''}`}>{on ? '✓ On for this browser' : device?.disabled_at ? 'Stopped' : 'Off'}</span>
            {device?.disabled_reason && <span className="muted small"> {device.disabled_reason}</span>}
            {permission === 'denied' && <span className="muted small"> Notifications are blocked for this site in the browser's settings.</span>}
          </p>
          {act && (
            <div className="row wrap">
              {!on ? (
                <button type="button" className="button primary" disabled={a.busy || endpoint === undefined} onClick={enable}>Enable push</button>
              ) : (
                <>
                  <TestButton label="Send a test push" body={{ channel: 'push', device_id: device.id }} />
                  <button type="button" className="button danger" disabled={a.busy} onClick={disable}>Disable push</button>
                </>
              )}
            </div>
          )}
          {!act && <p className="muted small">Observers are not paged.</p>}
        </>
      )}
      <Status note={a.note} />
      <ErrorText error={a.error} />
    </Section>
  );
}

function ChannelsSection() {
  const settings = useQuery({ queryKey: ['org-settings'], queryFn: () => must(api.GET('/api/org/settings')) });
  const label: Record<string, string> = { push: 'Push (app and browser)', sms: 'SMS', voice: 'Voice call', email: 'Email', chat: 'Chat' };
  const ch = settings.data?.channels;
  return (
    <Section id="channels-title" title="Channels on this server" intro="What this Klaxon server can page you on. A channel that is not set up is named in the alert timeline.">
      {ch && (
        <ul className="plain-list channel-list">
          {(Object.keys(label) as (keyof typeof ch)[]).map((k) => (
            <li key={k} className="row">
              <span aria-hidden="true" className={ch[k] === 'configured' ? 'yes' : 'no'}>{ch[k] === 'configured' ? '✓' : '–'}</span>
              <span className="grow">{label[k]}</span>
              <span className="muted small">{ch[k] === 'configured' ? 'Enabled' : 'Not set up'}</span>
            </li>
          ))}
        </ul>
      )}
      <ErrorText error={settings.error} />
    </Section>
  );
}

function DevicesSection({ act }: { act: boolean }) {
  const devices = useQuery({ queryKey: ['devices'], queryFn: () => must(api.GET('/api/devices', { params: { query: { limit: 100 } } })) });
  const platform: Record<string, string> = { ios: 'iPhone / iPad', android: 'Android', web: 'Browser' };
  return (
    <Section id="devices-title" title="Devices" intro="Phones with the Klaxon app and browsers with push on.">
      <ul className="plain-list">
        {(devices.data ?? []).map((d) => <DeviceRow key={d.id} device={d} act={act} label={platform[d.platform] ?? d.platform} />)}
      </ul>
      {devices.data?.length === 0 && <p className="empty">No devices yet. Install the app, or enable push for this browser.</p>}
      <ErrorText error={devices.error} />
    </Section>
  );
}

function DeviceRow({ device, act, label }: { device: Device; act: boolean; label: string }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(device.name);
  const a = useAction();
  const id = useId();
  const mine = pushDevice.get()?.id === device.id;
  return (
    <li className="item-row">
      <div className="grow">
        {editing ? (
          <form
            className="row wrap end-align"
            onSubmit={(e) => {
              e.preventDefault();
              void a.run(async () => {
                await must(api.PATCH('/api/devices/{id}', { params: { path: { id: device.id } }, body: { name: name.trim() } }));
                setEditing(false);
                await qc.invalidateQueries({ queryKey: ['devices'] });
                return 'Renamed.';
              });
            }}
          >
            <label className="field grow" htmlFor={`${id}-name`}>
              <span>Device name</span>
              <input id={`${id}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} required autoFocus />
            </label>
            <button type="submit" className="button small primary" disabled={a.busy || !name.trim()}>Save</button>
            <button type="button" className="button small" onClick={() => { setEditing(false); setName(device.name); }}>Cancel</button>
          </form>
        ) : (
          <>
            <strong>{device.name || label}</strong> <span className="badge">{label}</span> {mine && <span className="badge status-resolved">This browser</span>}
            {device.disabled_at && <span className="badge status-open">Stopped</span>}
            <p className="muted small">
              {device.disabled_reason ? `${device.disabled_reason} · ` : ''}
              {device.platform === 'ios' && (device.critical_alerts_permitted ? 'Critical alerts allowed · ' : 'Critical alerts not allowed · ')}
              {device.platform === 'web' ? 'Web Push subscription' : `Token ${device.push_token_hint}`} · added {when(device.created_at)}
            </p>
          </>
        )}
        <Status note={a.note} />
        <ErrorText error={a.error} />
      </div>
      {act && !editing && (
        <div className="row wrap item-actions">
          <TestButton label="Test" aria={`Test push to ${device.name || label}`} body={{ channel: 'push', device_id: device.id }} />
          <button type="button" className="button small" aria-label={`Rename ${device.name || label}`} onClick={() => setEditing(true)}>Rename</button>
          <Confirm
            trigger={<button type="button" className="button small danger" aria-label={`Remove ${device.name || label}`}>Remove</button>}
            title={`Remove ${device.name || label}?`}
            description="It gets no more pages. The app adds it again when you sign in there."
            action="Remove"
            danger
            onConfirm={() =>
              a.run(async () => {
                await must(api.DELETE('/api/devices/{id}', { params: { path: { id: device.id } } }));
                if (mine) pushDevice.set(null);
                await qc.invalidateQueries({ queryKey: ['devices'] });
              })
            }
          />
        </div>
      )}
    </li>
  );
}

function PhonesSection({ act }: { act: boolean }) {
  const phones = useQuery({ queryKey: ['phones'], queryFn: () => must(api.GET('/api/phone-numbers', { params: { query: { limit: 100 } } })) });
  const qc = useQueryClient();
  const [number, setNumber] = useState('');
  const [label, setLabel] = useState('');
  const a = useAction();
  return (
    <Section id="phones-title" title="Phone numbers" intro="For SMS and voice pages. A number pages you once it is verified with a code sent by SMS.">
      <ul className="plain-list">
        {(phones.data ?? []).map((p) => <PhoneRow key={p.id} phone={p} act={act} />)}
      </ul>
      {phones.data?.length === 0 && <p className="empty">No phone numbers yet.</p>}
      {act && (
        <form
          className="row wrap end-align"
          onSubmit={(e) => {
            e.preventDefault();
            void a.run(async () => {
              const p = await must(api.POST('/api/phone-numbers', { body: { number: number.trim(), ...(label.trim() ? { label: label.trim() } : {}) } }));
              setNumber('');
              setLabel('');
              await qc.invalidateQueries({ queryKey: ['phones'] });
              return `Added ${p.number}. Send a code to verify it.`;
            });
          }}
        >
          <label className="field grow">
            <span>Phone number (with +country code)</span>
            <input type="tel" autoComplete="tel" placeholder="+1 415 555 2671" value={number} onChange={(e) => setNumber(e.target.value)} required maxLength={40} />
          </label>
          <label className="field">
            <span>Label</span>
            <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={100} placeholder="Mobile" />
          </label>
          <button type="submit" className="button" disabled={a.busy || number.trim().length < 3}>Add number</button>
        </form>
      )}
      <Status note={a.note} />
      <ErrorText error={a.error ?? phones.error} />
    </Section>
  );
}

function PhoneRow({ phone, act }: { phone: Phone; act: boolean }) {
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const a = useAction();
  const id = useId();
  const refresh = () => qc.invalidateQueries({ queryKey: ['phones'] });
  return (
    <li className="item-row">
      <div className="grow stack-tight">
        <div>
          <strong>{phone.number}</strong> {phone.label && <span className="muted">{phone.label}</span>}{' '}
          <span className={`badge ${phone.verified ? 'status-resolved' : 'status-acknowledged'}`}>{phone.verified ? '✓ Verified' : 'Not verified'}</span>
          {phone.disabled_reason && <p className="muted small">{phone.disabled_reason}</p>}
        </div>
        {act && phone.verification_pending && !phone.verified && (
          <form
            className="row wrap end-align"
            onSubmit={(e) => {
              e.preventDefault();
              void a.run(async () => {
                await must(api.POST('/api/phone-numbers/{id}/verify/confirm', { params: { path: { id: phone.id } }, body: { code: code.trim() } }));
                setCode('');
                await refresh();
                return `${phone.number} is verified.`;
              });
            }}
          >
            <label className="field" htmlFor={`${id}-code`}>
              <span>Code sent to {phone.number}</span>
              <input id={`${id}-code`} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} required />
            </label>
            <button type="submit" className="button small primary" disabled={a.busy || code.trim().length !== 6}>Verify</button>
          </form>
        )}
        <Status note={a.note} />
        <ErrorText error={a.error} />
      </div>
      {act && (
        <div className="row wrap item-actions">
          {!phone.verified && (
            <button
              type="button"
              className="button small"
              disabled={a.busy}
              aria-label={`${phone.verification_pending ? 'New code for' : 'Send code to'} ${phone.number}`}
              onClick={() =>
                a.run(async () => {
                  const r = await must(api.POST('/api/phone-numbers/{id}/verify', { params: { path: { id: phone.id } } }));
                  await refresh();
                  return `Code sent by SMS; it works until ${when(r.expires_at)}.`;
                })
              }
            >
              {phone.verification_pending ? 'New code' : 'Send code'}
            </button>
          )}
          {phone.verified && (
            <>
              <TestButton label="Test SMS" aria={`Test SMS to ${phone.number}`} body={{ channel: 'sms', phone_number_id: phone.id }} />
              <TestButton label="Test call" aria={`Test call to ${phone.number}`} body={{ channel: 'voice', phone_number_id: phone.id }} />
            </>
          )}
          <Confirm
            trigger={<button type="button" className="button small danger" aria-label={`Remove ${phone.number}`}>Remove</button>}
            title={`Remove ${phone.number}?`}
            description="It gets no more SMS or calls from Klaxon."
            action="Remove"
            danger
            onConfirm={() =>
              a.run(async () => {
                await must(api.DELETE('/api/phone-numbers/{id}', { params: { path: { id: phone.id } } }));
                await refresh();
              })
            }
          />
        </div>
      )}
    </li>
  );
}

const RESULT_TEXT: Record<TestResult['status'], string> = {
  sent: 'Sent: the provider took it.',
  delivered: 'Delivered.',
  failed: 'Failed.',
  not_configured: 'Not set up on this server.',
};

/** Sends a test page and says what the provider answered. */
function TestButton({ label, aria, body }: { label: string; aria?: string; body: Schemas['TestPageRequest'] }) {
  const [result, setResult] = useState<TestResult>();
  const a = useAction();
  return (
    <span className="test-button">
      <button type="button" className="button small" aria-label={aria} disabled={a.busy} onClick={() => a.run(async () => setResult(await must(api.POST('/api/me/test-page', { body }))))}>
        {a.busy ? 'Sending…' : label}
      </button>
      {result && <TestOutcome result={result} />}
      <ErrorText error={a.error} />
    </span>
  );
}

function TestOutcome({ result }: { result: TestResult }) {
  const good = result.status === 'sent' || result.status === 'delivered';
  return (
    <span role="status" className={`test-result ${good ? 'good' : 'bad'}`} data-testid="test-result">
      <span aria-hidden="true">{good ? '✓' : '!'}</span> {RESULT_TEXT[result.status]}
      {result.detail ? ` ${result.detail}` : ''}
    </span>
  );
}

function TestPageSection() {
  const phones = useQuery({ queryKey: ['phones'], queryFn: () => must(api.GET('/api/phone-numbers', { params: { query: { limit: 100 } } })) });
  const devices = useQuery({ queryKey: ['devices'], queryFn: () => must(api.GET('/api/devices', { params: { query: { limit: 100 } } })) });
  const [target, setTarget] = useState('email');
  const [result, setResult] = useState<TestResult>();
  const a = useAction();
  const options: { value: string; label: string; body: Schemas['TestPageRequest'] }[] = [
    { value: 'email', label: 'Email to my address', body: { channel: 'email' } },
    ...(devices.data ?? []).filter((d) => !d.disabled_at).map((d) => ({ value: `push:${d.id}`, label: `Push to ${d.name || d.platform}`, body: { channel: 'push' as const, device_id: d.id } })),
    ...(phones.data ?? []).filter((p) => p.verified).flatMap((p) => [
      { value: `sms:${p.id}`, label: `SMS to ${p.number}`, body: { channel: 'sms' as const, phone_number_id: p.id } },
      { value: `voice:${p.id}`, label: `Call ${p.number}`, body: { channel: 'voice' as const, phone_number_id: p.id } },
    ]),
  ];
  const chosen = options.find((o) => o.value === target) ?? options[0]!;
  return (
    <Section id="test-title" title="Test page" intro="Send yourself a page now and see what the provider answered. Test SMS and calls count toward the plan.">
      <form
        className="row wrap end-align"
        onSubmit={(e) => {
          e.preventDefault();
          void a.run(async () => {
            setResult(undefined);
            setResult(await must(api.POST('/api/me/test-page', { body: chosen.body })));
          });
        }}
      >
        <label className="field grow">
          <span>Send to</span>
          <select value={chosen.value} onChange={(e) => setTarget(e.target.value)}>
            {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </label>
        <button type="submit" className="button primary" disabled={a.busy}>{a.busy ? 'Sending…' : 'Send test page'}</button>
      </form>
      {result && <TestOutcome result={result} />}
      <ErrorText error={a.error} />
    </Section>
  );
}

// The app's sounds the API names (AlertSoundPreference); another name set through the API is kept and shown.
const SOUNDS = ['klaxon', 'chime', 'silent'];

function SoundSection() {
  const me = useMe();
  const qc = useQueryClient();
  const [high, setHigh] = useState(me.alert_sound.sounds.high);
  const [low, setLow] = useState(me.alert_sound.sounds.low);
  const [critical, setCritical] = useState(me.alert_sound.critical_alerts);
  const a = useAction();
  const choices = (current: string) => (SOUNDS.includes(current) ? SOUNDS : [current, ...SOUNDS]);
  return (
    <Section id="sound-title" title="Alert sound" intro="How the Klaxon app sounds a page. Browsers play their own notification sound.">
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void a.run(async () => {
            await must(api.PATCH('/api/me', { body: { sounds: { high, low }, critical_alerts: critical } }));
            await qc.invalidateQueries({ queryKey: ['me'] });
            return 'Saved.';
          });
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
      </form>
      <Status note={a.note} />
      <ErrorText error={a.error} />
    </Section>
  );
}

function CalendarSection({ act }: { act: boolean }) {
  const feeds = useQuery({ queryKey: ['calendar-feeds'], queryFn: () => must(api.GET('/api/me/calendar-feeds', { params: { query: { limit: 100 } } })) });
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<Schemas['CalendarFeedCreated']>();
  const a = useAction();
  return (
    <Section id="calendar-title" title="Calendar feed" intro="Your on-call shifts in your calendar app (7 days back, 60 ahead). Anyone with the URL can read your shifts: revoke a feed you no longer use.">
      {created && (
        <div className="stack notice">
          <p><strong>Subscribe to this URL in your calendar app. It is shown only now.</strong></p>
          <div className="secret-row">
            <code className="secret" data-testid="calendar-url">{created.url}</code>
            <CopyButton text={created.url} label="Copy feed URL" />
          </div>
          <div className="row"><button type="button" className="button small" onClick={() => setCreated(undefined)}>Done</button></div>
        </div>
      )}
      <ul className="plain-list">
        {(feeds.data ?? []).map((f) => (
          <li key={f.id} className="item-row">
            <div className="grow">
              <strong>{f.name || 'Calendar feed'}</strong>
              <p className="muted small">Created {when(f.created_at)} · {f.last_used_at ? `last read ${ago(f.last_used_at)}` : 'not read yet'}</p>
            </div>
            {act && (
              <Confirm
                trigger={<button type="button" className="button small danger" aria-label={`Revoke ${f.name || 'calendar feed'}`}>Revoke</button>}
                title="Revoke this calendar feed?"
                description="Its URL stops working at once."
                action="Revoke"
                danger
                onConfirm={() =>
                  a.run(async () => {
                    await must(api.DELETE('/api/me/calendar-feeds/{id}', { params: { path: { id: f.id } } }));
                    if (created?.id === f.id) setCreated(undefined);
                    await qc.invalidateQueries({ queryKey: ['calendar-feeds'] });
                  })
                }
              />
            )}
          </li>
        ))}
      </ul>
      {act && (
        <form
          className="row wrap end-align"
          onSubmit={(e) => {
            e.preventDefault();
            void a.run(async () => {
              const f = await must(api.POST('/api/me/calendar-feeds', { body: name.trim() ? { name: name.trim() } : {} }));
              setCreated(f);
              setName('');
              await qc.invalidateQueries({ queryKey: ['calendar-feeds'] });
            });
          }}
        >
          <label className="field grow">
            <span>Feed name (optional)</span>
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} placeholder="Work calendar" />
          </label>
          <button type="submit" className="button" disabled={a.busy}>Create feed URL</button>
        </form>
      )}
      <ErrorText error={a.error ?? feeds.error} />
    </Section>
  );
}
