import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../api/client';
import { keys } from '../../api/keys';
import { queries } from '../../api/queries';
import { when } from '../../format';
import { ActionForm, ErrorText } from '../../ui';
import { useAction } from '../../use-action';
import { pushDevice } from '../../components/web-push';
import { ConfirmRemove, Outcome, Section } from './parts';
import { TestButton } from './TestPage';

type Device = Schemas['Device'];

/** The person's app installations and push browsers: renamed, tested, removed. */
export function DevicesSection({ act }: { act: boolean }) {
  const devices = useQuery(queries.devices());
  const platform: Record<string, string> = { ios: 'iPhone / iPad', android: 'Android', web: 'Browser' };
  return (
    <Section id="devices-title" title="Devices" intro="Phones with the Klaxon app and browsers with push on.">
      <ul className="plain-list">
        {(devices.data ?? []).map((d) => <DeviceRow key={d.id} device={d} act={act} label={platform[d.platform] ?? d.platform} />)}
      </ul>
      {devices.data?.length === 0 && <p className="empty">No devices yet. Install the app, or enable push for this browser.</p>}
      <ErrorText error={devices.error} />
    </Section>
  );
}

function DeviceRow({ device, act, label }: { device: Device; act: boolean; label: string }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(device.name);
  const a = useAction();
  const id = useId();
  const mine = pushDevice.get()?.id === device.id;
  return (
    <li className="item-row">
      <div className="grow">
        {editing ? (
          <ActionForm
            action={a}
            onSubmit={async () => {
              await must(api.PATCH('/api/devices/{id}', { params: { path: { id: device.id } }, body: { name: name.trim() } }));
              setEditing(false);
              await qc.invalidateQueries({ queryKey: keys.devices() });
              return 'Renamed.';
            }}
          >
            <label className="field grow" htmlFor={`${id}-name`}>
              <span>Device name</span>
              <input id={`${id}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} required autoFocus />
            </label>
            <button type="submit" className="button small primary" disabled={a.busy || !name.trim()}>Save</button>
            <button type="button" className="button small" onClick={() => { setEditing(false); setName(device.name); }}>Cancel</button>
          </ActionForm>
        ) : (
          <>
            <strong>{device.name || label}</strong> <span className="badge">{label}</span> {mine && <span className="badge status-resolved">This browser</span>}
            {device.disabled_at && <span className="badge status-open">Stopped</span>}
            <p className="muted small">
              {device.disabled_reason ? `${device.disabled_reason} · ` : ''}
              {device.platform === 'ios' && (device.critical_alerts_permitted ? 'Critical alerts allowed · ' : 'Critical alerts not allowed · ')}
              {device.platform === 'web' ? 'Web Push subscription' : `Token ${device.push_token_hint}`} · added {when(device.created_at)}
            </p>
          </>
        )}
        <Outcome action={a} />
      </div>
      {act && !editing && (
        <div className="row wrap item-actions">
          <TestButton label="Test" aria={`Test push to ${device.name || label}`} body={{ channel: 'push', device_id: device.id }} />
          <button type="button" className="button small" aria-label={`Rename ${device.name || label}`} onClick={() => setEditing(true)}>Rename</button>
          <ConfirmRemove
            action={a}
            verb="Remove"
            label={`Remove ${device.name || label}`}
            title={`Remove ${device.name || label}?`}
            description="It gets no more pages. The app adds it again when you sign in there."
            remove={async () => {
              await must(api.DELETE('/api/devices/{id}', { params: { path: { id: device.id } } }));
              if (mine) pushDevice.set(null);
              await qc.invalidateQueries({ queryKey: keys.devices() });
            }}
          />
        </div>
      )}
    </li>
  );
}
