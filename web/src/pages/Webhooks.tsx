import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../api/client';
import { keys } from '../api/keys';
import { queries } from '../api/queries';
import { ago } from '../format';
import { canAdmin } from '../permissions';
import { ActionForm, ErrorText, useMe } from '../ui';
import { useAction } from '../use-action';
import { useServices } from './Alerts';
import { EVENT_LABEL, TemplateWorkbench, eventKinds, type WebhookKind } from '../components/TemplatePreview';
import { CUSTOM_STARTER, DEFAULT_EVENTS, EventsField, HeadersField, headersOf, KIND_HELP, KIND_LABEL, ServicesField, type HeaderRow } from '../components/WebhookFields';
import { parseTemplateText } from '../components/template-position';
import '../styles/webhooks.css';

export type Webhook = Schemas['Webhook'];

/** The secret of a webhook just created, handed to its page once (never in the URL or storage). */
export const freshSecrets = new Map<string, string>();

/** Webhook routes are for admins (PRODUCT.md 8): others see why, and no call is made. */
export function AdminsOnly() {
  return (
    <section className="stack" aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <p className="notice">Webhooks send alert events to chat and other tools. Only admins and owners can see and change them; ask one of them if a channel should hear about alerts.</p>
    </section>
  );
}

export function WebhooksPage() {
  const me = useMe();
  if (!canAdmin(me.role)) return <AdminsOnly />;
  return <WebhookList />;
}

export function healthText(w: Webhook): { text: string; tone: 'ok' | 'warn' | 'bad' | 'idle' } {
  if (!w.enabled) return { text: w.disabled_reason ? `Disabled: ${w.disabled_reason}` : 'Disabled', tone: 'bad' };
  if (w.health.circuit === 'open') return { text: `Paused after ${w.health.consecutive_failures} failures in a row`, tone: 'bad' };
  if (w.health.consecutive_failures > 0) return { text: `${w.health.consecutive_failures} failed ${w.health.consecutive_failures === 1 ? 'delivery' : 'deliveries'} in a row`, tone: 'warn' };
  if (w.health.last_success_at) return { text: `Delivered ${ago(w.health.last_success_at)}`, tone: 'ok' };
  return { text: 'Nothing sent yet', tone: 'idle' };
}

function WebhookList() {
  const hooks = useQuery(queries.webhooks());
  return (
    <section className="stack" aria-labelledby="webhooks-title">
      <div className="page-head">
        <h1 id="webhooks-title">Webhooks</h1>
        <Link to="/webhooks/new" className="button primary">New webhook</Link>
      </div>
      <p className="muted">Post alert events to Slack, Teams, Discord or your own endpoint. Every attempt is kept in the delivery log for 7 days.</p>
      <SlackAppCard />
      <ErrorText error={hooks.error} />
      {hooks.data && hooks.data.length > 0 && (
        <ul className="cards hooks">
          {hooks.data.map((w) => {
            const h = healthText(w);
            return (
              <li key={w.id} className="card hook-card">
                <div className="row wrap">
                  <h2 className="h3"><Link to="/webhooks/$webhookId" params={{ webhookId: w.id }}>{w.name}</Link></h2>
                  <span className={`badge kind-${w.kind}`}>{KIND_LABEL[w.kind]}</span>
                  {!w.enabled && <span className="badge hook-off">Disabled</span>}
                </div>
                <p className="muted small hook-url"><code>{w.url}</code></p>
                <p className={`hook-health tone-${h.tone}`}><span aria-hidden="true">{h.tone === 'ok' ? '✓' : h.tone === 'idle' ? '○' : '!'}</span> {h.text}</p>
                <p className="small muted">{w.events.map((e) => EVENT_LABEL[e] ?? e).join(' · ')}</p>
              </li>
            );
          })}
        </ul>
      )}
      {hooks.data?.length === 0 && (
        <div className="empty card">
          <p>No webhooks yet.</p>
          <p><Link to="/webhooks/new">Create one</Link> to tell a Slack channel, a Teams chat or your own service when alerts open, escalate and resolve.</p>
        </div>
      )}
      {hooks.isPending && <p aria-busy="true">Loading…</p>}
    </section>
  );
}

