import { queryOptions } from '@tanstack/react-query';
import { api, must } from './client';
import { keys } from './keys';

/**
 * The reads more than one page makes, each with its key and its call: two pages that read the same key
 * must cache the same answer.
 */
export const queries = {
  me: (org: string | null) => queryOptions({ queryKey: keys.meIn(org), queryFn: () => must(api.GET('/api/me')), enabled: !!org, retry: false }),
  services: () => queryOptions({ queryKey: keys.services(), queryFn: () => must(api.GET('/api/services', { params: { query: { limit: 500 } } })) }),
  routing: (serviceId: string) => queryOptions({ queryKey: keys.routing(serviceId), queryFn: () => must(api.GET('/api/services/{id}/routing', { params: { path: { id: serviceId } } })) }),
  oncall: (scheduleId: string) => queryOptions({ queryKey: keys.oncall(scheduleId), queryFn: () => must(api.GET('/api/schedules/{id}/oncall', { params: { path: { id: scheduleId }, query: {} } })) }),
  levelChannels: (scheduleId: string) => queryOptions({ queryKey: keys.levelChannels(scheduleId), queryFn: () => must(api.GET('/api/schedules/{id}/level-channels', { params: { path: { id: scheduleId } } })) }),
  members: () => queryOptions({ queryKey: keys.members(), queryFn: () => must(api.GET('/api/org/members', { params: { query: { limit: 500 } } })) }),
  orgSettings: () => queryOptions({ queryKey: keys.orgSettings(), queryFn: () => must(api.GET('/api/org/settings')) }),
  devices: () => queryOptions({ queryKey: keys.devices(), queryFn: () => must(api.GET('/api/devices', { params: { query: { limit: 100 } } })) }),
  webhooks: () => queryOptions({ queryKey: keys.webhooks(), queryFn: () => must(api.GET('/api/webhooks', { params: { query: { limit: 500 } } })) }),
  phones: () => queryOptions({ queryKey: keys.phones(), queryFn: () => must(api.GET('/api/phone-numbers', { params: { query: { limit: 100 } } })) }),
};
