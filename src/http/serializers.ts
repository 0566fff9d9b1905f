import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

export type SerializerRoute = { schema: unknown; method: string; url: string; httpStatus: string };
const buildFjs = SerializerSelector() as unknown as (schemas: unknown, options: unknown) => (route: SerializerRoute) => (data: unknown) => string;

/**
 * Response serializers, one per distinct schema. Fastify compiles one per route and status in
 * every plugin context, and most are the same few schemas (every route's error statuses share
 * ErrorBody); compiling each anew was most of the time a process took to start
 * (docs/adr/0127-startup-time.md). A serializer depends only on its schema, the shared schemas and
 * the options, so equal inputs share one, across contexts and across apps built in one process.
 */
const serializersBySetting = new Map<string, { build: (route: SerializerRoute) => (data: unknown) => string; made: Map<string, (data: unknown) => string> }>();
export function sharedSerializers(externalSchemas: unknown, options: unknown): (route: SerializerRoute) => (data: unknown) => string {
  const setting = JSON.stringify([externalSchemas, options]);
  let shared = serializersBySetting.get(setting);
  if (!shared) serializersBySetting.set(setting, (shared = { build: buildFjs(externalSchemas, options), made: new Map() }));
  const { build, made } = shared;
  return (route) => {
    // A schema with its own $id makes the compiler drop that id from its shared schemas for later
    // builds: it gets a compiler of its own, as Fastify would give it.
    if ((route.schema as { $id?: unknown } | null)?.$id !== undefined) return buildFjs(externalSchemas, options)(route);
    const key = JSON.stringify(route.schema);
    let serialize = made.get(key);
    if (!serialize) made.set(key, (serialize = build(route)));
    return serialize;
  };
}
