import type { Insertable, Selectable } from 'kysely';

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
}
export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
