/** A value sealed with the deployment's KLAXON_SECRET_KEY, to tell at start whether a process holds it. */
export interface SecretKeyCheckTable {
  name: string;
  sealed: string;
  created_at: string;
}
