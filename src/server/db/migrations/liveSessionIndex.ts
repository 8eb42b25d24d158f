import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Every request asks whether its session has a live refresh token. Rotation leaves one revoked row
 * per refresh in the family, so without this index the check reads them all; with it, the one live row.
 */
export const liveSessionIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('refresh_tokens_live_family_idx')
      .on('refresh_tokens')
      .column('family_id')
      .where(sql.ref('revoked_at'), 'is', null)
      .execute();
  },
};
