import { sql } from 'kysely';
import type { DatabaseKind } from '../connection';

/** Column types that differ between the engines; everything else is written once. */
export function columnTypes(kind: DatabaseKind) {
  const pg = kind === 'postgres';
  return {
    id: pg ? ('serial' as const) : ('integer' as const),
    timestamp: pg ? sql`timestamptz` : sql`text`,
    blob: pg ? sql`bytea` : sql`blob`,
  };
}
