import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { api, must } from '../api/client';
import { keys } from '../api/keys';
import { queries } from '../api/queries';
import { ErrorText } from '../ui';
import { useAction } from '../use-action';
import { CHANNELS, PRIORITY_LIST, type ChannelEntry, type Schedule } from '../schedules/data';
import { CHANNEL_LABEL, stepsWords } from '../schedules/escalation';
import { KIND_LABEL } from './WebhookFields';

const cap = (p: string) => p[0]!.toUpperCase() + p.slice(1);

/** Per level × priority, which channels page and after how long (PRODUCT.md 7.2). */
export function LevelChannelMatrix({ schedule: s, admin }: { schedule: Schedule; admin: boolean }) {
  const entries = useQuery(queries.levelChannels(s.id));
  // Which channel each chat step posts to (webhook routes are for admins: others see "Chat").
  const hooks = useQuery({ ...queries.webhooks(), enabled: admin });
  const hookOf = (id: string | undefined) => hooks.data?.find((h) => h.id === id);
  const [status, setStatus] = useState('');
  const cell = (level: number, priority: string) => entries.data?.find((e) => e.level === level && e.priority === priority);
  return (
    <section className="stack" aria-labelledby="channels-title">
      <h2 id="channels-title">Level channels</h2>
      <p className="muted small">How each level is paged, per alert priority. Delays count from the start of the level. Cells marked “default” follow Klaxon's defaults.</p>
      <ErrorText error={entries.error} />
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Level channels by level and priority">
        <table className="matrix">
          <caption className="visually-hidden">Channels per level and priority</caption>
          <thead>
            <tr>
              <th scope="col">Level</th>
              {PRIORITY_LIST.map((p) => <th key={p} scope="col">{cap(p)}</th>)}
            </tr>
          </thead>
          <tbody>
            {s.levels.map((l) => (
              <tr key={l.level}>
                <th scope="row">Level {l.level}</th>
                {PRIORITY_LIST.map((p) => {
                  const e = cell(l.level, p);
                  return (
                    <td key={p} data-testid={`channels-${l.level}-${p}`}>
                      {e && (
                        <div className="matrix-cell">
                          <span>{stepsWords(e.steps)}</span>
                          {e.steps.filter((x) => x.channel === 'chat').map((x, i) => {
                            const h = hookOf(x.destination_id);
                            return h ? <span key={i} className="muted small" data-testid={`chat-${l.level}-${p}-${i}`}>Chat: {destinationWords(h)}</span> : null;
                          })}
                          {e.default && <span className="badge small">default</span>}
                          {e.left_out && e.left_out.length > 0 && (
                            // PRODUCT.md 10: default steps the level's timeout leaves out (docs/adr/0730).
                            <span className="muted small" data-testid={`left-out-${l.level}-${p}`}>left out: {stepsWords(e.left_out)} (not shorter than the {l.timeout_minutes} min timeout)</span>
                          )}
                          {admin && <CellEditor schedule={s} entry={e} all={entries.data ?? []} timeout={l.timeout_minutes} onSaved={setStatus} />}
                        </div>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="status" className="muted small">{status}</p>
    </section>
  );
}

type Draft = Record<(typeof CHANNELS)[number], { on: boolean; delay: number }>;
/** A chat step: a webhook destination (slack, teams, discord or a Slack app channel) and its delay. */
type ChatDraft = { destination_id: string; delay: number };

/** The webhook kinds a chat step may post to (the server checks the same). */
const CHAT_KINDS: readonly string[] = ['slack', 'teams', 'discord', 'slack_app'];

/** "ops channel — Slack app (buttons), channel C0123ABCD". */
export function destinationWords(d: { name: string; kind: string; channel_id?: string | null; enabled?: boolean }): string {
  const kind = KIND_LABEL[d.kind as keyof typeof KIND_LABEL] ?? d.kind;
  return `${d.name} — ${kind}${d.kind === 'slack_app' && d.channel_id ? `, channel ${d.channel_id}` : ''}${d.enabled === false ? ' (disabled)' : ''}`;
}

function CellEditor(props: { schedule: Schedule; entry: ChannelEntry; all: ChannelEntry[]; timeout: number; onSaved: (s: string) => void }) {
  const { entry } = props;
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const initial = (): Draft =>
    Object.fromEntries(CHANNELS.map((c) => {
      const step = entry.steps.find((x) => x.channel === c);
      return [c, { on: !!step, delay: step?.delay_seconds ?? 0 }];
    })) as Draft;
  const [draft, setDraft] = useState<Draft>(initial);
  const initialChat = (): ChatDraft[] => entry.steps.filter((x) => x.channel === 'chat').map((x) => ({ destination_id: x.destination_id ?? '', delay: x.delay_seconds }));
  const [chat, setChat] = useState<ChatDraft[]>(initialChat);
  // Webhook destinations are read only while the dialog is open (an admin's dialog; webhook routes are for admins).
  const hooks = useQuery({ ...queries.webhooks(), enabled: open });
  const chatHooks = (hooks.data ?? []).filter((h) => CHAT_KINDS.includes(h.kind));
  const a = useAction();
  const what = `level ${entry.level}, ${entry.priority} priority`;
  const id = props.schedule.id;
  const done = async (message: string) => {
    await qc.invalidateQueries({ queryKey: keys.levelChannels(id) });
    props.onSaved(message);
    setOpen(false);
  };
  const save = () =>
    a.run(async () => {
      // Chat steps name their webhook destination (a Slack app channel among them).
      if (chat.some((c) => !c.destination_id)) throw new Error('Choose the channel of each chat step, or remove the step.');
      const steps = [
        ...CHANNELS.filter((c) => draft[c].on).map((c) => ({ channel: c, delay_seconds: draft[c].delay })),
        ...chat.map((c) => ({ channel: 'chat' as const, delay_seconds: c.delay, destination_id: c.destination_id })),
      ];
      const others = props.all
        .filter((e) => !e.default && !(e.level === entry.level && e.priority === entry.priority))
        .map((e) => ({ level: e.level, priority: e.priority as (typeof PRIORITY_LIST)[number], steps: e.steps.map((x) => ({ channel: x.channel as 'push', delay_seconds: x.delay_seconds, ...(x.destination_id ? { destination_id: x.destination_id } : {}) })) }));
      await must(api.PUT('/api/schedules/{id}/level-channels', { params: { path: { id } }, body: { entries: [...others, { level: entry.level, priority: entry.priority as 'critical', steps }] } }));
      await done(`Saved the channels of ${what}.`);
    });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setDraft(initial());
          setChat(initialChat());
          a.reset();
        }
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button small" aria-label={`Edit channels of ${what}`}>Edit</button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Channels of {what}</Dialog.Title>
          <Dialog.Description>Each ticked channel pages everyone on call at this level, after its delay from the start of the level (shorter than the level's {props.timeout} minutes).</Dialog.Description>
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <ul className="channel-steps">
              {CHANNELS.map((c) => (
                <li key={c} className="row wrap">
                  <label className="row grow">
                    <input type="checkbox" checked={draft[c].on} onChange={(e) => setDraft((d) => ({ ...d, [c]: { ...d[c], on: e.target.checked } }))} />
                    <span>{CHANNEL_LABEL[c]}</span>
                  </label>
                  <label className="row">
                    <span className="small">after</span>
                    <input
                      type="number"
                      className="short"
                      min={0}
                      max={86400}
                      value={draft[c].delay}
                      disabled={!draft[c].on}
                      aria-label={`${CHANNEL_LABEL[c]} delay in seconds`}
                      onChange={(e) => setDraft((d) => ({ ...d, [c]: { ...d[c], delay: Number(e.target.value) } }))}
                    />
                    <span className="small">seconds</span>
                  </label>
                </li>
              ))}
            </ul>
            <fieldset className="stack">
              <legend>Chat</legend>
              <p className="muted small">Post the alert to a chat channel after a delay. A Slack app channel gets one message per alert with Acknowledge, Resolve, Escalate and Open, edited on every change.</p>
              <ErrorText error={hooks.error} />
              {hooks.isSuccess && chatHooks.length === 0 && <p className="muted small">No chat destinations yet: add a Slack, Teams, Discord or Slack app webhook under Webhooks.</p>}
              <ul className="channel-steps">
                {chat.map((c, i) => {
                  const known = chatHooks.some((h) => h.id === c.destination_id);
                  return (
                    <li key={i} className="row wrap" data-testid={`chat-step-${i}`}>
                      <label className="row grow">
                        <span className="small">Post to</span>
                        <select
                          value={c.destination_id}
                          aria-label={`Chat step ${i + 1} destination`}
                          onChange={(e) => setChat((list) => list.map((x, j) => (j === i ? { ...x, destination_id: e.target.value } : x)))}
                        >
                          <option value="">Choose a channel…</option>
                          {!known && c.destination_id && <option value={c.destination_id}>{c.destination_id}</option>}
                          {chatHooks.map((h) => <option key={h.id} value={h.id}>{destinationWords(h)}</option>)}
                        </select>
                      </label>
                      <label className="row">
                        <span className="small">after</span>
                        <input
                          type="number"
                          className="short"
                          min={0}
                          max={86400}
                          value={c.delay}
                          aria-label={`Chat step ${i + 1} delay in seconds`}
                          onChange={(e) => setChat((list) => list.map((x, j) => (j === i ? { ...x, delay: Number(e.target.value) } : x)))}
                        />
                        <span className="small">seconds</span>
                      </label>
                      <button type="button" className="button small" aria-label={`Remove chat step ${i + 1}`} onClick={() => setChat((list) => list.filter((_, j) => j !== i))}>Remove</button>
                    </li>
                  );
                })}
              </ul>
              <div className="row">
                <button type="button" className="button small" onClick={() => setChat((list) => [...list, { destination_id: '', delay: 0 }])}>Add a chat step</button>
              </div>
            </fieldset>
            <ErrorText error={a.error} />
            <div className="row end wrap">
              {!entry.default && (
                <button
                  type="button"
                  className="button"
                  disabled={a.busy}
                  onClick={() =>
                    a.run(async () => {
                      await must(api.DELETE('/api/schedules/{id}/level-channels/{level}/{priority}', { params: { path: { id, level: String(entry.level), priority: entry.priority } } }));
                      await done(`The channels of ${what} are the defaults again.`);
                    })
                  }
                >
                  Reset to default
                </button>
              )}
              <Dialog.Close asChild><button type="button" className="button">Cancel</button></Dialog.Close>
              <button type="submit" className="button primary" disabled={a.busy}>Save channels</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
