import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, type Member } from '../../helpers/people.ts';
import type { MailMessage } from '../../../src/modules/invitation/index.ts';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

for (const dialect of DIALECTS) {
  describe(`${dialect}: invitations by email`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let admin: Member;
    const mails: MailMessage[] = [];
    let mailFails = false;

    beforeAll(async () => {
      t = await buildTestApp({
        dialect,
        container: {
          invitationMailer: {
            configured: true,
            async send(m) {
              if (mailFails) throw new Error('SMTP 451 try later');
              mails.push(m);
            },
          },
        },
      });
      tenant = await bootstrapTenant(t, 'Acme');
      admin = await addMember(t, tenant, 'admin');
    });
    afterAll(async () => t?.close());

    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const invite = (email: string, role = 'responder') => call('POST', '/api/org/invitations', tenant.headers, { email, role });

    it('POST /api/org/invitations answers the link once; the mail carries it; lists never show it', async () => {
      const r = await invite('New.Person@Example.com');
      expect(r.statusCode).toBe(200);
      const inv = r.json();
      expect(inv).toMatchObject({ email: 'new.person@example.com', role: 'responder', status: 'pending', mail_status: 'pending', invited_by: tenant.userId });
      expect(inv.expires_at).toBe(new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString());
      expect(inv.invitation_url).toMatch(/^http:\/\/klaxon\.test\/invitations\/accept\?token=kxv_/);
      const token = tokenOf(inv.invitation_url);

      await t.container.runner.drain();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toBe('new.person@example.com');
      // The organization's name (text anyone signing up chooses) is neither in the subject (issue 19
      // item 7) nor in the body (issue 33 item 9, docs/adr/0713).
      expect(mails[0]!.subject).toBe('You are invited to an organization on Klaxon');
      expect(mails[0]!.text).not.toContain('Acme');
      expect(mails[0]!.text).toContain(inv.invitation_url);

      const list = await call('GET', '/api/org/invitations', tenant.headers);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([{ ...inv, invitation_url: undefined, mail_status: 'sent' }].map(({ invitation_url: _, ...rest }) => rest));
      expect(list.body).not.toContain(token);

      // The token is stored only as a hash once mailed; nothing else keeps it in clear text.
      const row = await t.container.db.selectFrom('invitations').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow();
      expect(row.token_sealed).toBeNull();
      expect(JSON.stringify(row)).not.toContain(token);
      const events = await t.container.db.selectFrom('outbox_events').select(['payload', 'last_error']).where('type', '=', 'invitation.created').execute();
      expect(JSON.stringify(events)).not.toContain(token);
      expect(t.logs.join('\n')).not.toContain(token);
    });

    // Issue 33 item 9: with open sign-up anyone can name an organization with a sentence and invite
    // any address; the mail quoted the name, so Klaxon mailed the sentence for them.
    it('the mail carries no text an account chose: an organization named with a sentence is not quoted', async () => {
      const spam = await bootstrapTenant(t, 'URGENT: your bank account is locked, call +1 555 0100 now');
      const sent = mails.length;
      const r = await call('POST', '/api/org/invitations', spam.headers, { email: 'someone@example.net', role: 'observer' });
      expect(r.statusCode, r.body).toBe(200);
      await t.container.runner.drain();
      const [mail] = mails.slice(sent);
      expect(mail!.to).toBe('someone@example.net');
      for (const part of ['URGENT', 'bank', '555 0100']) {
        expect(mail!.subject).not.toContain(part);
        expect(mail!.text).not.toContain(part);
      }
      expect(mail!.text).toContain(r.json().invitation_url);
    });

    it('invitations need the owner: admins get 403; bad email 400; an existing member 409', async () => {
      expect((await call('POST', '/api/org/invitations', admin.headers, { email: 'x@example.com', role: 'observer' })).statusCode).toBe(403);
      expect((await call('GET', '/api/org/invitations', admin.headers)).statusCode).toBe(403);
      const bad = await invite('not-an-email');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details).toEqual([{ field: 'email', message: 'must be an email address' }]);
      const role = await call('POST', '/api/org/invitations', tenant.headers, { email: 'x@example.com', role: 'emperor' });
      expect(role.statusCode).toBe(400);
      const member = await invite(admin.email);
      expect(member.statusCode).toBe(409);
      expect(member.json().error.message).toContain('already a member');
    });

    it('POST /api/invitations/accept: the invited person joins with the role; the link then stops working', async () => {
      const inv = (await invite('joiner@example.com', 'admin')).json();
      // The invited person already has an account (their own organization and key, from a factory).
      const joiner = await bootstrapTenant(t, 'Joiner Inc', 'joiner@example.com');
      const stranger = await bootstrapTenant(t, 'Stranger Inc', 'stranger@example.com');
      const token = tokenOf(inv.invitation_url);

      const wrong = await call('POST', '/api/invitations/accept', stranger.headers, { token });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.message).toContain('another email address');
      expect(wrong.json().error.message).not.toContain('joiner@example.com');

      const r = await call('POST', '/api/invitations/accept', joiner.headers, { token });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ org_id: tenant.orgId, org_name: 'Acme', role: 'admin' });
      const members = (await call('GET', '/api/org/members', tenant.headers)).json() as { user_id: string; role: string }[];
      expect(members).toContainEqual(expect.objectContaining({ user_id: joiner.userId, role: 'admin' }));
      const listed = (await call('GET', '/api/org/invitations', tenant.headers)).json() as { id: string; status: string; accepted_by: string }[];
      expect(listed.find((i) => i.id === inv.id)).toMatchObject({ status: 'accepted', accepted_by: joiner.userId });
      const [e] = await t.container.db.selectFrom('audit_log').selectAll().where('action', '=', 'invitation.accept').execute();
      expect(e).toMatchObject({ org_id: tenant.orgId, actor_id: joiner.userId, target_id: inv.id });

      const again = await call('POST', '/api/invitations/accept', joiner.headers, { token });
      expect(again.statusCode).toBe(409);
      expect((await call('DELETE', `/api/org/invitations/${inv.id}`, tenant.headers)).statusCode).toBe(409);
    });

    it('an unknown token is 404; an expired one 409; no credential 401; a missing token 400', async () => {
      const someone = await bootstrapTenant(t, 'Late Inc', 'late@example.com');
      expect((await call('POST', '/api/invitations/accept', someone.headers, { token: 'kxv_nope' })).statusCode).toBe(404);
      expect((await call('POST', '/api/invitations/accept', {}, { token: 'kxv_nope' })).statusCode).toBe(401);
      expect((await call('POST', '/api/invitations/accept', someone.headers, {})).statusCode).toBe(400);
      const inv = (await invite('late@example.com')).json();
      t.clock.advance(7 * 86_400_000 + 1);
      const r = await call('POST', '/api/invitations/accept', someone.headers, { token: tokenOf(inv.invitation_url) });
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toContain('expired');
      const listed = (await call('GET', '/api/org/invitations', tenant.headers)).json() as { id: string; status: string }[];
      expect(listed.find((i) => i.id === inv.id)!.status).toBe('expired');
    });

    it('POST /api/invitations/lookup (no credential: the token is one) tells the accept page the address, role, state and whether an account exists (issue 34 item 1)', async () => {
      const lookup = (token: string) => call('POST', '/api/invitations/lookup', {}, { token });
      const fresh = (await invite('first.day@example.com', 'responder')).json();
      await t.container.runner.drain();
      // The mail says to open the link to join, creating the account there.
      const mail = mails.find((m) => m.to === 'first.day@example.com')!;
      expect(mail.text).toMatch(/Open this link to join\. If you have no Klaxon account yet, you create it there/);
      expect(mail.text).not.toMatch(/Sign in with this email address and open this link/);
      const r = await lookup(tokenOf(fresh.invitation_url));
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ email: 'first.day@example.com', role: 'responder', status: 'pending', expires_at: fresh.expires_at, account_exists: false });
      expect(r.body).not.toContain('Acme');
      // An address with an account: the page asks to sign in instead.
      await bootstrapTenant(t, 'Has Account Inc', 'has.account@example.com');
      const existing = (await invite('has.account@example.com', 'observer')).json();
      expect((await lookup(tokenOf(existing.invitation_url))).json()).toMatchObject({ status: 'pending', account_exists: true, role: 'observer' });
      // Unknown and withdrawn: 404; used: accepted; past its time: expired.
      expect((await lookup('kxv_nope')).statusCode).toBe(404);
      expect((await call('POST', '/api/invitations/lookup', {}, {})).statusCode).toBe(400);
      const withdrawn = (await invite('gone@example.com')).json();
      await call('DELETE', `/api/org/invitations/${withdrawn.id}`, tenant.headers);
      expect((await lookup(tokenOf(withdrawn.invitation_url))).statusCode).toBe(404);
      const signUp = await call('POST', '/api/auth/sign-up', {}, { email: 'first.day@example.com', name: 'First Day', password: 'first-day-password', invitation_token: tokenOf(fresh.invitation_url) });
      expect(signUp.statusCode, signUp.body).toBe(200);
      expect((await lookup(tokenOf(fresh.invitation_url))).json()).toMatchObject({ status: 'accepted', account_exists: true });
      t.clock.advance(7 * 86_400_000 + 1);
      expect((await lookup(tokenOf(existing.invitation_url))).json()).toMatchObject({ status: 'expired' });
      expect(t.logs.join('\n')).not.toContain(tokenOf(fresh.invitation_url));
    });

    it('DELETE /api/org/invitations/{id} withdraws it (404 after); a new invitation replaces the open one', async () => {
      const first = (await invite('twice@example.com')).json();
      const second = (await invite('twice@example.com', 'observer')).json();
      const person = await bootstrapTenant(t, 'Twice Inc', 'twice@example.com');
      expect((await call('POST', '/api/invitations/accept', person.headers, { token: tokenOf(first.invitation_url) })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/org/invitations/${second.id}`, admin.headers)).statusCode).toBe(403);
      const del = await call('DELETE', `/api/org/invitations/${second.id}`, tenant.headers);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ ok: true });
      expect((await call('DELETE', `/api/org/invitations/${second.id}`, tenant.headers)).statusCode).toBe(404);
      expect((await call('POST', '/api/invitations/accept', person.headers, { token: tokenOf(second.invitation_url) })).statusCode).toBe(404);
      const actions = (await t.container.db.selectFrom('audit_log').select(['action', 'target_id']).where('org_id', '=', tenant.orgId).execute()).map((a) => `${a.action}:${a.target_id}`);
      expect(actions).toContain(`invitation.revoke:${second.id}`);
    });

    it('a failing mailer is retried by the outbox; the error never carries the token', async () => {
      mailFails = true;
      const inv = (await invite('retry@example.com')).json();
      await t.container.runner.tick();
      const ev = await t.container.db.selectFrom('outbox_events').selectAll().where('type', '=', 'invitation.created').where('processed_at', 'is', null).executeTakeFirstOrThrow();
      expect(ev.last_error).toContain('451');
      expect(ev.last_error).not.toContain(tokenOf(inv.invitation_url));
      mailFails = false;
      t.clock.advance(3_600_000);
      await t.container.runner.drain();
      expect(mails.at(-1)!.to).toBe('retry@example.com');
      const listed = (await call('GET', '/api/org/invitations', tenant.headers)).json() as { id: string; mail_status: string }[];
      expect(listed.find((i) => i.id === inv.id)!.mail_status).toBe('sent');
    });
  });

  describe(`${dialect}: invitations without a mailer`, () => {
    let t: TestApp;
    afterAll(async () => t?.close());
    it('mark the invitation mail not_configured and drop the sealed token; the link still works', async () => {
      t = await buildTestApp({ dialect });
      const tenant = await bootstrapTenant(t, 'No Mail');
      const inv = (await t.app.inject({ method: 'POST', url: '/api/org/invitations', headers: tenant.headers, payload: { email: 'nm@example.com', role: 'observer' } })).json();
      await t.container.runner.drain();
      const row = await t.container.db.selectFrom('invitations').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ mail_status: 'not_configured', token_sealed: null });
      const person = await bootstrapTenant(t, 'NM', 'nm@example.com');
      const r = await t.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: person.headers, payload: { token: tokenOf(inv.invitation_url) } });
      expect(r.statusCode).toBe(200);
      expect(r.json().role).toBe('observer');
    });
  });
}
