import { randomInt } from 'node:crypto';
import type { Channel } from './delivery.port.ts';
import { DEFAULT_PAGING_THROTTLES, pagingThrottlesOf, type PagingThrottles, type ThrottleWindow, type VoiceSettings } from '../org/index.ts';

/**
 * The pure core of SMS and voice delivery (issue 22; docs/adr/0445–0447): throttle windows, reply
 * codes and what a reply means, the SMS text and the call's TwiML. No I/O here.
 */

export type { ThrottleWindow } from '../org/index.ts';
export type PhoneChannel = Extract<Channel, 'sms' | 'voice'>;
export type Throttles = PagingThrottles;
/** The defaults and the organization's overrides live with the organization's settings (PATCH /api/org/settings). */
export const DEFAULT_THROTTLES = DEFAULT_PAGING_THROTTLES;
export const throttlesOf = pagingThrottlesOf;

export const longestWindowMs = (windows: ThrottleWindow[]): number => Math.max(60_000, ...windows.map((w) => w.window_minutes * 60_000));

/**
 * When the next message may go: undefined if now, else the earliest instant every window allows
 * one more. `sends` are epoch ms of earlier sends (any order). A send at s counts in the window
 * ending at t while s > t − window.
 */
export function nextAllowedAt(sends: readonly number[], windows: readonly ThrottleWindow[], now: number): number | undefined {
  const sorted = [...sends].sort((a, b) => a - b);
  let at = now;
  for (const w of windows) {
    const ms = w.window_minutes * 60_000;
    const inWindow = sorted.filter((s) => s > now - ms && s <= now);
    if (inWindow.length >= w.max) at = Math.max(at, inWindow[inWindow.length - w.max]! + ms);
  }
  return at > now ? at : undefined;
}

export const describeWindow = (w: ThrottleWindow): string =>
  `${w.max} per ${w.window_minutes === 1 ? 'minute' : w.window_minutes % 60 === 0 ? `${w.window_minutes / 60} h` : `${w.window_minutes} min`}`;

/** How long a reply code works (docs/adr/0446-sms-replies.md). */
export const REPLY_CODE_TTL_MS = 24 * 3_600_000;

/** A new code of 4 digits (5 or 6 once most of them are taken), not among `taken`. */
export function newReplyCode(taken: ReadonlySet<string>): string {
  for (const digits of [4, 5, 6]) {
    for (let i = 0; i < 20; i++) {
      const c = String(randomInt(10 ** (digits - 1), 10 ** digits));
      if (!taken.has(c)) return c;
    }
  }
  throw new Error('no free reply code');
}

export type Reply = { code: string; action: 'ack' | 'escalate' };

/** "4821" acknowledges, "4821e" escalates (case, spaces and a leading # ignored); anything else is not a reply code. */
export function parseReply(body: string): Reply | undefined {
  const m = /^#?(\d{3,6})\s*(e)?$/.exec(body.trim().toLowerCase());
  if (!m) return undefined;
  return { code: m[1]!, action: m[2] ? 'escalate' : 'ack' };
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The text of an SMS page: one alert with its codes, or a bundle of several whose code acknowledges them all. */
export function smsText(m: { title: string; priority: string; serviceName?: string | undefined; replyCode?: string | undefined; bundleCount?: number | undefined }): string {
  if (m.bundleCount && m.bundleCount > 1) {
    const on = m.serviceName ? ` on ${clip(m.serviceName, 60)}` : '';
    return `${m.bundleCount} open alerts${on}.${m.replyCode ? ` Reply ${m.replyCode} to acknowledge all, ${m.replyCode}e to escalate all.` : ''}`;
  }
  const svc = m.serviceName ? ` (${clip(m.serviceName, 40)})` : '';
  const codes = m.replyCode ? ` Reply ${m.replyCode} to acknowledge, ${m.replyCode}e to escalate.` : '';
  return `Klaxon ${m.priority}${svc}: ${clip(m.title, 160)}.${codes}`;
}

export const xmlEscape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');


const say = (v: VoiceSettings, text: string) => `<Say voice="${v.voice === 'male' ? 'man' : 'woman'}" language="${xmlEscape(v.language)}">${xmlEscape(text)}</Say>`;

/** The call: the alert read `repeat_count` times, each inside a one-key <Gather> posting to `action`. */
export function callTwiml(v: VoiceSettings, alert: { title: string; priority: string; serviceName?: string | undefined }, action: string): string {
  const greeting = v.greeting.trim() || 'This is Klaxon with an alert.';
  const text = `${greeting} ${alert.priority} alert${alert.serviceName ? ` on ${clip(alert.serviceName, 60)}` : ''}: ${clip(alert.title, 200)}. Press ${v.ack_key} to acknowledge, ${v.escalate_key} to escalate.`;
  const gather = `<Gather input="dtmf" numDigits="1" timeout="8" action="${xmlEscape(action)}" method="POST">${say(v, text)}</Gather>`;
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${gather.repeat(Math.max(1, v.repeat_count))}${say(v, 'Goodbye.')}<Hangup/></Response>`;
}

/** The answer to a key press (or to a call that cannot be read any more). */
export function sayTwiml(v: VoiceSettings, text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${say(v, text)}<Hangup/></Response>`;
}

/** The answer to an inbound SMS: one message back, or none. */
export function messageTwiml(text: string | undefined): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${text ? `<Message>${xmlEscape(text)}</Message>` : ''}</Response>`;
}

/** A phone number as a timeline shows it: the last two digits only. */
export const maskNumber = (e164: string): string => `…${e164.slice(-2)}`;

/** Twilio's permanent error codes that turn a number off (reference/paging.md 4.1), with the reason its owner sees. */
export function disableReasonOf(code: string | undefined): { disable: 'unsubscribed' | 'invalid'; reason: string } | undefined {
  switch (code) {
    case '21610':
      return { disable: 'unsubscribed', reason: 'the number opted out of messages (replied STOP; Twilio 21610)' };
    case '21614':
    case '21635':
      return { disable: 'invalid', reason: `the number cannot receive SMS: not a mobile number (Twilio ${code})` };
    case '21211':
    case '21217':
    case '21612':
      return { disable: 'invalid', reason: `the number is not valid or not reachable (Twilio ${code})` };
    default:
      return undefined;
  }
}
