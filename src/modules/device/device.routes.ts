import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses, IdParams, ListQuery } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import type { DeviceService } from './device.service.ts';
import { DeviceCreate, DevicePatch, DeviceSchema, WebPushKey } from './device.schemas.ts';

export function deviceRoutes(deps: { devices: DeviceService }): FastifyPluginAsyncTypebox {
  const { devices } = deps;
  return async (app) => {
    app.get('/api/devices', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: { tags: ['devices'], summary: 'List your devices (push tokens are shown as a hint)', querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('Device')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await devices.list(req.actor, req.query.limit ?? 50, req.query.cursor)),
    });
    app.get('/api/devices/web-push-key', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: {
        tags: ['devices'], summary: "This server's Web Push (VAPID) public key, to subscribe a browser; null when Web Push is not configured",
        response: { 200: Type.Ref('WebPushKey'), ...errorResponses() },
      },
      handler: async () => devices.webPushKey(),
    });
    app.post('/api/devices', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'self.write' } },
      schema: { tags: ['devices'], summary: 'Register a device for push; the same push token again updates it', body: Type.Ref('DeviceCreate'), response: { 200: Type.Ref('Device'), ...errorResponses() } },
      handler: async (req) => devices.create(req.actor, req.body as Static<typeof DeviceCreate>, requestMeta(req)),
    });
    app.patch('/api/devices/:id', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'self.write' } },
      schema: { tags: ['devices'], summary: 'Change one of your devices', params: IdParams, body: Type.Ref('DevicePatch'), response: { 200: Type.Ref('Device'), ...errorResponses() } },
      handler: async (req) => devices.update(req.actor, req.params.id, req.body as Static<typeof DevicePatch>, requestMeta(req)),
    });
    app.delete('/api/devices/:id', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'self.write' } },
      schema: { tags: ['devices'], summary: 'Remove one of your devices', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => devices.remove(req.actor, req.params.id, requestMeta(req)),
    });
  };
}

export const deviceSchemas = [DeviceSchema, DeviceCreate, DevicePatch, WebPushKey];
