import type { CredentialKind, IntegrationType } from './integration.table.ts';

export const DIRECT_TYPES = ['webhook', 'events_v2', 'email'] as const;
export const VENDOR_TYPES = ['datadog', 'grafana', 'alertmanager', 'custom'] as const;
export const INTEGRATION_TYPES: readonly IntegrationType[] = [...DIRECT_TYPES, ...VENDOR_TYPES];

/** The kind of credential each source type carries (PRODUCT.md 4). */
export const credentialKindFor = (t: IntegrationType): CredentialKind =>
  t === 'events_v2' ? 'routing_key' : t === 'email' ? 'email' : 'url_token';

export interface RoutingRule {
  attribute: string;
  value: string;
  service_id: string;
}

/** What ingest knows about the source a credential opens. */
export interface IngestTarget {
  credentialId: string;
  integrationId: string;
  integrationName: string;
  orgId: string;
  type: IntegrationType;
  /** The bound service of a direct source; null for vendor connections. */
  serviceId: string | null;
  fallbackServiceId: string | null;
  routingRules: RoutingRule[];
  mapping: unknown;
  ratePerMinute: number;
  /** When a rotated or replaced credential dies (ISO), or null. */
  expiresAt: string | null;
}

/**
 * Routing for vendor connections (spec 2.4): exact, case-sensitive match, first rule wins;
 * missing, empty and unknown values fall to the fallback service.
 */
export function routeByAttributes(target: Pick<IngestTarget, 'routingRules' | 'fallbackServiceId' | 'serviceId'>, attributes: Record<string, unknown>): string {
  if (target.serviceId) return target.serviceId;
  const i = matchingRule(target.routingRules, attributes);
  return i >= 0 ? target.routingRules[i]!.service_id : target.fallbackServiceId!;
}

/** The index of the first rule that matches, or -1 (the fallback). */
export function matchingRule(rules: readonly RoutingRule[], attributes: Record<string, unknown>): number {
  return rules.findIndex((rule) => {
    const v = attributes[rule.attribute];
    return typeof v === 'string' && v !== '' && v === rule.value;
  });
}

export const isDirectType = (t: IntegrationType): boolean => (DIRECT_TYPES as readonly string[]).includes(t);
