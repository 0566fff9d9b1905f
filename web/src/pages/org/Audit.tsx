import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, must, nextCursor, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { displayName, whenExact } from '../../format';
import { canAdmin } from '../../permissions';
import { ErrorText, useMe } from '../../ui';
import { nameOf, useMembers } from '../../components/admin';
import { SelectField } from '../../components/fields';

type Entry = Schemas['AuditEntry'];
type Filters = { actor_id?: string; action?: string; target_type?: string; target_id?: string; since?: string; until?: string };

// Actions the server writes (noun.verb); the filter takes any text, these are suggestions.
const ACTIONS = [
  'alert.ack', 'alert.resolve', 'alert.escalate', 'alert.snooze', 'alert.wake', 'alert.priority', 'alert.responders',
  'api_key.create', 'api_key.delete', 'agent_token.revoke', 'auth.sign_in', 'auth.sign_in_failed', 'auth.sign_out',
  'billing.checkout', 'billing.plan_change', 'billing.portal', 'integration.create', 'integration.delete', 'integration.reveal',
  'invitation.create', 'invitation.revoke', 'invitation.accept', 'member.role_change', 'member.remove', 'member.leave',
  'org.create', 'org_settings.update', 'org_voice.update', 'override.create', 'override.delete',
  'schedule.create', 'schedule.update', 'schedule.delete', 'service.create', 'service.update', 'service.delete', 'service.routing_update',
  'webhook.create', 'webhook.delete', 'webhook.rotate_secret', 'webhook.test',
];
const TARGETS = ['alert', 'api_key', 'calendar_feed', 'device', 'integration', 'invitation', 'organization', 'override', 'phone_number', 'schedule', 'service', 'session', 'user', 'webhook'];
const ACTOR_TYPE: Record<string, string> = { api_key: 'API key', integration: 'Source', system: 'Klaxon' };

/** A datetime-local value (the person's own zone) as an ISO instant, or undefined. */
const instant = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function AuditPage() {
  const me = useMe();
  if (!canAdmin(me.role)) return <><h1>Audit log</h1><p className="muted">Admins and owners read the audit log.</p></>;
  return <AuditLog />;
}

function AuditLog() {
  const members = useMembers();
  const [draft, setDraft] = useState({ actor_id: '', action: '', target_type: '', target_id: '', since: '', until: '' });
  const [filters, setFilters] = useState<Filters>({});
  const log = useInfiniteQuery({
    queryKey: keys.audit(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const { data, error, response } = await api.GET('/api/audit', { params: { query: { ...filters, limit: 50, cursor: pageParam } } });
      if (!response.ok) await must(Promise.resolve({ data, error, response }));
      return { items: (data ?? []) as Entry[], next: nextCursor(response) };
    },
    getNextPageParam: (last) => last.next,
  });
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (k: keyof typeof draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const active = Object.values(filters).some(Boolean);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Audit log</h1>
          <p className="muted">Who changed what, newest first. Every change writes one entry in the same transaction; secrets never appear here.</p>
        </div>
      </div>
      <section className="section" aria-labelledby="audit-filter-title">
        <header><h2 id="audit-filter-title">Filter</h2></header>
        <form
          className="section-body"
          onSubmit={(e) => {
            e.preventDefault();
            const f: Filters = {};
            if (draft.actor_id) f.actor_id = draft.actor_id;
            if (draft.action.trim()) f.action = draft.action.trim();
            if (draft.target_type) f.target_type = draft.target_type;
            if (draft.target_id.trim()) f.target_id = draft.target_id.trim();
            const since = instant(draft.since);
            const until = instant(draft.until);
            if (since) f.since = since;
            if (until) f.until = until;
            setFilters(f);
          }}
        >
          <div className="audit-filters">
            <SelectField label="Actor" value={draft.actor_id} onChange={set('actor_id')}>
              <option value="">Anyone</option>
              {(members.data ?? []).map((m) => <option key={m.user_id} value={m.user_id}>{displayName(m)}</option>)}
            </SelectField>
            <label className="field">
              <span>Action</span>
              <input list="audit-actions" value={draft.action} onChange={set('action')} placeholder="member.role_change" maxLength={100} />
              <datalist id="audit-actions">{ACTIONS.map((a) => <option key={a} value={a} />)}</datalist>
            </label>
            <SelectField label="Target type" value={draft.target_type} onChange={set('target_type')}>
              <option value="">Any</option>
              {TARGETS.map((x) => <option key={x} value={x}>{x.replace('_', ' ')}</option>)}
            </SelectField>
            <label className="field">
              <span>Target id</span>
              <input value={draft.target_id} onChange={set('target_id')} placeholder="svc_…" maxLength={64} />
            </label>
            <label className="field">
              <span>From <small>(your time)</small></span>
              <input type="datetime-local" value={draft.since} onChange={set('since')} />
            </label>
            <label className="field">
              <span>Until <small>(your time)</small></span>
              <input type="datetime-local" value={draft.until} onChange={set('until')} />
            </label>
          </div>
          <div className="form-foot">
            <button type="submit" className="button primary">Apply filters</button>
            {active && (
              <button type="button" className="button" onClick={() => { setDraft({ actor_id: '', action: '', target_type: '', target_id: '', since: '', until: '' }); setFilters({}); }}>
                Clear
              </button>
            )}
          </div>
        </form>
      </section>
      <section className="section" aria-labelledby="audit-title">
        <header><h2 id="audit-title">Entries</h2></header>
        <div className="section-body">
          <ErrorText error={log.error} />
          {entries.length > 0 && (
            <div className="scroll-x" tabIndex={0} role="region" aria-label="Audit entries"><table className="data stacked audit" aria-describedby="audit-title">
              <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Changes</th></tr></thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td className="muted nowrap"><time dateTime={e.created_at}>{whenExact(e.created_at)}</time></td>
                    <td data-label="Who">{e.actor_id ? nameOf(members.data, e.actor_id) : ''}{e.actor_type !== 'user' && <span className="muted small">{e.actor_id ? ' · ' : ''}{ACTOR_TYPE[e.actor_type] ?? e.actor_type}</span>}</td>
                    <td data-label="Action"><span className="action-name">{e.action}</span></td>
                    <td data-label="Target">{e.target_type && <span className="muted small">{e.target_type.replace('_', ' ')} </span>}{e.target_type === 'user' ? nameOf(members.data, e.target_id) : <code className="small id">{e.target_id}</code>}</td>
                    <td data-label="Changes"><span className="changes">{summary(e.changes)}</span></td>
                  </tr>
                ))}
              </tbody>
            </table></div>
          )}
          {log.isSuccess && entries.length === 0 && <p className="empty">{active ? 'No entry matches these filters.' : 'Nothing has been changed yet.'}</p>}
          {log.isLoading && <p aria-busy="true">Loading…</p>}
          {log.hasNextPage && (
            <button type="button" className="button" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
              {log.isFetchingNextPage ? 'Loading…' : 'Load older entries'}
            </button>
          )}
        </div>
      </section>
    </>
  );
}

function summary(changes: Record<string, unknown>): string {
  return Object.entries(changes)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');
}