/** Office 365 connector hosts, being retired for Teams Workflows (reference A2.5). */
export const legacyTeams = (url: string) => {
  try {
    return /(^|\.)webhook\.office\.com$/i.test(new URL(url.trim()).hostname);
  } catch {
    return false;
  }
};

export function NewWebhookPage() {
  const me = useMe();
  if (!canAdmin(me.role)) return <AdminsOnly />;
  return <NewWebhook />;
}

function NewWebhook() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const services = useServices();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<WebhookKind>('slack');
  const [url, setUrl] = useState('');
  const [channelId, setChannelId] = useState('');
  const app = kind === 'slack_app';
  const [events, setEvents] = useState<string[]>(DEFAULT_EVENTS);
  const [serviceIds, setServiceIds] = useState<string[] | null>(null);
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [custom, setCustom] = useState(false);
  const [text, setText] = useState(CUSTOM_STARTER);
  const a = useAction();
  const chat = kind === 'slack' || kind === 'teams' || kind === 'discord';
  const ownTemplate = kind === 'custom' || (chat && custom);

  const submit = async () => {
    let template: unknown;
    if (ownTemplate) {
      const parsed = parseTemplateText(text);
      if (!parsed.ok) throw new Error(`The template is not valid JSON: line ${parsed.problem.line}, column ${parsed.problem.column}. ${parsed.problem.message}`);
      template = { version: 1, body: parsed.value };
    }
    const h = headersOf(headers);
    const created = await must(
      api.POST('/api/webhooks', {
        body: {
          name: name.trim(), kind, ...(app ? { channel_id: channelId.trim() } : { url: url.trim() }), events: eventKinds(events),
          ...(serviceIds !== null ? { service_ids: serviceIds } : {}),
          ...(template !== undefined ? { template } : {}),
          ...(Object.keys(h).length ? { headers: h } : {}),
        },
      }),
    );
    freshSecrets.set(created.id, created.secret);
    await qc.invalidateQueries({ queryKey: keys.webhooks() });
    await navigate({ to: '/webhooks/$webhookId', params: { webhookId: created.id } });
  };

  return (
    <section className="stack" aria-labelledby="new-webhook-title">
      <Link to="/webhooks" className="back">← All webhooks</Link>
      <h1 id="new-webhook-title">New webhook</h1>
      <ActionForm action={a} className="card stack hook-form" onSubmit={submit}>
        <div className="form-grid">
          <label className="field">
            <span>Name</span>
            <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="#ops-alerts" />
          </label>
          <label className="field">
            <span>Kind</span>
            <select value={kind} onChange={(e) => setKind(e.target.value as WebhookKind)} aria-describedby="kind-help">
              {(Object.keys(KIND_LABEL) as WebhookKind[]).map((k) => <option key={k} value={k}>{KIND_LABEL[k]}</option>)}
            </select>
          </label>
        </div>
        <p className="muted small" id="kind-help">{KIND_HELP[kind]}</p>
        {app ? (
          <label className="field">
            <span>Slack channel id</span>
            <input required maxLength={40} value={channelId} onChange={(e) => setChannelId(e.target.value)} placeholder="C0123ABCD" autoComplete="off" pattern="[CGD][A-Z0-9]{2,30}" />
          </label>
        ) : (
          <label className="field">
            <span>URL</span>
            <input required type="url" inputMode="url" maxLength={2048} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hooks.slack.com/services/…" autoComplete="off" />
          </label>
        )}
        {legacyTeams(url) && <p className="notice small" role="note">This is an Office 365 connector URL (<code>webhook.office.com</code>), which Microsoft is retiring. Create a Teams Workflows webhook instead and paste its URL.</p>}
        <EventsField value={events} onChange={setEvents} />
        <ServicesField services={services.data ?? []} value={serviceIds} onChange={setServiceIds} />
        {(kind === 'custom' || kind === 'native') && <HeadersField rows={headers} onChange={setHeaders} />}
        {!app && <fieldset className="template-field">
          <legend>Message</legend>
          {chat && (
            <div className="row wrap">
              <label className="check-label"><input type="radio" name="tpl" checked={!custom} onChange={() => setCustom(false)} /> <span>{KIND_LABEL[kind]} default</span></label>
              <label className="check-label"><input type="radio" name="tpl" checked={custom} onChange={() => setCustom(true)} /> <span>My own template</span></label>
            </div>
          )}
          <TemplateWorkbench kind={kind} text={ownTemplate ? text : null} onChange={setText} />
        </fieldset>}
        <ErrorText error={a.error} details />
        <div className="row end">
          <Link to="/webhooks" className="button">Cancel</Link>
          <button type="submit" className="button primary" disabled={a.busy || !name.trim() || !(app ? channelId.trim() : url.trim()) || events.length === 0}>Create webhook</button>
        </div>
      </ActionForm>
    </section>
  );
}

