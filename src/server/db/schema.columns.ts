// Column types shared by SQLite and PostgreSQL (./schema.ts):
// - timestamps are ISO-8601 UTC strings on both (TEXT in SQLite, timestamptz read back as ISO in
//   PostgreSQL);
// - booleans are INTEGER 0/1 on both, so one set of queries fits both dialects;
// - BIGINT money and counts come back as JS numbers (see connection.ts).
import type { ColumnType, RawBuilder } from 'kysely';

export type Timestamp = string;
export type Flag = 0 | 1;
export type Count = ColumnType<number, number | undefined, number>;
/** Set by the database on insert (1); raised with `version + 1` on update. */
export type Version = ColumnType<number, number | undefined, number | RawBuilder<number>>;
