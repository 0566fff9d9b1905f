import { useEffect, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, currentOrg, must } from '../api/client';
import { keys } from '../api/keys';
import { ActionForm, ErrorText, Logo } from '../ui';
import { useAction } from '../use-action';

const firstRun = () => document.querySelector<HTMLMetaElement>('meta[name="klaxon-first-run"]')?.content === 'true';

export function SignInPage() {
  const search = useSearch({ from: '/sign-in' });
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'password' | 'totp' | 'recovery'>('password');
  const [code, setCode] = useState('');
  const a = useAction();
  // Single sign-on (PRODUCT.md 13): the button, when the server offers it.
  const sso = useQuery({ queryKey: keys.sso(), queryFn: () => must(api.GET('/api/auth/oidc')), staleTime: Infinity, retry: false });
  const ssoOrg = search.sso_org;
  useEffect(() => {
    if (!ssoOrg) return;
    // Back from the identity provider with a session: act in the organization it named, then go on.
    currentOrg.set(ssoOrg);
    qc.clear();
    void navigate({ to: search.next ?? '/alerts', replace: true });
  }, [ssoOrg, search.next, navigate, qc]);

  if (firstRun()) return <FirstRun />;
  if (ssoOrg) return <main className="center-page" id="main"><p aria-busy="true">Signing in…</p></main>;

  const submit = async () => {
    const body = {
      email,
      password,
      client: 'dashboard' as const,
      ...(step === 'totp' ? { totp_code: code.replace(/\s/g, '') } : {}),
      ...(step === 'recovery' ? { recovery_code: code.trim() } : {}),
    };
    const session = await must(api.POST('/api/auth/sign-in', { body })).catch((err: unknown) => {
      // A password that is right for an account with two-factor sign-in: ask for the code.
      if (err instanceof ApiError && err.details.some((d) => d.field === 'totp_code') && step === 'password') return null;
      throw err;
    });
    if (!session) {
      setStep('totp');
      setCode('');
      return;
    }
    const orgs = session.memberships;
    if (!orgs.length) throw new Error('You are signed in but belong to no organization yet. Ask an administrator for an invitation.');
    const keep = orgs.find((m) => m.org_id === currentOrg.get());
    currentOrg.set((keep ?? orgs[0]!).org_id);
    qc.clear();
    await navigate({ to: search.next ?? '/alerts' });
  };

  return (
    <main className="center-page" id="main">
      <ActionForm action={a} className="card narrow stack" onSubmit={submit} aria-labelledby="sign-in-title" noValidate>
        <Logo />
        <h1 id="sign-in-title">Sign in to Klaxon</h1>
        {step === 'password' ? (
          <>
            <label className="field">
              <span>Email</span>
              <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
            </label>
            <label className="field">
              <span>Password</span>
              <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            </label>
          </>
        ) : (
          <>
            <p>{step === 'totp' ? 'Enter the six-digit code from your authenticator app.' : 'Enter one of your recovery codes. Each works once.'}</p>
            <label className="field">
              <span>{step === 'totp' ? 'Authentication code' : 'Recovery code'}</span>
              <input
                key={step}
                inputMode={step === 'totp' ? 'numeric' : 'text'}
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoFocus
              />
            </label>
            <button type="button" className="link" onClick={() => { setStep(step === 'totp' ? 'recovery' : 'totp'); setCode(''); a.reset(); }}>
              {step === 'totp' ? 'Use a recovery code instead' : 'Use an authenticator code instead'}
            </button>
          </>
        )}
        <ErrorText error={a.error ?? (search.sso_error ? new Error(search.sso_error) : null)} />
        <button type="submit" className="button primary" disabled={a.busy}>{a.busy ? 'Signing in…' : step === 'password' ? 'Sign in' : 'Verify'}</button>
        {sso.data?.configured && sso.data.start_url && step === 'password' ? (
          <a className="button" href={`${sso.data.start_url}?next=${encodeURIComponent(search.next ?? '/alerts')}`}>Sign in with {sso.data.name}</a>
        ) : null}
      </ActionForm>
    </main>
  );
}

function FirstRun() {
  return (
    <main className="center-page" id="main">
      <section className="card wide stack" aria-labelledby="first-run-title">
        <Logo />
        <h1 id="first-run-title">Welcome to Klaxon</h1>
        <p>This server has no organization yet. Create the first one, with its owner, from a terminal in Klaxon's folder:</p>
        <pre className="code" tabIndex={0}><code>npm run klaxon -- admin bootstrap --org "Acme" --email you@example.com --name "Your Name" --password 'choose-a-long-password'</code></pre>
        <p>
          Then reload this page and sign in with that email and password. The command also prints two API keys (a full-product key and an
          alert-ingest key); keep them somewhere safe, they are shown once. With <code>--json</code> it prints them as JSON.
        </p>
        <button type="button" className="button primary" onClick={() => window.location.reload()}>I have run it: reload</button>
      </section>
    </main>
  );
}
