import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { when } from '../../format';
import { ActionForm, useMe } from '../../ui';
import { useAction } from '../../use-action';
import type { Secure } from '../../components/Reauth';
import { Outcome, Section, SixDigitCode, sixDigits, StateBadge } from './parts';

/** Name and email: the name is saved at once; a new email is confirmed with a code sent to it. */
export function AccountSection({ secure, act }: { secure: Secure; act: boolean }) {
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
            <StateBadge good={me.user.email_verified}>{me.user.email_verified ? 'Verified' : 'Not verified'}</StateBadge>
          </dd>
        </div>
        <div><dt>Member since</dt><dd>{when(me.user.created_at)}</dd></div>
      </dl>
      {act && (
        <ActionForm
          action={a}
          onSubmit={async () => {
            const r = await must(api.PATCH('/api/me', { body: { name: name.trim() } }));
            setName(r.user.name);
            await qc.invalidateQueries({ queryKey: keys.me() });
            return r.user.name ? `Saved: your team sees you as ${r.user.name}.` : 'Saved: your team sees you by your email.';
          }}
        >
          <label className="field grow">
            <span>Your name</span>
            <input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} aria-describedby="name-hint" />
            <small id="name-hint" className="muted">Shown on alert timelines, schedules and chat messages instead of your email.</small>
          </label>
          <button type="submit" className="button" disabled={a.busy || name.trim() === me.user.name}>Save name</button>
        </ActionForm>
      )}
      {!pending ? (
        <ActionForm
          action={a}
          onSubmit={async () => {
            const p = await secure(() => must(api.POST('/api/me/email', { body: { email: email.trim() } })));
            setPending(p);
            return `A six-digit code was sent to ${p.email}.`;
          }}
        >
          <label className="field grow">
            <span>New email address</span>
            <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required maxLength={254} />
          </label>
          <button type="submit" className="button" disabled={a.busy || !email.trim()}>Send code</button>
        </ActionForm>
      ) : (
        <ActionForm
          action={a}
          onSubmit={async () => {
            const r = await must(api.POST('/api/me/email/verify', { body: { code: code.trim() } }));
            setPending(undefined);
            setEmail('');
            setCode('');
            await qc.invalidateQueries({ queryKey: keys.me() });
            return `Your email is now ${r.email}.`;
          }}
        >
          <label className="field grow">
            <span>Code sent to {pending.email}</span>
            <SixDigitCode value={code} onChange={setCode} />
          </label>
          <button type="submit" className="button primary" disabled={a.busy || !sixDigits(code)}>Confirm email</button>
          <button type="button" className="button" onClick={() => { setPending(undefined); setCode(''); }}>Cancel</button>
        </ActionForm>
      )}
      <Outcome action={a} />
    </Section>
  );
}

/** A new password, typed twice; the server signs the other sessions out. */
export function PasswordSection({ secure }: { secure: Secure }) {
  const [pw, setPw] = useState('');
  const [again, setAgain] = useState('');
  const a = useAction();
  const mismatch = again.length > 0 && pw !== again;
  return (
    <Section id="password-title" title="Password" intro="At least 10 characters. Your other sessions are signed out when it changes.">
      <ActionForm
        action={a}
        className="stack"
        onSubmit={async () => {
          const r = await secure(() => must(api.POST('/api/me/password', { body: { password: pw } })));
          setPw('');
          setAgain('');
          return `Password changed. ${r.ended_sessions === 1 ? '1 other session was' : `${r.ended_sessions} other sessions were`} signed out.`;
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
      </ActionForm>
      <Outcome action={a} />
    </Section>
  );
}
