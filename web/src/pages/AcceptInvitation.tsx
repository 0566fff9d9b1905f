import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, currentOrg, must, type Schemas } from '../api/client';
import { keys } from '../api/keys';
import { queries } from '../api/queries';
import { ActionForm, ErrorText, Logo } from '../ui';
import { useAction } from '../use-action';

type Invitation = Schemas['InvitationLookedUp'];

const ROLE: Record<string, string> = { owner: 'an owner', admin: 'an admin', responder: 'a responder', observer: 'an observer' };
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Where the invitation mail's link lands ({KLAXON_PUBLIC_URL}/invitations/accept?token=…, docs/adr/0720):
 * a new person creates their account (the invited address, their name, a password) and is in the
 * organization; a signed-in person accepts with one click; a used, expired or withdrawn link says so.
 */
export function AcceptInvitationPage() {
  const { token } = useSearch({ from: '/invitations/accept' });
  const invitation = useQuery({
    queryKey: keys.invitation(token),
    queryFn: () => must(api.POST('/api/invitations/lookup', { body: { token: token! } })),
    enabled: !!token,
    retry: false,
  });
  // Signed in already (this browser has a session and an organization)? Then one click joins.
  const me = useQuery(queries.me(currentOrg.get()));

  let content: ReactNode;
  if (!token) content = <Problem title="This invitation link is incomplete">The link has no invitation token. Open the link from the invitation mail again, in full.</Problem>;
  else if (invitation.error) {
    content =
      invitation.error instanceof ApiError && invitation.error.status === 404 ? (
        <Problem title="This invitation is not valid">It was withdrawn, replaced by a newer invitation, or the link is incomplete. Ask an owner of the organization to invite you again.</Problem>
      ) : (
        <Problem title="The invitation could not be read">{invitation.error.message}</Problem>
      );
  } else if (!invitation.data || (currentOrg.get() && me.isPending)) content = <p aria-busy="true">Loading…</p>;
  else if (invitation.data.status === 'accepted') {
    content = (
      <Problem title="This invitation was already used">
        Each invitation link works once. If you joined with it, <Link to="/sign-in" search={{}}>sign in</Link>; otherwise ask an owner of the organization for a new invitation.
      </Problem>
    );
  } else if (invitation.data.status === 'expired') {
    content = <Problem title="This invitation has expired">It expired on {when(invitation.data.expires_at)}. Ask an owner of the organization to invite you again.</Problem>;
  } else if (me.data) content = <AcceptSignedIn token={token} invitation={invitation.data} email={me.data.user.email} />;
  else if (invitation.data.account_exists) {
    content = (
      <>
        <Intro invitation={invitation.data} />
        <p>An account with this address exists. Sign in as {invitation.data.email} to accept.</p>
        <Link to="/sign-in" search={{ next: `/invitations/accept?token=${encodeURIComponent(token)}` }} className="button primary">Sign in to accept</Link>
      </>
    );
  } else content = <CreateAccount token={token} invitation={invitation.data} />;

  return (
    <main className="center-page" id="main">
      <section className="card narrow stack" aria-labelledby="invitation-title">
        <Logo />
        {content}
      </section>
    </main>
  );
}

function Problem(props: { title: string; children: ReactNode }) {
  return (
    <>
      <h1 id="invitation-title">{props.title}</h1>
      <p role="alert">{props.children}</p>
    </>
  );
}

function Intro({ invitation }: { invitation: Invitation }) {
  return (
    <>
      <h1 id="invitation-title">Join your team on Klaxon</h1>
      <p>
        You are invited to join an organization as {ROLE[invitation.role] ?? invitation.role}. The invitation is for <strong>{invitation.email}</strong> and works until{' '}
        {when(invitation.expires_at)}.
      </p>
    </>
  );
}

/** The organization the person has just joined becomes this browser's organization; the alert list follows. */
function useLandIn() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return async (orgId: string) => {
    currentOrg.set(orgId);
    qc.clear();
    await navigate({ to: '/alerts', search: {} });
  };
}

function CreateAccount({ token, invitation }: { token: string; invitation: Invitation }) {
  const landIn = useLandIn();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const a = useAction();

  const submit = async () => {
    if (password.length < 10) throw new Error('Choose a password of at least 10 characters.');
    const session = await must(
      api.POST('/api/auth/sign-up', { body: { email: invitation.email, name: name.trim(), password, invitation_token: token, client: 'dashboard' } }),
    );
    const joined = session.memberships.find((m) => m.role === invitation.role) ?? session.memberships[0];
    if (!joined) throw new Error('Your account was created, but it belongs to no organization. Ask an owner to invite you again.');
    await landIn(joined.org_id);
  };

  return (
    <ActionForm action={a} className="stack" onSubmit={submit} aria-labelledby="invitation-title" noValidate>
      <Intro invitation={invitation} />
      <p>Create your account to join. Your teammates see your name on alerts, schedules and chat messages.</p>
      <label className="field">
        <span>Email</span>
        <input type="email" autoComplete="username" value={invitation.email} readOnly aria-readonly="true" />
      </label>
      <label className="field">
        <span>Your name</span>
        <input autoComplete="name" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="Ada Lovelace" autoFocus />
      </label>
      <label className="field">
        <span>Password</span>
        <input type="password" autoComplete="new-password" required minLength={10} value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby="password-hint" />
        <small id="password-hint" className="muted">At least 10 characters.</small>
      </label>
      <ErrorText error={a.error} />
      <button type="submit" className="button primary" disabled={a.busy}>{a.busy ? 'Creating your account…' : 'Create account and join'}</button>
      <p className="muted small">
        Already have an account with this address? <Link to="/sign-in" search={{ next: `/invitations/accept?token=${encodeURIComponent(token)}` }}>Sign in</Link> to accept.
      </p>
    </ActionForm>
  );
}

function AcceptSignedIn({ token, invitation, email }: { token: string; invitation: Invitation; email: string }) {
  const landIn = useLandIn();
  const a = useAction();

  const accept = () =>
    a.run(async () => {
      const joined = await must(api.POST('/api/invitations/accept', { body: { token } }));
      await landIn(joined.org_id);
    });
  const signOut = async () => {
    await api.POST('/api/auth/sign-out');
    currentOrg.set(null);
    window.location.reload(); // this page again, signed out
  };

  if (email.toLowerCase() !== invitation.email) {
    return (
      <>
        <Intro invitation={invitation} />
        <p role="alert">You are signed in as {email}, but this invitation is for {invitation.email}. Sign out, then open the link again to join as {invitation.email}.</p>
        <button type="button" className="button primary" onClick={() => void signOut()}>Sign out</button>
      </>
    );
  }
  return (
    <>
      <Intro invitation={invitation} />
      <p>You are signed in as {email}.</p>
      <ErrorText error={a.error} />
      <button type="button" className="button primary" onClick={() => void accept()} disabled={a.busy}>{a.busy ? 'Joining…' : 'Accept invitation'}</button>
    </>
  );
}
