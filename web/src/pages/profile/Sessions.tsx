import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../api/client';
import { keys } from '../../api/keys';
import { ago, when } from '../../format';
import { useAction } from '../../use-action';
import { ConfirmRemove, Outcome } from './parts';

/** What the app told the server about itself at bootstrap (platform and version), if anything. */
function clientName(client: Record<string, unknown>): string {
  const platform = typeof client.platform === 'string' ? client.platform : '';
  const version = typeof client.app_version === 'string' ? client.app_version : '';
  return platform ? `${platform === 'ios' ? 'iOS' : platform === 'android' ? 'Android' : 'Web'} app${version ? ` ${version}` : ''}` : '';
}

/** Where the person is signed in; any session but this one can be revoked. */
export function SessionsSection() {
  const sessions = useQuery({ queryKey: keys.sessions(), queryFn: () => must(api.GET('/api/me/sessions', { params: { query: { limit: 100 } } })) });
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
              <ConfirmRemove
                action={a}
                verb="Revoke"
                label={`Revoke ${s.name || kind[s.kind]} session from ${when(s.created_at)}`}
                title="Revoke this session?"
                description="It is signed out at once."
                remove={async () => {
                  await must(api.DELETE('/api/me/sessions/{id}', { params: { path: { id: s.id } } }));
                  await qc.invalidateQueries({ queryKey: keys.sessions() });
                  return 'Session revoked.';
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <Outcome action={a} error={sessions.error} />
    </section>
  );
}
