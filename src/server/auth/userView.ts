import type { Role, UserRow } from '../db/schema';

/** The signed-in user as requireAuth puts it on the context. */
export interface AuthUser {
  id: number;
  name: string;
  username: string;
  email: string;
  role: Role;
  is_verified: boolean;
  created_at: string;
  updated_at: string;
  /** +1 on every write of the account; If-Match takes it. */
  version: number;
}

/** A user as the API sends it: never the hash, never the image bytes; role lowercase. */
export function toPublicUser(
  row: Pick<
    UserRow,
    | 'id'
    | 'name'
    | 'username'
    | 'email'
    | 'role'
    | 'is_verified'
    | 'created_at'
    | 'updated_at'
    | 'version'
  >,
): AuthUser {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    role: row.role,
    is_verified: row.is_verified === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

export const PUBLIC_USER_COLUMNS = [
  'id',
  'name',
  'username',
  'email',
  'role',
  'is_verified',
  'created_at',
  'updated_at',
  'version',
] as const;
