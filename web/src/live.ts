import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiHeaders } from './api/client';
import { keys } from './api/keys';

/** One event of GET /api/events/stream: an alert changed. */
export interface LiveEvent {
  id: number;
  type: string;
  alert_id: string | null;
  created_at: string;
}

/** Splits a server-sent events buffer into complete frames and the unfinished rest. */
export function parseFrames(buffer: string): { frames: { id?: string; event?: string; data: string }[]; rest: string } {
  const frames: { id?: string; event?: string; data: string }[] = [];
  const parts = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = parts.pop() ?? '';
  for (const part of parts) {
    const frame: { id?: string; event?: string; data: string } = { data: '' };
    for (const line of part.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'data') frame.data += (frame.data ? '\n' : '') + value;
      else if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
    }
    if (frame.data || frame.event) frames.push(frame);
  }
  return { frames, rest };
}

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * Follows the organization's alert events (server-sent events read with fetch, so X-Service-Org is
 * sent; resumed with Last-Event-ID after a drop) and refreshes what they touch. Calls onEvent for
 * each, for announcements.
 */
export function useLiveEvents(orgId: string | null, onEvent: (e: LiveEvent) => void): LiveState {
  const qc = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!orgId) return;
    const abort = new AbortController();
    let lastId: string | undefined;
    let delay = 500;
    const run = async () => {
      while (!abort.signal.aborted) {
        try {
          const headers: Record<string, string> = { ...apiHeaders(), accept: 'text/event-stream' };
          if (lastId) headers['last-event-id'] = lastId;
          const res = await fetch('/api/events/stream', { headers, signal: abort.signal, credentials: 'same-origin', cache: 'no-store' });
          if (res.status === 401 || res.status === 403) return;
          if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
          setState('live');
          delay = 500;
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const { frames, rest } = parseFrames(buffer + value);
            buffer = rest;
            let touched = false;
            for (const f of frames) {
              if (f.id !== undefined) lastId = f.id || undefined;
              if (f.event === 'reset') {
                void qc.invalidateQueries();
                continue;
              }
              if (f.event !== 'alert') continue;
              const ev = JSON.parse(f.data) as LiveEvent;
              touched = true;
              if (ev.alert_id) void qc.invalidateQueries({ queryKey: keys.alert(ev.alert_id) });
              handler.current(ev);
            }
            if (touched) void qc.invalidateQueries({ queryKey: keys.alerts() });
          }
        } catch {
          if (abort.signal.aborted) return;
        }
        setState('reconnecting');
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 10_000);
        // Whatever changed while away is fetched again.
        void qc.invalidateQueries({ queryKey: keys.alerts() });
      }
    };
    void run();
    return () => abort.abort();
  }, [orgId, qc]);
  return state;
}
