import type { Kysely } from 'kysely';

// Single sign-on with OpenID Connect (PRODUCT.md 13, issue 38; docs/adr/0840-oidc-sign-in.md): the
// organization settings sso_required (0/1) and sso_role_map (JSON {group: role}). The tables come
// in the next migration. Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('sso_required', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('organizations').addColumn('sso_role_map', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('sso_role_map').execute();
  await db.schema.alterTable('organizations').dropColumn('sso_required').execute();
}
