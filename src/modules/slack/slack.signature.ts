import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack's window for X-Slack-Request-Timestamp: older (or further ahead) requests are refused as replays. */
export const SIGNATURE_WINDOW_SECONDS = 5 * 60;

/** `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` keyed by the signing secret (Slack's v0 scheme). */
export function slackSignature(signingSecret: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`, 'utf8').digest('hex')}`;
}

/** Whether a request is Slack's: a timestamp within five minutes of now and a matching v0 signature. */
export function validSlackSignature(signingSecret: string, headers: { timestamp: string | undefined; signature: string | undefined }, rawBody: string, nowMs: number): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) return false;
  const expected = Buffer.from(slackSignature(signingSecret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
