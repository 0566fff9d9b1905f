import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.ts';

/** Every route of devices, phone numbers, billing and usage is in the OpenAPI document with its schemas. */
const ROUTES: [method: string, path: string, body: string | null, response: string][] = [
  ['get', '/api/devices', null, 'array'],
  ['post', '/api/devices', 'DeviceCreate', 'Device'],
  ['patch', '/api/devices/{id}', 'DevicePatch', 'Device'],
  ['delete', '/api/devices/{id}', null, 'Ok'],
  ['get', '/api/devices/web-push-key', null, 'WebPushKey'],
  ['get', '/api/phone-numbers', null, 'array'],
  ['post', '/api/phone-numbers', 'PhoneNumberCreate', 'PhoneNumber'],
  ['patch', '/api/phone-numbers/{id}', 'PhoneNumberPatch', 'PhoneNumber'],
  ['delete', '/api/phone-numbers/{id}', null, 'Ok'],
  ['post', '/api/phone-numbers/{id}/verify', null, 'VerificationSent'],
  ['post', '/api/phone-numbers/{id}/verify/confirm', 'CodeConfirm', 'PhoneNumber'],
  ['get', '/api/billing/status', null, 'BillingStatus'],
  ['post', '/api/billing/plan/preview', 'BillingPlan', 'BillingPlanPreview'],
  ['post', '/api/billing/plan', 'BillingPlan', 'BillingStatus'],
  ['post', '/api/billing/checkout', 'BillingPlan', 'BillingSession'],
  ['post', '/api/billing/portal', 'BillingPortal', 'BillingSession'],
  ['get', '/api/org/usage', null, 'OrgUsage'],
];

describe('OpenAPI: devices, phone numbers, billing and usage', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };
  beforeAll(async () => {
    t = await buildTestApp({ dialect: 'sqlite' });
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => t?.close());

  for (const [method, path, body, response] of ROUTES) {
    it(`${method.toUpperCase()} ${path} declares ${body ?? 'no body'} → ${response} and the error responses`, () => {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      if (body) {
        expect(op.requestBody?.required).toBe(true);
        expect(JSON.stringify(op.requestBody.content['application/json'].schema)).toContain(body);
        expect(doc.components.schemas[body]).toBeDefined();
      }
      const ok = op.responses['200'].content['application/json'].schema;
      if (response === 'array') expect(ok.type).toBe('array');
      else expect(JSON.stringify(ok)).toContain(response);
      for (const s of ['400', '401', '403', '404']) expect(JSON.stringify(op.responses[s])).toContain('ErrorBody');
    });
  }

  it('no response schema carries a push token or a code: Device shows a hint only', () => {
    const device = doc.components.schemas.Device as { properties: Record<string, unknown> };
    expect(Object.keys(device.properties)).toContain('push_token_hint');
    expect(Object.keys(device.properties)).not.toContain('push_token');
    for (const name of ['PhoneNumber', 'VerificationSent']) {
      expect(Object.keys((doc.components.schemas[name] as { properties: Record<string, unknown> }).properties)).not.toContain('code');
    }
  });

  it('the Stripe webhook is in the document as a public route', () => {
    const op = doc.paths['/api/billing/stripe/webhook']?.post;
    expect(op).toBeDefined();
    expect(op.security).toEqual([]);
    expect(JSON.stringify(op.responses['200'])).toContain('StripeWebhookAck');
  });
});
