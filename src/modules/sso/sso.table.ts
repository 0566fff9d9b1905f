import type { Selectable } from 'kysely';

/** A person as an identity provider knows them: (issuer, subject) is the identity (PRODUCT.md 13). */
export interface UserIdentityTable {
  issuer: string;
  subject: string;
  user_id: string;
  /** The address the provider gave at the last sign-in (for the record; the account's email is the user's). */
  email: string | null;
  created_at: string;
  last_sign_in_at: string;
}
export type UserIdentityRow = Selectable<UserIdentityTable>;

/** A started sign-in: spent once by the callback whose state hashes to state_hash, or expired. */
export interface OidcSignInTable {
  state_hash: string;
  nonce: string;
  /** The PKCE code verifier, sealed with KLAXON_SECRET_KEY. */
  code_verifier_sealed: string;
  /** Where the dashboard goes after sign-in: a path on this server. */
  next: string;
  created_at: string;
  expires_at: string;
}
export type OidcSignInRow = Selectable<OidcSignInTable>;
