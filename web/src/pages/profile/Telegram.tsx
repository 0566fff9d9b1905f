import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { ago, when } from '../../format';
import { ActionForm, CopyButton } from '../../ui';
import { useAction } from '../../use-action';
import { ConfirmRemove, Outcome, Section, StateBadge } from './parts';
import { TestButton } from './TestPage';

const STATE_LABEL: Record<Schemas['TelegramLink']['state'], string> = { unlinked: 'Not linked', pending: 'Waiting for Start', linked: '✓ Linked', disabled: 'Turned off' };

/**
 * Telegram as a personal channel (PRODUCT.md 12): a one-time t.me link binds the chat that presses
 * Start; the link's state, and why Telegram pages stopped (the bot was blocked), are shown here.
 */
export function TelegramSection({ act }: { act: boolean }) {
  const link = useQuery({ queryKey: keys.telegram(), queryFn: () => must(api.GET('/api/me/telegram')) });
  const qc = useQueryClient();
  const [created, setCreated] = useState<Schemas['TelegramLinkCreated']>();
  const a = useAction();
  const refresh = () => qc.invalidateQueries({ queryKey: keys.telegram() });
  const l = link.data;
  return (
    <Section id="telegram-title" title="Telegram" intro="Pages in your own Telegram chat, with Acknowledge and Escalate buttons. Add Telegram to your notification rules once linked.">
      {l && !l.configured && <p className="muted small" data-testid="telegram-state">Telegram is not configured on this server.</p>}
      {l && l.configured && (
        <div className="stack-tight" data-testid="telegram-state">
          <div>
            <StateBadge good={l.state === 'linked'}>{STATE_LABEL[l.state]}</StateBadge>{' '}
            {l.username && <span className="muted">@{l.username}</span>}
          </div>
          {l.linked_at && l.state === 'linked' && (
            <p className="muted small">
              Linked {ago(l.linked_at)} <TestButton label="Send a test page" aria="Send a test page to Telegram" body={{ channel: 'telegram' }} />
            </p>
          )}
          {l.state === 'disabled' && (
            <p className="small" role="note" data-testid="telegram-disabled-reason">
              Pages stopped {l.disabled_at ? when(l.disabled_at) : ''}: {l.disabled_reason}. Unblock the bot in Telegram, then link again.
            </p>
          )}
          {l.state === 'pending' && l.code_expires_at && <p className="muted small">Open the link in Telegram and press Start before {when(l.code_expires_at)}.</p>}
        </div>
      )}
      {created && (
        <div className="stack notice">
          <p><strong>Open this link in Telegram and press Start.</strong> It works once, for 15 minutes.</p>
          <div className="secret-row">
            <a className="secret" href={created.url} target="_blank" rel="noreferrer" data-testid="telegram-link">{created.url}</a>
            <CopyButton text={created.url} label="Copy Telegram link" />
          </div>
          <div className="row">
            <button type="button" className="button small" onClick={() => { setCreated(undefined); void refresh(); }}>Done</button>
          </div>
        </div>
      )}
      {act && l?.configured && (
        <div className="row">
          <ActionForm
            action={a}
            onSubmit={async () => {
              setCreated(await must(api.POST('/api/me/telegram')));
              await refresh();
            }}
          >
            <button type="submit" className="button" disabled={a.busy}>{l.state === 'linked' || l.state === 'disabled' ? 'Link again' : 'Link Telegram'}</button>
          </ActionForm>
          {(l.state === 'linked' || l.state === 'disabled') && (
            <ConfirmRemove
              action={a}
              verb="Remove"
              label="Unlink Telegram"
              title="Unlink your Telegram chat?"
              description="Pages by Telegram stop at once; your other channels still page you."
              remove={async () => {
                await must(api.DELETE('/api/me/telegram'));
                setCreated(undefined);
                await refresh();
              }}
            />
          )}
        </div>
      )}
      <Outcome action={a} error={link.error} />
    </Section>
  );
}
