import type { Kysely } from 'kysely';

// Single sign-on with OpenID Connect (PRODUCT.md 13, issue 38; docs/adr/0840-oidc-sign-in.md):
// user_identities, a person known by (issuer, subject); oidc_sign_ins, one row per started sign-in,
// keyed by the hash of its state, holding the nonce and the sealed PKCE verifier until the callback
// spends it (once) or it expires. Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();
  await db.schema
    .createTable('oidc_sign_ins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey().notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier_sealed', 'text', (c) => c.notNull())
    .addColumn('next', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_sign_ins_expires').on('oidc_sign_ins').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oidc_sign_ins').execute();
  await db.schema.dropTable('user_identities').execute();
}
