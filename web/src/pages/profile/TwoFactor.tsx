import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { ago } from '../../format';
import { ActionForm, Confirm, CopyButton, useMe } from '../../ui';
import { useAction } from '../../use-action';
import { Qr } from '../../components/Qr';
import type { Secure } from '../../components/Reauth';
import { Outcome, Section, SixDigitCode, sixDigits, StateBadge } from './parts';

/** Two-factor sign-in: set up with a QR code and a first code, or turned off with a code. */
export function TotpSection({ secure }: { secure: Secure }) {
  const me = useMe();
  const qc = useQueryClient();
  const [setup, setSetup] = useState<Schemas['TotpSetup']>();
  const [code, setCode] = useState('');
  const a = useAction();
  const on = me.user.totp_enabled;
  const done = async (note: string) => {
    setSetup(undefined);
    setCode('');
    await qc.invalidateQueries({ queryKey: keys.me() });
    await qc.invalidateQueries({ queryKey: keys.recoveryCodes() });
    return note;
  };
  return (
    <Section id="totp-title" title="Two-factor sign-in" intro="A six-digit code from an authenticator app (1Password, Google Authenticator, Aegis…) on top of your password.">
      <p>
        <StateBadge good={on}>{on ? '✓ On' : 'Off'}</StateBadge>
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
          <ActionForm
            action={a}
            onSubmit={async () => {
              await secure(() => must(api.POST('/api/me/totp/confirm', { body: { code: code.trim() } })));
              return done('Two-factor sign-in is on. Generate recovery codes below and keep them safe.');
            }}
          >
            <label className="field grow">
              <span>Code from the app</span>
              <SixDigitCode value={code} onChange={setCode} />
            </label>
            <button type="submit" className="button primary" disabled={a.busy || !sixDigits(code)}>Turn on</button>
            <button type="button" className="button" onClick={() => { setSetup(undefined); setCode(''); }}>Cancel</button>
          </ActionForm>
        </div>
      )}
      {on && (
        <ActionForm
          action={a}
          onSubmit={async () => {
            await secure(() => must(api.POST('/api/me/totp/disable', { body: { code: code.trim() } })));
            return done('Two-factor sign-in is off.');
          }}
        >
          <label className="field grow">
            <span>Code from the app, or a recovery code</span>
            <input autoComplete="one-time-code" minLength={6} maxLength={32} value={code} onChange={(e) => setCode(e.target.value)} required />
          </label>
          <button type="submit" className="button danger" disabled={a.busy || code.trim().length < 6}>Turn off</button>
        </ActionForm>
      )}
      <Outcome action={a} />
    </Section>
  );
}

/** Recovery codes: how many are left, and new ones shown once. */
export function RecoverySection({ secure }: { secure: Secure }) {
  const status = useQuery({ queryKey: keys.recoveryCodes(), queryFn: () => must(api.GET('/api/me/recovery-codes')) });
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
                await qc.invalidateQueries({ queryKey: keys.recoveryCodes() });
              })
            }
          />
        </div>
      )}
      <Outcome action={a} error={status.error} />
    </Section>
  );
}
