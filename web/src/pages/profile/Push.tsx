import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, must } from '../../api/client';
import { keys } from '../../api/keys';
import { queries } from '../../api/queries';
import { ErrorText } from '../../ui';
import { useAction } from '../../use-action';
import { browserName, currentSubscription, pushDevice, pushSupport, subscribe, unsubscribe } from '../../components/web-push';
import { Outcome, Section } from './parts';
import { TestButton } from './TestPage';

/** This browser's Web Push: enable (permission, subscription, device) and disable. */
export function PushSection({ act }: { act: boolean }) {
  const qc = useQueryClient();
  const support = pushSupport();
  const devices = useQuery(queries.devices());
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const a = useAction();
  useEffect(() => {
    void currentSubscription().then((s) => setEndpoint(s?.endpoint ?? null), () => setEndpoint(null));
  }, []);
  const saved = pushDevice.get();
  const device = saved && endpoint && saved.endpoint === endpoint ? devices.data?.find((d) => d.id === saved.id) : undefined;
  const on = !!device && !device.disabled_at;
  const permission = support === 'supported' ? Notification.permission : 'default';
  const enable = () =>
    a.run(async () => {
      const key = await must(api.GET('/api/devices/web-push-key'));
      if (!key.public_key) throw new Error('Web Push is not configured on this server; the operator sets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or lets Klaxon generate them into its data folder).');
      const sub = await subscribe(key.public_key);
      const d = await must(api.POST('/api/devices', { body: { platform: 'web', push_token: JSON.stringify(sub), name: browserName(), app_version: 'web' } }));
      pushDevice.set({ id: d.id, endpoint: sub.endpoint });
      setEndpoint(sub.endpoint);
      await qc.invalidateQueries({ queryKey: keys.devices() });
      return 'Push is on: this browser gets your pages, with Acknowledge and Open.';
    });
  const disable = () =>
    a.run(async () => {
      await unsubscribe();
      if (device) await must(api.DELETE('/api/devices/{id}', { params: { path: { id: device.id } } })).catch((err: unknown) => {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      });
      pushDevice.set(null);
      setEndpoint(null);
      await qc.invalidateQueries({ queryKey: keys.devices() });
      return 'Push is off for this browser.';
    });
  return (
    <Section id="push-title" title="Push to this browser" intro="Pages arrive as notifications while the browser runs, even with Klaxon closed. On iPhone and iPad, add Klaxon to the Home Screen first.">
      {support !== 'supported' ? (
        <p className="muted">{support === 'insecure' ? 'Push needs the dashboard over HTTPS (or on localhost).' : 'This browser cannot receive push notifications.'}</p>
      ) : (
        <>
          <p data-testid="push-state">
            <span className={`badge ${on ? 'status-resolved' : device?.disabled_at ? 'status-open' : ''}`}>{on ? '✓ On for this browser' : device?.disabled_at ? 'Stopped' : 'Off'}</span>
            {device?.disabled_reason && <span className="muted small"> {device.disabled_reason}</span>}
            {permission === 'denied' && <span className="muted small"> Notifications are blocked for this site in the browser's settings.</span>}
          </p>
          {act && (
            <div className="row wrap">
              {!on ? (
                <button type="button" className="button primary" disabled={a.busy || endpoint === undefined} onClick={enable}>Enable push</button>
              ) : (
                <>
                  <TestButton label="Send a test push" body={{ channel: 'push', device_id: device.id }} />
                  <button type="button" className="button danger" disabled={a.busy} onClick={disable}>Disable push</button>
                </>
              )}
            </div>
          )}
          {!act && <p className="muted small">Observers are not paged.</p>}
        </>
      )}
      <Outcome action={a} />
    </Section>
  );
}

/** Which channels this server can page on at all. */
export function ChannelsSection() {
  const settings = useQuery(queries.orgSettings());
  const label: Record<string, string> = { push: 'Push (app and browser)', sms: 'SMS', voice: 'Voice call', email: 'Email', chat: 'Chat' };
  const ch = settings.data?.channels;
  return (
    <Section id="channels-title" title="Channels on this server" intro="What this Klaxon server can page you on. A channel that is not set up is named in the alert timeline.">
      {ch && (
        <ul className="plain-list channel-list">
          {(Object.keys(label) as (keyof typeof ch)[]).map((k) => (
            <li key={k} className="row">
              <span aria-hidden="true" className={ch[k] === 'configured' ? 'yes' : 'no'}>{ch[k] === 'configured' ? '✓' : '–'}</span>
              <span className="grow">{label[k]}</span>
              <span className="muted small">{ch[k] === 'configured' ? 'Enabled' : 'Not set up'}</span>
            </li>
          ))}
        </ul>
      )}
      <ErrorText error={settings.error} />
    </Section>
  );
}
