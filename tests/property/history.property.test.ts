// Properties of the diff and its rendering (issue 25 audit trail, issue 26 point 1).
import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  AUDITED_FIELDS,
  describeChange,
  diffRecords,
  fieldLabel,
  HISTORY_TEXTS,
  readChanges,
  type AuditEntity,
} from '../../src/domain/history';
import { ID_CATALOGUE } from '../../src/domain/i18n/id';
import { INVOICE_SUMMARY_FIELDS } from '../../src/domain/billing/invoiceSummary';

const value = fc.oneof(fc.integer({ min: 0, max: 75_000_000_000 }), fc.string({ maxLength: 20 }));
const summaryRecord = fc.record(
  Object.fromEntries(INVOICE_SUMMARY_FIELDS.map((f) => [f.api, value])),
) as fc.Arbitrary<Record<string, unknown>>;
const userRecord = fc.record({
  name: fc.string(),
  username: fc.string(),
  email: fc.string(),
  role: fc.constantFrom('admin', 'staff'),
  is_verified: fc.constantFrom(0, 1),
  password_hash: fc.string(),
});
const entityAndRecords = fc.oneof(
  fc.tuple(fc.constant<AuditEntity>('invoice_summary'), summaryRecord, summaryRecord),
  fc.tuple(fc.constant<AuditEntity>('user'), userRecord, userRecord),
);

test('applying the diff to the old record gives the new one on every audited field', () => {
  fc.assert(
    fc.property(entityAndRecords, ([entity, before, after]) => {
      const patched: Record<string, unknown> = { ...before };
      for (const change of diffRecords(entity, before, after)) patched[change.field] = change.to;
      for (const field of AUDITED_FIELDS[entity]) {
        const norm = (v: unknown) => (field === 'is_verified' ? Boolean(v) : v);
        expect(norm(patched[field])).toEqual(norm((after as Record<string, unknown>)[field]));
      }
    }),
  );
});

test('a record compared with itself has no changes; only audited fields ever appear', () => {
  fc.assert(
    fc.property(entityAndRecords, ([entity, before, after]) => {
      expect(diffRecords(entity, before, before)).toEqual([]);
      const fields = diffRecords(entity, before, after).map((c) => c.field);
      expect(fields.every((f) => AUDITED_FIELDS[entity].includes(f))).toBe(true);
      expect(fields).not.toContain('password_hash');
    }),
  );
});

test('changes survive storage as JSON unchanged', () => {
  fc.assert(
    fc.property(entityAndRecords, ([entity, before, after]) => {
      const changes = diffRecords(entity, before, after);
      expect(readChanges(JSON.stringify(changes))).toEqual(changes);
    }),
  );
});

test('every rendered change starts with the field label, never the column name, in both languages', () => {
  fc.assert(
    fc.property(entityAndRecords, ([entity, before, after]) => {
      for (const change of diffRecords(entity, before, after)) {
        for (const texts of [HISTORY_TEXTS, ID_CATALOGUE.history]) {
          const line = describeChange(entity, change, texts);
          expect(line.startsWith(`${fieldLabel(entity, change.field, texts)} `)).toBe(true);
          expect(line).toContain(' → ');
          expect(line.startsWith(change.field)).toBe(false);
        }
      }
    }),
  );
});
