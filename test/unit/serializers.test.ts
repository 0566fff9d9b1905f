import { describe, expect, it } from 'vitest';
import { sharedSerializers } from '../../src/http/serializers.ts';

const shared = { Problem: { $id: 'Problem', type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } };
const route = (schema: unknown, url = '/a') => ({ schema, method: 'GET', url, httpStatus: '200' });

describe('sharedSerializers', () => {
  it('compiles equal schemas once, across plugin contexts and routes', () => {
    const itemSchema = () => ({ type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer' } } });
    // Two contexts (Fastify calls the factory once per plugin context) with equal shared schemas.
    const a = sharedSerializers(structuredClone(shared), {})(route(itemSchema(), '/a'));
    const b = sharedSerializers(structuredClone(shared), {})(route(itemSchema(), '/b'));
    expect(b).toBe(a);
    expect(a({ id: 'x', n: 2, secret: 's' })).toBe('{"id":"x","n":2}');
  });

  it('keeps a serializer per schema, per set of shared schemas and per option', () => {
    const one = sharedSerializers(shared, {});
    const s1 = one(route({ type: 'object', properties: { id: { type: 'string' } } }));
    const s2 = one(route({ type: 'object', properties: { name: { type: 'string' } } }));
    expect(s2).not.toBe(s1);
    expect(s2({ id: 'x', name: 'y' })).toBe('{"name":"y"}');
    const other = sharedSerializers({ ...shared, Extra: { $id: 'Extra', type: 'string' } }, {})(route({ type: 'object', properties: { id: { type: 'string' } } }));
    expect(other).not.toBe(s1);
    const rounded = sharedSerializers(shared, { rounding: 'floor' })(route({ type: 'object', properties: { id: { type: 'string' } } }));
    expect(rounded).not.toBe(s1);
  });

  it('resolves references to the shared schemas', () => {
    const serialize = sharedSerializers(shared, {})(route({ $ref: 'Problem#' }));
    expect(serialize({ code: 'not_found', extra: 1 })).toBe('{"code":"not_found"}');
  });

  it('gives a schema with its own $id a compiler of its own, so later references still resolve', () => {
    const compile = sharedSerializers(shared, {});
    const own = compile(route({ $id: 'Problem', type: 'object', properties: { code: { type: 'string' } } }));
    expect(own({ code: 'x' })).toBe('{"code":"x"}');
    expect(compile(route({ type: 'object', properties: { p: { $ref: 'Problem#' } } }))({ p: { code: 'y' } })).toBe('{"p":{"code":"y"}}');
  });
});
