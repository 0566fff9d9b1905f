import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas, type Service } from '../api/client';
import { keys } from '../api/keys';
import { ago, when } from '../format';
import { ActionForm, CopyButton, ErrorText } from '../ui';
import { useAction } from '../use-action';

type Heartbeat = Schemas['Heartbeat'];

const STATUS_TEXT: Record<Heartbeat['status'], string> = {
  new: 'Waiting for its first ping',
  up: 'Up',
  late: 'Late (within the grace period)',
  down: 'Down: its alert is open',
  paused: 'Paused',
};

/** Heartbeats of a service (PRODUCT.md 11): status, last ping, the ping URL once, pause and resume. */
export function ServiceHeartbeats({ service, admin }: { service: Service; admin: boolean }) {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: keys.heartbeats(service.id),
    queryFn: () => must(api.GET('/api/services/{id}/heartbeats', { params: { path: { id: service.id }, query: { limit: 500 } } })),
  });
  const [fresh, setFresh] = useState<{ id: string; url: string }>();
  const [name, setName] = useState('');
  const [interval, setInterval] = useState('300');
  const [grace, setGrace] = useState('60');
  const add = useAction();
  const refresh = () => qc.invalidateQueries({ queryKey: keys.heartbeats(service.id) });
  return (
    <section aria-labelledby="heartbeats-title" className="stack">
      <h2 id="heartbeats-title">Heartbeats</h2>
      <p className="muted">A job pings its URL; no ping for the interval plus the grace period opens an alert, and the next ping resolves it.</p>
      {admin && (
        <ActionForm
          action={add}
          aria-label="New heartbeat"
          onSubmit={async () => {
            const hb = await must(api.POST('/api/services/{id}/heartbeats', {
              params: { path: { id: service.id } },
              body: { name: name.trim(), interval_seconds: Number(interval), grace_seconds: Number(grace) },
            }));
            setFresh({ id: hb.id, url: hb.ping_url });
            setName('');
            await refresh();
            return `Heartbeat "${hb.name}" created`;
          }}
        >
          <label className="field"><span>Name</span><input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="nightly backup" /></label>
          <label className="field"><span>Interval (seconds)</span><input required type="number" min={60} max={604800} value={interval} onChange={(e) => setInterval(e.target.value)} /></label>
          <label className="field"><span>Grace (seconds)</span><input required type="number" min={0} max={86400} value={grace} onChange={(e) => setGrace(e.target.value)} /></label>
          <button className="button" disabled={add.busy}>Add heartbeat</button>
        </ActionForm>
      )}
      <ErrorText error={add.error} details />
      {add.note && <p role="status" className="muted small">{add.note}</p>}
      <ErrorText error={list.error} />
      <ul className="cards">
        {(list.data ?? []).map((hb) => (
          <HeartbeatCard key={hb.id} hb={hb} admin={admin} url={fresh?.id === hb.id ? fresh.url : undefined} onUrl={(url) => setFresh({ id: hb.id, url })} onChange={refresh} />
        ))}
      </ul>
      {list.data?.length === 0 && <p className="empty">No heartbeat watches this service.</p>}
    </section>
  );
}

function HeartbeatCard({ hb, admin, url, onUrl, onChange }: { hb: Heartbeat; admin: boolean; url?: string | undefined; onUrl: (url: string) => void; onChange: () => Promise<unknown> }) {
  const a = useAction();
  const path = { params: { path: { id: hb.id } } };
  return (
    <li className="card stack" data-testid="heartbeat">
      <div className="row wrap">
        <h3 className="h3">{hb.name}</h3>
        <span className={`badge heartbeat-${hb.status}`}>{STATUS_TEXT[hb.status]}</span>
      </div>
      <p className="muted small">
        Every {hb.interval_seconds} s, grace {hb.grace_seconds} s · {hb.last_ping_at ? <>last ping {ago(hb.last_ping_at)} (<time dateTime={hb.last_ping_at}>{when(hb.last_ping_at)}</time>)</> : 'never pinged'}
      </p>
      {url && (
        <div className="secret-row">
          <code className="secret" data-testid="heartbeat-url">{url}</code>
          <CopyButton text={url} label="Copy URL" />
          <span className="muted small">Shown once: the URL is the credential.</span>
        </div>
      )}
      {admin && (
        <div className="row wrap">
          <button
            type="button"
            className="button small"
            disabled={a.busy}
            onClick={() => a.run(async () => {
              await must(api.PATCH('/api/heartbeats/{id}', { ...path, body: { enabled: !hb.enabled } }));
              await onChange();
            })}
          >
            {hb.enabled ? 'Pause' : 'Resume'}
          </button>
          <button
            type="button"
            className="button small"
            disabled={a.busy}
            onClick={() => a.run(async () => {
              const r = await must(api.POST('/api/heartbeats/{id}/rotate', path));
              onUrl(r.ping_url);
              await onChange();
            })}
          >
            New URL
          </button>
        </div>
      )}
      <ErrorText error={a.error} />
    </li>
  );
}

/** The service's acknowledgement timeout and auto-resolve (PRODUCT.md 11); empty: off. */
export function ServiceTimers({ service, admin }: { service: Service; admin: boolean }) {
  const qc = useQueryClient();
  const [ack, setAck] = useState(service.ack_timeout_minutes?.toString() ?? '');
  const [auto, setAuto] = useState(service.auto_resolve_minutes?.toString() ?? '');
  const a = useAction();
  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  return (
    <section aria-labelledby="timers-title" className="stack">
      <h2 id="timers-title">Alert timers</h2>
      <ActionForm
        action={a}
        aria-label="Alert timers"
        onSubmit={async () => {
          await must(api.PATCH('/api/services/{id}', { params: { path: { id: service.id } }, body: { ack_timeout_minutes: num(ack), auto_resolve_minutes: num(auto) } }));
          await qc.invalidateQueries({ queryKey: keys.service(service.id) });
          await qc.invalidateQueries({ queryKey: keys.services() });
          return 'Saved';
        }}
      >
        <label className="field">
          <span>Acknowledgement timeout (minutes)</span>
          <input type="number" min={1} max={1440} value={ack} disabled={!admin} onChange={(e) => setAck(e.target.value)} placeholder="off" />
          <small className="muted">An acknowledged alert not resolved by then is open again and its level is paged again.</small>
        </label>
        <label className="field">
          <span>Auto-resolve (minutes)</span>
          <input type="number" min={1} max={43200} value={auto} disabled={!admin} onChange={(e) => setAuto(e.target.value)} placeholder="off" />
          <small className="muted">An alert with no signal for that long resolves itself.</small>
        </label>
        {admin && <button className="button" disabled={a.busy}>Save timers</button>}
      </ActionForm>
      <ErrorText error={a.error} details />
      {a.note && <p role="status" className="muted small">{a.note}</p>}
    </section>
  );
}
