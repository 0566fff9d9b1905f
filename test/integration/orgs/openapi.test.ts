import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.ts';

// Every route of organizations, members, invitations and the audit log is in the OpenAPI document
// with its request and response schemas (the document does not depend on the dialect).
const ROUTES: [method: string, path: string, body: string | null, response: string][] = [
  ['post', '/api/orgs', 'OrgCreate', 'OrgCreated'],
  ['delete', '/api/org', null, 'Ok'],
  ['post', '/api/org/leave', null, 'OrgLeft'],
  ['get', '/api/org/settings', null, 'OrgSettings'],
  ['patch', '/api/org/settings', 'OrgSettingsPatch', 'OrgSettings'],
  ['get', '/api/org/voice', null, 'VoiceSettings'],
  ['put', '/api/org/voice', 'VoiceSettings', 'VoiceSettings'],
  ['get', '/api/org/members', null, 'Member[]'],
  ['patch', '/api/org/members/{user_id}', 'MemberPatch', 'Member'],
  ['delete', '/api/org/members/{user_id}', null, 'Ok'],
  ['post', '/api/org/invitations', 'InvitationCreate', 'InvitationCreated'],
  ['get', '/api/org/invitations', null, 'Invitation[]'],
  ['delete', '/api/org/invitations/{id}', null, 'Ok'],
  ['post', '/api/invitations/accept', 'InvitationAccept', 'InvitationAccepted'],
  ['post', '/api/invitations/lookup', 'InvitationLookup', 'InvitationLookedUp'],
  ['get', '/api/audit', null, 'AuditEntry[]'],
];

describe('OpenAPI document: organization, member, invitation and audit routes', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };
  beforeAll(async () => {
    t = await buildTestApp({ dialect: 'sqlite' });
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => t?.close());

  const refName = (s: any): string => {
    if (!s) return '';
    if (s.$ref) return String(s.$ref).split('/').pop()!;
    if (s.type === 'array') return `${refName(s.items)}[]`;
    return JSON.stringify(s);
  };

  for (const [method, path, body, response] of ROUTES) {
    it(`${method.toUpperCase()} ${path}: ${body ?? 'no body'} → ${response}, errors 400/401/403/404`, () => {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path} missing`).toBeDefined();
      expect(refName(op.responses['200'].content['application/json'].schema)).toBe(response);
      for (const s of ['400', '401', '403', '404']) expect(refName(op.responses[s].content['application/json'].schema)).toBe('ErrorBody');
      if (body) expect(refName(op.requestBody.content['application/json'].schema)).toBe(body);
      else expect(op.requestBody).toBeUndefined();
      if (response.endsWith('[]')) expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['limit', 'cursor']));
    });
  }

  it('GET /api/audit declares its filters', () => {
    const names = doc.paths['/api/audit']!.get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['actor_id', 'action', 'target_type', 'target_id', 'since', 'until', 'limit', 'cursor']));
  });
});
