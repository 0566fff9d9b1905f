import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { deployDocCommands, klaxonOnPath, runDocLine } from '../../helpers/deploy-doc.ts';
import { type KlaxonProc, cleanup, cliBootstrap, freshDatabase, klaxonEnv, startKlaxon, tempDir } from '../../helpers/procs.ts';

/**
 * PRODUCT.md 15, docs/adr/0861: `klaxon admin user create|reset-password|set-role`, docs/deploy.md's
 * "Admin commands" as written, against a running server whose sign-in shows the result.
 */
const [createCmd, resetCmd, setRoleCmd] = deployDocCommands('Admin commands');

/** The `password` line of a command's output. */
const passwordOf = (stdout: string) => /^password\s+(\S+)$/m.exec(stdout)?.[1];

for (const dialect of DIALECTS) {
  describe(`${dialect}: klaxon admin user, for an operator when nobody can get in`, () => {
    const dir = tempDir('klaxon-admin-user-');
    let proc: KlaxonProc | undefined;
    let drop: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await proc?.kill('SIGTERM');
      await drop?.();
      cleanup(dir);
    });

    it('create, reset-password and set-role as docs/deploy.md shows them; the last owner is kept', { timeout: 900_000 }, async () => {
      expect([createCmd, resetCmd, setRoleCmd]).toEqual([
        'klaxon admin user create --org "$ORG_ID" --email sam@example.com --name "Sam Rivera" --role admin',
        'klaxon admin user reset-password --email sam@example.com',
        'klaxon admin user set-role --org "$ORG_ID" --email sam@example.com --role owner',
      ]);
      const database = await freshDatabase(dialect, dir);
      drop = database.drop;
      const env = klaxonEnv(database.url, dir);
      const tenant = await cliBootstrap(env);
      proc = await startKlaxon(env, { startWithinMs: 240_000 });
      const shell = { ...env, PATH: `${klaxonOnPath(dir)}:${env.PATH}`, ORG_ID: tenant.org_id };
      const signIn = async (password: string) => {
        const res = await fetchOnce(`${proc!.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'sam@example.com', password }) });
        return { status: res.status, body: (await res.json()) as { memberships?: Array<{ org_id: string; role: string }> } };
      };

      const created = runDocLine(createCmd!, dir, shell);
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
      expect(created.stdout).toMatch(/^role\s+admin$/m);
      expect(created.stdout).toMatch(/shown only now/);
      const first = passwordOf(created.stdout)!;
      expect(first.length).toBeGreaterThanOrEqual(10);
      const signedIn = await signIn(first);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.memberships).toEqual([expect.objectContaining({ org_id: tenant.org_id, role: 'admin' })]);
      // Twice: the person is a member already.
      const again = runDocLine(createCmd!, dir, shell);
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/already a member/);

      const reset = runDocLine(resetCmd!, dir, shell);
      expect(reset.stderr).toBe('');
      expect(reset.status).toBe(0);
      expect(reset.stdout).toMatch(/^ended_sessions\s+1$/m);
      const second = passwordOf(reset.stdout)!;
      expect(second).not.toBe(first);
      expect((await signIn(first)).status).toBe(401);
      expect((await signIn(second)).status).toBe(200);

      const promoted = runDocLine(setRoleCmd!, dir, shell);
      expect(promoted.stderr).toBe('');
      expect(promoted.status).toBe(0);
      expect(promoted.stdout).toMatch(/^previous_role\s+admin$/m);
      expect((await signIn(second)).body.memberships).toEqual([expect.objectContaining({ role: 'owner' })]);

      // Two owners: Sam may step down; then the bootstrap owner, the last one, may not.
      const down = runDocLine('klaxon admin user set-role --org "$ORG_ID" --email sam@example.com --role responder', dir, shell);
      expect(down.status).toBe(0);
      const last = runDocLine('klaxon admin user set-role --org "$ORG_ID" --email "$OWNER_EMAIL" --role admin', dir, { ...shell, OWNER_EMAIL: await ownerEmail(proc.url, tenant) });
      expect(last.status).toBe(1);
      expect(last.stderr).toMatch(/last owner/);

      const unknown = runDocLine('klaxon admin user reset-password --email nobody@example.com', dir, shell);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toMatch(/nobody@example\.com.*not found/);
      const badRole = runDocLine('klaxon admin user set-role --org "$ORG_ID" --email sam@example.com --role boss', dir, shell);
      expect(badRole.status).toBe(1);
      expect(badRole.stderr).toMatch(/--role must be one of owner, admin, responder, observer/);
    });
  });
}

/** The bootstrap owner's email, from the members list. */
async function ownerEmail(url: string, tenant: { org_id: string; api_key: string; user_id: string }): Promise<string> {
  const res = await fetchOnce(`${url}/api/org/members`, { headers: { authorization: `Bearer ${tenant.api_key}`, 'x-service-org': tenant.org_id } });
  const body = (await res.json()) as Array<{ user_id: string; email: string }>;
  return body.find((m) => m.user_id === tenant.user_id)!.email;
}

/**
 * fetch, sent again once when the server closed the kept-alive connection as the request went out
 * (minutes pass between requests while the commands run on a loaded machine): nothing was answered.
 */
async function fetchOnce(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw err;
    return fetch(url, init);
  }
}
