import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { ago, when } from '../../format';
import { ActionForm, CopyButton } from '../../ui';
import { useAction } from '../../use-action';
import { ConfirmRemove, Outcome, Section } from './parts';

/** Calendar feed URLs of the person's shifts: made (shown once) and revoked. */
export function CalendarSection({ act }: { act: boolean }) {
  const feeds = useQuery({ queryKey: keys.calendarFeeds(), queryFn: () => must(api.GET('/api/me/calendar-feeds', { params: { query: { limit: 100 } } })) });
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
              <ConfirmRemove
                action={a}
                verb="Revoke"
                label={`Revoke ${f.name || 'calendar feed'}`}
                title="Revoke this calendar feed?"
                description="Its URL stops working at once."
                remove={async () => {
                  await must(api.DELETE('/api/me/calendar-feeds/{id}', { params: { path: { id: f.id } } }));
                  if (created?.id === f.id) setCreated(undefined);
                  await qc.invalidateQueries({ queryKey: keys.calendarFeeds() });
                }}
              />
            )}
          </li>
        ))}
      </ul>
      {act && (
        <ActionForm
          action={a}
          onSubmit={async () => {
            const f = await must(api.POST('/api/me/calendar-feeds', { body: name.trim() ? { name: name.trim() } : {} }));
            setCreated(f);
            setName('');
            await qc.invalidateQueries({ queryKey: keys.calendarFeeds() });
          }}
        >
          <label className="field grow">
            <span>Feed name (optional)</span>
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} placeholder="Work calendar" />
          </label>
          <button type="submit" className="button" disabled={a.busy}>Create feed URL</button>
        </ActionForm>
      )}
      <Outcome action={a} error={feeds.error} />
    </Section>
  );
}
