import { isSupportedCountry } from 'libphonenumber-js/max';
import { invalid } from '../../lib/errors.ts';
import type { OrganizationRow } from './org.table.ts';

/** Pure rules of organization settings (docs/adr/0320-org-settings.md). */

export const PRIORITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Priority = (typeof PRIORITIES)[number];
export type UrgencyRules = Record<Priority, 'high' | 'low'>;

export const DEFAULT_URGENCY_RULES: UrgencyRules = { critical: 'high', high: 'high', medium: 'high', low: 'high', info: 'low' };

export interface VoiceSettings {
  voice: 'female' | 'male';
  /** BCP 47 language tag the call is spoken in. */
  language: string;
  /** How many times the message is read before the call ends without a key press. */
  repeat_count: number;
  /** Spoken before the alert; empty means the built-in greeting. */
  greeting: string;
  /** DTMF key that acknowledges the alert. */
  ack_key: string;
  /** DTMF key that escalates the alert to the next level. */
  escalate_key: string;
}

export const DEFAULT_VOICE: VoiceSettings = { voice: 'female', language: 'en-US', repeat_count: 2, greeting: '', ack_key: '1', escalate_key: '2' };

/** At most `max` SMS (or calls) in any `window_minutes` to one person (docs/adr/0447-throttles-and-bundling.md). */
export interface ThrottleWindow {
  window_minutes: number;
  max: number;
}
export type PagingThrottles = Record<'sms' | 'voice', ThrottleWindow[]>;

/** GoAlert's table (reference/paging.md 2.1, 7.4): one a minute per person, then per 15 min, hour and 3 h. */
export const DEFAULT_PAGING_THROTTLES: PagingThrottles = {
  sms: [{ window_minutes: 1, max: 1 }, { window_minutes: 15, max: 5 }, { window_minutes: 60, max: 11 }, { window_minutes: 180, max: 21 }],
  voice: [{ window_minutes: 1, max: 1 }, { window_minutes: 15, max: 3 }, { window_minutes: 60, max: 7 }, { window_minutes: 180, max: 15 }],
};

/** The organization's throttles: its overrides (each channel's list replaced whole) over the defaults. */
export function pagingThrottlesOf(json: string | null | undefined): PagingThrottles {
  let o: Partial<PagingThrottles> = {};
  try {
    o = JSON.parse(json || '{}') as Partial<PagingThrottles>;
  } catch {
    o = {};
  }
  return { sms: Array.isArray(o.sms) ? o.sms : DEFAULT_PAGING_THROTTLES.sms, voice: Array.isArray(o.voice) ? o.voice : DEFAULT_PAGING_THROTTLES.voice };
}

/** The organization's own `phone_countries` list, or null when it follows the default (docs/adr/0705). */
export function phoneCountriesOf(json: string | null | undefined): string[] | null {
  if (json === null || json === undefined) return null;
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : null;
  } catch {
    return null;
  }
}

/** Upper-cased, each a region libphonenumber-js knows, no repeats (PATCH /api/org/settings). */
export function checkPhoneCountries(list: readonly string[]): string[] {
  const out: string[] = [];
  list.forEach((raw, i) => {
    const c = raw.trim().toUpperCase();
    if (!isSupportedCountry(c)) throw invalid(`phone_countries/${i}`, `"${raw}" is not an ISO 3166-1 alpha-2 country with a telephone numbering plan (e.g. US, GB, DE)`);
    if (!out.includes(c)) out.push(c);
  });
  return out;
}

export const INGEST_RATE_MAX = 100_000;
export const RETENTION_MAX_DAYS = 3650;

/** An IANA time zone name this runtime knows (Intl accepts canonical names and links). */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export function checkTimeZone(tz: string): string {
  if (!isTimeZone(tz)) throw invalid('time_zone', `"${tz}" is not an IANA time zone; use a name such as "Europe/Berlin" or "UTC"`);
  return tz;
}

export function checkVoice(v: VoiceSettings): VoiceSettings {
  if (v.ack_key === v.escalate_key) throw invalid('escalate_key', 'must differ from ack_key');
  return { ...v, greeting: v.greeting.trim() };
}

const parse = <T>(json: string, fallback: T): T => {
  try {
    return { ...fallback, ...(JSON.parse(json) as object) } as T;
  } catch {
    return fallback;
  }
};

export const voiceOf = (row: Pick<OrganizationRow, 'voice_settings'>): VoiceSettings => parse(row.voice_settings, DEFAULT_VOICE);
export const urgencyRulesOf = (row: Pick<OrganizationRow, 'default_urgency_rules'>): UrgencyRules => parse(row.default_urgency_rules, DEFAULT_URGENCY_RULES);

/** Each paging channel: whether this server has a provider for it (PRODUCT.md 7.4). */
export type ChannelStatus = Record<'push' | 'sms' | 'voice' | 'email' | 'chat' | 'telegram', 'configured' | 'not_configured'>;
export const NO_CHANNELS: ChannelStatus = { push: 'not_configured', sms: 'not_configured', voice: 'not_configured', email: 'not_configured', chat: 'not_configured', telegram: 'not_configured' };

export const rowToSettings = (r: OrganizationRow) => ({
  id: r.id,
  name: r.name,
  time_zone: r.time_zone,
  default_urgency_rules: urgencyRulesOf(r),
  retention_days: r.retention_days,
  ingest_rate_per_minute: r.ingest_rate_per_minute,
  paging_throttles: pagingThrottlesOf(r.paging_throttles),
  phone_countries: phoneCountriesOf(r.phone_countries),
  person_rules: r.person_rules !== 0,
  sso_required: r.sso_required !== 0,
  sso_role_map: ssoRoleMapOf(r.sso_role_map),
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** Roles a group may give at sign-in (PRODUCT.md 13): owners are made by hand, never by a group. */
export const SSO_MAPPED_ROLES = ['admin', 'responder', 'observer'] as const;
export type SsoRoleMap = Record<string, (typeof SSO_MAPPED_ROLES)[number]>;
export const SSO_ROLE_MAP_MAX = 100;

export const ssoRoleMapOf = (raw: string | null | undefined): SsoRoleMap => parse(raw ?? '{}', {} as SsoRoleMap);

/** PATCH /api/org/settings sso_role_map: group names trimmed, non-empty, each mapped to a role below owner. */
export function checkSsoRoleMap(map: Record<string, string>): SsoRoleMap {
  const out: SsoRoleMap = {};
  const entries = Object.entries(map);
  if (entries.length > SSO_ROLE_MAP_MAX) throw invalid('sso_role_map', `may name at most ${SSO_ROLE_MAP_MAX} groups`);
  for (const [group, role] of entries) {
    const g = group.trim();
    if (!g || g.length > 200) throw invalid('sso_role_map', 'group names must be 1 to 200 characters');
    if (!(SSO_MAPPED_ROLES as readonly string[]).includes(role)) {
      throw invalid('sso_role_map', `group "${g}" maps to "${role}": a group may give admin, responder or observer (owners are made by an owner, by hand)`);
    }
    out[g] = role as SsoRoleMap[string];
  }
  return out;
}
