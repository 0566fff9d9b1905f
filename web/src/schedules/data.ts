import { useQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from '../api/client';
import { keys } from '../api/keys';
import { queries } from '../api/queries';
import { displayName } from '../format';

export type Schedule = Schemas['Schedule'];
export type OnCall = Schemas['OnCall'];
export type Shift = Schemas['Shift'];
export type Override = Schemas['ScheduleOverride'];
export type ChannelEntry = Schemas['LevelChannelEntry'];
export type Member = Schemas['Member'];
export type Routing = Schemas['ServiceRouting'];

export const PRIORITY_LIST = ['critical', 'high', 'medium', 'low', 'info'] as const;
export const CHANNELS = ['push', 'sms', 'voice', 'email', 'telegram'] as const;

export function useSchedules() {
  return useQuery({ queryKey: keys.schedules(), queryFn: () => must(api.GET('/api/schedules', { params: { query: { limit: 500 } } })) });
}

export function useSchedule(id: string) {
  return useQuery({ queryKey: keys.schedule(id), queryFn: () => must(api.GET('/api/schedules/{id}', { params: { path: { id } } })) });
}

/** The members sorted by name, and by id for names in shifts and overrides (which carry only user ids). */
const directory = (members: Member[]) => {
  const list = [...members].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  return { list, byId: new Map(list.map((m) => [m.user_id, m])) };
};

/** The members' read every page makes (one key, one cached answer), arranged as a directory. */
export function useMemberDirectory() {
  return useQuery({ ...queries.members(), select: directory });
}

export const nameOf = (m: Pick<Member, 'name' | 'email'> | undefined) => (m ? displayName(m) : 'Someone no longer a member');

export function useOnCall(id: string) {
  return useQuery(queries.oncall(id));
}

/** The browser's own zone, the default of a new schedule. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone the browser knows, for the zone pickers. */
export function zoneNames(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const all = intl.supportedValuesOf?.('timeZone') ?? [];
  return all.includes('UTC') ? all : ['UTC', ...all];
}