/**
 * The organization's Slack app (PRODUCT.md 12): its connection (paste the bot token and signing
 * secret; shown masked once connected) and the manifest to create the app from.
 */
function SlackAppCard() {
  const qc = useQueryClient();
  const conn = useQuery({ queryKey: keys.slackConnection(), queryFn: () => must(api.GET('/api/chat/slack')) });
  const [showManifest, setShowManifest] = useState(false);
  const manifest = useQuery({ queryKey: keys.slackManifest(), queryFn: () => must(api.GET('/api/chat/slack/manifest')), enabled: showManifest });
  const [token, setToken] = useState('');
  const [secret, setSecret] = useState('');
  const connect = useAction();
  const disconnect = useAction();
  const c = conn.data;
  return (
    <section className="card stack" aria-labelledby="slack-app-title">
      <h2 id="slack-app-title">Slack app</h2>
      <ErrorText error={conn.error} />
      {c?.connected ? (
        <p>Connected to <strong>{c.team_name}</strong> ({c.team_id}) with token <code>{c.bot_token}</code>. Add its channels as webhooks of kind “Slack app (buttons)”.</p>
      ) : (
        <p className="muted">Not connected. Create the app from the manifest, install it to your workspace, then paste its Bot User OAuth Token and Signing Secret.</p>
      )}
      <div className="row wrap">
        <button type="button" className="button" onClick={() => setShowManifest((v) => !v)} aria-expanded={showManifest}>{showManifest ? 'Hide the manifest' : 'Show the app manifest'}</button>
        {c?.connected && (
          <button type="button" className="button" disabled={disconnect.busy} onClick={() => void disconnect.run(async () => {
            await must(api.DELETE('/api/chat/slack'));
            await qc.invalidateQueries({ queryKey: keys.slackConnection() });
            return 'Disconnected.';
          })}>Disconnect</button>
        )}
      </div>
      <ErrorText error={disconnect.error} />
      {showManifest && manifest.data && (
        <div className="stack">
          <p className="muted small">At api.slack.com/apps: Create New App → From a manifest → paste this (JSON).</p>
          <pre className="code-block" aria-label="Slack app manifest">{JSON.stringify(manifest.data, null, 2)}</pre>
        </div>
      )}
      <ActionForm action={connect} className="form-grid" onSubmit={async () => {
        await must(api.PUT('/api/chat/slack', { body: { bot_token: token.trim(), signing_secret: secret.trim() } }));
        setToken('');
        setSecret('');
        await qc.invalidateQueries({ queryKey: keys.slackConnection() });
        return 'Slack app connected.';
      }}>
        <label className="field">
          <span>Bot User OAuth Token</span>
          <input required type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} placeholder="xoxb-…" />
        </label>
        <label className="field">
          <span>Signing Secret</span>
          <input required type="password" autoComplete="off" value={secret} onChange={(e) => setSecret(e.target.value)} />
        </label>
        <button type="submit" className="button primary" disabled={connect.busy || !token.trim() || !secret.trim()}>{c?.connected ? 'Replace token and secret' : 'Connect Slack'}</button>
      </ActionForm>
      <ErrorText error={connect.error} details />
    </section>
  );
}
