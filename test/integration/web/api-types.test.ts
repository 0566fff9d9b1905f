import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.ts';
import { PACKAGE_ROOT } from '../../../src/web/build.ts';

// The dashboard's API client is typed by web/src/api/schema.d.ts, generated from the server's
// OpenAPI document (docs/adr/0600). A route or schema change without regenerating it fails here:
// run `npm run web:types`, then fix what `npm run typecheck` reports in web/.

const SCHEMA_FILE = join(PACKAGE_ROOT, 'web', 'src', 'api', 'schema.d.ts');
const HEADER = '// Generated from /api/openapi.json by `npm run web:types` (test/integration/web/api-types.test.ts). Do not edit.\n\n';

describe('the dashboard API types', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect: 'sqlite' });
  });
  afterAll(async () => t?.close());

  it('match the server OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const generated = HEADER + astToString(await openapiTS(doc));
    if (process.env.UPDATE_API_TYPES) writeFileSync(SCHEMA_FILE, generated);
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    expect(committed === generated, 'web/src/api/schema.d.ts is stale: run `npm run web:types` and commit it').toBe(true);
  });

  it('type-check the dashboard against them', async () => {
    const tsc = join(PACKAGE_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const run = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', join(PACKAGE_ROOT, 'web')], { cwd: PACKAGE_ROOT }).then(
      () => ({ ok: true, out: '' }),
      (err: { stdout?: string }) => ({ ok: false, out: String(err.stdout ?? err) }),
    );
    expect(run.out).toBe('');
    expect(run.ok).toBe(true);
  }, 180_000);
});
