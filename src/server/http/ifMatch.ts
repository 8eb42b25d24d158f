import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AuditEntity } from '../../domain/history';
import { eventsSince } from '../audit/events';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

/**
 * Concurrent edits (issue 25): every summary and user carries `version`; a write sent with
 * `If-Match: "<version>"` happens only if the record is still at that version. Without the
 * header a write goes through as docs/product.md#api says (last write wins), for other clients.
 */
export type ExpectedVersion = undefined | '*' | { tags: readonly EntityTag[] };

interface EntityTag {
  version: number;
  /** W/"3": RFC 9110 compares If-Match strongly, so a weak tag never matches (412). */
  weak: boolean;
}

export const IF_MATCH_MESSAGES = {
  malformed:
    'If-Match must be the record\'s version in quotes, e.g. If-Match: "3" (or several, separated by commas)',
  summaryChanged:
    'Data ini telah diubah oleh pengguna lain sejak Anda membukanya. Muat ulang, atau terapkan isian Anda di atas versi terbaru.',
  userChanged:
    'This user was changed by someone else since you opened it. Reload it, or apply your changes on top of the new version.',
  companyChanged:
    'Pengaturan Perusahaan was changed by someone else since you opened it. Reload it, or apply your changes on top of the new version.',
} as const;

const CHANGED_MESSAGE: Readonly<Record<AuditEntity, string>> = {
  invoice_summary: IF_MATCH_MESSAGES.summaryChanged,
  user: IF_MATCH_MESSAGES.userChanged,
  company_settings: IF_MATCH_MESSAGES.companyChanged,
};

/** One entity tag of the list and the comma after it: `"3"` or `W/"3"`, our tags being versions. */
const ENTITY_TAG = /^(W\/)?"(\d{1,9})"\s*(?:,\s*|$)/;

/** The version the caller's write expects: undefined without If-Match, '*' for any; 400 when malformed. */
export function expectedVersion(c: Context): ExpectedVersion {
  const header = c.req.header('if-match')?.trim();
  if (!header) return undefined;
  if (header === '*') return '*';
  const tags: EntityTag[] = [];
  let rest = header;
  while (rest) {
    const match = ENTITY_TAG.exec(rest);
    if (!match || tags.length >= 16)
      throw new ApiError(400, IF_MATCH_MESSAGES.malformed, 'if-match');
    tags.push({ version: Number(match[2]), weak: Boolean(match[1]) });
    rest = rest.slice(match[0].length);
  }
  return { tags };
}

/** The entity tag of a record's version, sent as ETag with every answer that carries one record. */
export function versionTag(version: number): string {
  return `"${version}"`;
}

/**
 * Inside the write's transaction, after the record was read (and locked): a stale If-Match ends
 * the write with 412, the record as it is now (`data`) and the events since the caller's version
 * (`conflict.changes`: who changed what), so the client can show them and let its user choose.
 */
export async function assertExpectedVersion(
  db: Kysely<Database>,
  expected: ExpectedVersion,
  current: { id: number; version: number },
  entity: AuditEntity,
  view: unknown,
): Promise<void> {
  if (expected === undefined || expected === '*') return;
  if (expected.tags.some((tag) => !tag.weak && tag.version === current.version)) return;
  const yours = expected.tags[0].version;
  const changes = await eventsSince(db, entity, current.id, yours);
  throw new ApiError(
    412,
    CHANGED_MESSAGE[entity],
    undefined,
    { ETag: versionTag(current.version) },
    {
      data: view,
      conflict: { your_version: yours, current_version: current.version, changes },
    },
  );
}
