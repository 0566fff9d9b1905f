import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, currentOrg, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { displayName, when } from '../../format';
import { isOwner } from '../../permissions';
import { Confirm, ErrorText, useMe } from '../../ui';
import { ROLE_HELP, ROLE_LABEL, ROLES, SecretOnceDialog, useMembers, type Member } from '../../components/admin';
import { useAction } from '../../use-action';
import { SelectField } from '../../components/fields';

type Invitation = Schemas['Invitation'];
type Role = (typeof ROLES)[number];

export function PeoplePage() {
  const me = useMe();
  const members = useMembers();
  const owner = isOwner(me.role);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>People</h1>
          <p className="muted">{owner ? 'Invite people, choose what each may do, and remove those who left.' : 'Who is in this organization and what each may do. Owners manage members.'}</p>
        </div>
      </div>
      <section className="section" aria-labelledby="members-title">
        <header><h2 id="members-title">Members</h2></header>
        <div className="section-body">
          <ErrorText error={members.error} />
          {members.data && (
            <table className="data stacked">
              <thead>
                <tr><th scope="col">Person</th><th scope="col">Role</th><th scope="col">Joined</th>{owner && <th scope="col"><span className="visually-hidden">Actions</span></th>}</tr>
              </thead>
              <tbody>
                {members.data.map((m) => <MemberRow key={m.user_id} member={m} self={m.user_id === me.user.id} owner={owner} />)}
              </tbody>
            </table>
          )}
          {!members.data && !members.error && <p aria-busy="true">Loading…</p>}
        </div>
      </section>
      {owner && <Invitations />}
      <Leave />
    </>
  );
}

function MemberRow({ member: m, self, owner }: { member: Member; self: boolean; owner: boolean }) {
  const qc = useQueryClient();
  const act = useAction();
  const label = displayName(m);
  return (
    <tr>
      <td>
        <div className="person">
          <strong>{label}{self && <span className="muted"> (you)</span>}</strong>
          {m.name && <span>{m.email}</span>}
          {!m.email_verified && <span>Email not verified: not paged until it is</span>}
        </div>
      </td>
      <td data-label="Role">
        {owner ? (
          <>
            <label className="visually-hidden" htmlFor={`role-${m.user_id}`}>Role of {label}</label>
            <select
              id={`role-${m.user_id}`}
              value={m.role}
              disabled={act.busy}
              onChange={(e) => {
                const role = e.target.value as Role;
                void act.run(async () => {
                  await must(api.PATCH('/api/org/members/{user_id}', { params: { path: { user_id: m.user_id } }, body: { role } }));
                  await qc.invalidateQueries({ queryKey: keys.members() });
                  if (self) await qc.invalidateQueries({ queryKey: keys.me() });
                  return `${label} is now ${ROLE_LABEL[role]!.toLowerCase()}.`;
                });
              }}
            >
              {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABEL[r]}</option>)}
            </select>
          </>
        ) : (
          <span className={`badge role-${m.role}`}>{ROLE_LABEL[m.role]}</span>
        )}
        {act.note && <p role="status" className="saved small">{act.note}</p>}
        <ErrorText error={act.error} />
      </td>
      <td data-label="Joined" className="muted">{when(m.joined_at)}</td>
      {owner && (
        <td>
          <div className="actions">
            {!self && (
              <Confirm
                trigger={<button type="button" className="button small danger" aria-label={`Remove ${label}`}>Remove</button>}
                title={`Remove ${label}?`}
                description={<p>{label} loses access to this organization at once; their full-product API keys here stop working and they leave every rotation.</p>}
                action="Remove member"
                danger
                onConfirm={async () => {
                  await act.run(async () => {
                    await must(api.DELETE('/api/org/members/{user_id}', { params: { path: { user_id: m.user_id } } }));
                    await qc.invalidateQueries({ queryKey: keys.members() });
                  });
                }}
              />
            )}
          </div>
        </td>
      )}
    </tr>
  );
}

