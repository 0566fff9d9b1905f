import { Type } from 'typebox';
import { INTEGRATION_TYPES, VENDOR_TYPES } from './integration.ts';
import { EXPRESSION_MAX } from './integration.mapping.ts';

const TypeEnum = Type.Union(INTEGRATION_TYPES.map((t) => Type.Literal(t)), {
  description: 'Direct sources: webhook, events_v2, email (bound to service_id). Vendor connections: datadog, grafana, alertmanager, custom (routing_rules + fallback_service_id).',
});
const VendorTypeEnum = Type.Union(VENDOR_TYPES.map((t) => Type.Literal(t)));
const ServiceRef = Type.String({ minLength: 1, maxLength: 64, description: 'A service of this organization (svc_…).' });

export const RoutingRuleSchema = Type.Object(
  {
    attribute: Type.String({ minLength: 1, maxLength: 200, description: 'Attribute name: an Alertmanager/Grafana label, a Datadog tag key, or a key of a custom routing object.' }),
    value: Type.String({ minLength: 1, maxLength: 1000, description: 'Exact, case-sensitive value.' }),
    service_id: ServiceRef,
  },
  { $id: 'RoutingRule', additionalProperties: false, description: 'Spec 2.4: exact, case-sensitive match; rules are ordered and the first match wins.' },
);
const Rules = Type.Array(Type.Ref('RoutingRule'), {
  maxItems: 200,
  description: 'Ordered; the first match wins. Missing, empty and unmatched values go to fallback_service_id. A payload never names a service.',
});

const expr = (what: string) => Type.Optional(Type.String({ minLength: 1, maxLength: EXPRESSION_MAX, description: `JSONata expression giving ${what}.` }));
export const MappingSchema = Type.Object(
  {
    items: expr('an array of alert items for batch payloads; the other expressions then run on each item, and $payload is the whole body'),
    title: Type.String({ minLength: 1, maxLength: EXPRESSION_MAX, description: 'JSONata expression giving the title (required; a literal is quoted: "\'Disk full\'").' }),
    event_key: expr('the event (dedupe) key; defaults to the title'),
    priority: expr('critical, high, medium, low or info (case-insensitive); absent means high'),
    urgency: expr('high or low; absent means the priority default'),
    action: expr('trigger or resolve; absent means trigger'),
    body: expr('the details text'),
    source: expr('the sending system name (default "custom")'),
    routing: expr('an object of string attributes the routing rules match on'),
  },
  {
    $id: 'IntegrationMapping',
    additionalProperties: false,
    description:
      'Custom mapping. Each field is a JSONata expression (https://docs.jsonata.org) evaluated on the JSON payload, e.g. {"title":"alert.name","event_key":"alert.id","priority":"$lowercase(alert.severity)","action":"alert.state = \'ok\' ? \'resolve\' : \'trigger\'","routing":"{\\"team\\": alert.team}"}. Regular expressions and $eval are refused. Mappings run in a sandbox process, bounded per request: 250 ms for all items and fields together, 128 MB, recursion depth 100, 1,000 values a sequence or $split, 100 items. A mapping that exceeds a bound even without a payload is refused when it is saved; one that exceeds it on a payload is a 400 naming the field.',
  },
);

export const IntegrationCreate = Type.Object(
  {
    type: TypeEnum,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    service_id: Type.Optional(ServiceRef),
    routing_rules: Type.Optional(Rules),
    fallback_service_id: Type.Optional(ServiceRef),
    mapping: Type.Optional(Type.Ref('IntegrationMapping')),
  },
  {
    $id: 'IntegrationCreate',
    description: 'Direct source: {"type","name","service_id"}. Vendor connection: {"type","name","routing_rules","fallback_service_id"}; custom adds "mapping".',
  },
);

export const IntegrationPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    enabled: Type.Optional(
      Type.Boolean({ description: 'false revokes the source: every credential stops working for good (within 60 s). true on a disabled source issues a new credential, in the answer.' }),
    ),
    routing_rules: Type.Optional(Rules),
    fallback_service_id: Type.Optional(ServiceRef),
    mapping: Type.Optional(Type.Ref('IntegrationMapping')),
    previous_credential: Type.Optional(Type.Literal('revoked', { description: 'Revokes the credentials a replace or rotate left working.' })),
  },
  { $id: 'IntegrationPatch' },
);

const credentialFields = {
  ingest_url: Type.Optional(Type.String({ description: 'The ingest URL (webhook and vendor types). A secret.' })),
  routing_key: Type.Optional(Type.String({ description: 'The 32-character routing key (events_v2). A secret.' })),
  email_address: Type.Optional(Type.String({ description: 'The ingest address (email). A secret.' })),
};

export const IntegrationSchema = Type.Object(
  {
    id: Type.String(),
    org_id: Type.String(),
    type: TypeEnum,
    name: Type.String(),
    enabled: Type.Boolean(),
    service_id: Type.Union([Type.String(), Type.Null()]),
    fallback_service_id: Type.Union([Type.String(), Type.Null()]),
    routing_rules: Type.Array(Type.Ref('RoutingRule')),
    mapping: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
    credentials: Type.Array(
      Type.Object({
        id: Type.String(),
        kind: Type.String({ enum: ['url_token', 'routing_key', 'email'] }),
        current: Type.Boolean({ description: 'False for a previous credential that still works until expires_at.' }),
        created_at: Type.String(),
        expires_at: Type.Union([Type.String(), Type.Null()]),
      }),
      { description: 'Working credentials, without their secrets (use reveal).' },
    ),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Integration' },
);

export const IntegrationCreated = Type.Object({ ...IntegrationSchema.properties, ...credentialFields }, { $id: 'IntegrationCreated', description: 'The source and its credential.' });
export const IntegrationUpdated = Type.Object(
  { ...IntegrationSchema.properties, ...credentialFields },
  { $id: 'IntegrationUpdated', description: 'The source; with its new credential when {"enabled":true} turned a disabled source back on.' },
);

const renewedBase = {
  id: Type.String(),
  type: TypeEnum,
  name: Type.String(),
  enabled: Type.Boolean(),
};
export const IntegrationReveal = Type.Object({ ...renewedBase, credential_id: Type.String(), ...credentialFields }, { $id: 'IntegrationReveal', description: 'The current credential. Every reveal is written to the audit log.' });
export const IntegrationRotated = Type.Object(
  { ...renewedBase, previous_expires_at: Type.String({ description: 'When the previous credential(s) stop working.' }), ...credentialFields },
  { $id: 'IntegrationRotated' },
);

export const IntegrationPreview = Type.Object(
  {
    type: VendorTypeEnum,
    payload: Type.Unknown({ description: 'A sample vendor payload, exactly as the sender would post it.' }),
    routing_rules: Type.Optional(Rules),
    fallback_service_id: Type.Optional(ServiceRef),
    mapping: Type.Optional(Type.Ref('IntegrationMapping')),
  },
  { $id: 'IntegrationPreview', description: 'Parses a sample payload and routes each item with the given rules; nothing is stored.' },
);

export const IntegrationPreviewResult = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        title: Type.String(),
        event_key: Type.String(),
        priority: Type.String(),
        urgency: Type.String(),
        action: Type.String(),
        body: Type.String(),
        source: Type.String(),
        attributes: Type.Record(Type.String(), Type.String()),
        matched_rule: Type.Union([Type.Integer(), Type.Null()], { description: 'Index of the rule that matched, or null for the fallback.' }),
        service_id: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  },
  { $id: 'IntegrationPreviewResult' },
);