function Invitations() {
  const qc = useQueryClient();
  const invitations = useQuery({ queryKey: keys.invitations(), queryFn: () => must(api.GET('/api/org/invitations', { params: { query: { limit: 500 } } })) });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('responder');
  const [created, setCreated] = useState<Schemas['InvitationCreated']>();
  const act = useAction();
  const pending = (invitations.data ?? []).filter((i) => i.status === 'pending');
  const past = (invitations.data ?? []).filter((i) => i.status !== 'pending').slice(0, 10);
  return (
    <section className="section" aria-labelledby="invitations-title">
      <header>
        <h2 id="invitations-title">Invitations</h2>
        <p className="muted small">An invitation link works once, for 7 days, for that email address: the person creates their account from it, or signs in to it if they have one.</p>
      </header>
      <div className="section-body">
        <form
          className="row wrap end-align"
          onSubmit={async (e) => {
            e.preventDefault();
            await act.run(async () => {
              const inv = await must(api.POST('/api/org/invitations', { body: { email: email.trim(), role } }));
              setCreated(inv);
              setEmail('');
              await qc.invalidateQueries({ queryKey: keys.invitations() });
            });
          }}
        >
          <label className="field grow">
            <span>Email to invite</span>
            <input type="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@example.com" autoComplete="off" />
          </label>
          <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)} aria-describedby="invite-role-help">
            {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABEL[r]}</option>)}
          </SelectField>
          <button type="submit" className="button primary" disabled={act.busy || !email.trim()}>Send invitation</button>
        </form>
        <p id="invite-role-help" className="muted small">{ROLE_LABEL[role]}: {ROLE_HELP[role]}.</p>
        <ErrorText error={act.error ?? invitations.error} />
        {pending.length > 0 ? (
          <table className="data stacked" aria-label="Pending invitations">
            <thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Mail</th><th scope="col">Expires</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>{pending.map((i) => <InvitationRow key={i.id} invitation={i} />)}</tbody>
          </table>
        ) : (
          invitations.data && <p className="muted">No pending invitations.</p>
        )}
        {past.length > 0 && (
          <details>
            <summary>Recent invitations that are no longer open ({past.length})</summary>
            <ul className="small">
              {past.map((i) => <li key={i.id}>{i.email} ({ROLE_LABEL[i.role]}): {i.status}{i.accepted_at ? ` ${when(i.accepted_at)}` : ''}</li>)}
            </ul>
          </details>
        )}
      </div>
      {created && (
        <SecretOnceDialog open title={`Invitation for ${created.email}`} secret={created.invitation_url} testId="invitation-url" copyLabel="Copy link" onClose={() => setCreated(undefined)}>
          <p>
            {created.mail_status === 'not_configured'
              ? 'This server sends no mail: send this link to them yourself.'
              : 'We are mailing them this link. You can also send it yourself.'}{' '}
            It is shown only now: whoever holds it can create the account for {created.email} (or sign in as it) and join as {ROLE_LABEL[created.role]!.toLowerCase()}.
          </p>
        </SecretOnceDialog>
      )}
    </section>
  );
}

const MAIL: Record<string, string> = { pending: 'Sending', sent: 'Sent', not_configured: 'No mailer: share the link', failed: 'Failed' };

function InvitationRow({ invitation: i }: { invitation: Invitation }) {
  const qc = useQueryClient();
  const act = useAction();
  return (
    <tr>
      <td><strong className="person">{i.email}</strong></td>
      <td data-label="Role">{ROLE_LABEL[i.role]}</td>
      <td data-label="Mail" className="muted">{MAIL[i.mail_status] ?? i.mail_status}</td>
      <td data-label="Expires" className="muted">{when(i.expires_at)}</td>
      <td>
        <div className="actions">
          <Confirm
            trigger={<button type="button" className="button small danger" aria-label={`Revoke invitation for ${i.email}`}>Revoke</button>}
            title={`Revoke the invitation for ${i.email}?`}
            description={<p>Its link stops working at once. You can invite them again later.</p>}
            action="Revoke invitation"
            danger
            onConfirm={async () => {
              await act.run(async () => {
                await must(api.DELETE('/api/org/invitations/{id}', { params: { path: { id: i.id } } }));
                await qc.invalidateQueries({ queryKey: keys.invitations() });
              });
            }}
          />
        </div>
        <ErrorText error={act.error} />
      </td>
    </tr>
  );
}

function Leave() {
  const me = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const act = useAction();
  return (
    <section className="section" aria-labelledby="leave-title">
      <header><h2 id="leave-title">Leave {me.org.name}</h2></header>
      <div className="section-body">
        <p className="muted">You stop receiving its pages, leave its rotations, and your full-product API keys here stop working. An organization always keeps an owner.</p>
        <ErrorText error={act.error} />
        <Confirm
          trigger={<button type="button" className="button danger">Leave organization</button>}
          title={`Leave ${me.org.name}?`}
          description={<p>You need a new invitation to come back.</p>}
          action="Leave"
          danger
          onConfirm={async () => {
            const ok = await act.run(async () => {
              await must(api.POST('/api/org/leave'));
            });
            if (!ok) return;
            const next = me.memberships.find((o) => o.org_id !== me.org.id);
            currentOrg.set(next?.org_id ?? null);
            qc.clear();
            await navigate(next ? { to: '/alerts', search: {} } : { to: '/sign-in', search: {} });
          }}
        />
      </div>
    </section>
  );
}
