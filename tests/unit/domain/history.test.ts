// The rendering shared by the account activity and the audit trail (issue 26 point 1): the
// form's labels, old → new values, the page's language, the full date and time.
import { describe, expect, test } from 'vitest';
import {
  actionText,
  AUDIT_ACTIONS,
  describeChange,
  describeHistory,
  diffRecords,
  fieldLabel,
  formatDateTime,
  HISTORY_TEXTS,
  readChanges,
  describeEventChanges,
} from '../../../src/domain/history';
import { ID_CATALOGUE } from '../../../src/domain/i18n/id';
import { INVOICE_SUMMARY_FIELDS } from '../../../src/domain/billing/invoiceSummary';
import { SUMMARY_FORM_LABELS } from '../../../src/domain/billing/summaryFormLabels';

const en = HISTORY_TEXTS;
const id = ID_CATALOGUE.history;

describe('history rendering', () => {
  test("reads a progress change the way the form names it: 'Pengiriman Tagihan 12.000 → 30.500'", () => {
    const change = { field: 'number_of_delivered_invoice', from: 12_000, to: 30_500 };
    expect(describeChange('invoice_summary', change, en)).toBe(
      'Pengiriman Tagihan 12.000 → 30.500',
    );
    expect(describeChange('invoice_summary', change, id)).toBe(
      'Pengiriman Tagihan 12.000 → 30.500',
    );
  });

  test('amounts read as rupiah, periods as month names, empty values as such', () => {
    expect(
      describeChange(
        'invoice_summary',
        { field: 'amount_of_voice_sli_transaction', from: 0, to: 1_500_000 },
        en,
      ),
    ).toBe('Nilai SLI Rp 0 → Rp 1.500.000');
    expect(
      describeChange(
        'invoice_summary',
        { field: 'invoice_period', from: '2026-10', to: '2026-11' },
        id,
      ),
    ).toBe('Periode tagihan Oktober 2026 → November 2026');
    expect(
      describeChange(
        'invoice_summary',
        { field: 'url_shared_folder_invoice', from: '', to: 'https://x.example/' },
        id,
      ),
    ).toBe('URL Tagihan kosong → https://x.example/');
  });

  test("a user's fields and values are in the page's language", () => {
    const role = { field: 'role', from: 'staff', to: 'admin' };
    const verified = { field: 'is_verified', from: false, to: true };
    expect(describeChange('user', role, en)).toBe('Role Staff → Admin');
    expect(describeChange('user', role, id)).toBe('Peran Staf → Admin');
    expect(describeChange('user', verified, en)).toBe('Status Unverified → Verified');
    expect(describeChange('user', verified, id)).toBe('Status Belum terverifikasi → Terverifikasi');
    expect(describeChange('user', { field: 'name', from: 'Ana', to: 'Ana Maria' }, id)).toBe(
      'Nama “Ana” → “Ana Maria”',
    );
  });

  test('one line per entry: the record, then its changes', () => {
    const entry = {
      entity: 'invoice_summary' as const,
      entityLabel: '2026-11',
      changes: [{ field: 'number_of_delivered_invoice', from: 12_000, to: 30_500 }],
    };
    expect(describeHistory(entry, en)).toBe(
      'Invoice summary November 2026: Pengiriman Tagihan 12.000 → 30.500',
    );
    expect(describeHistory(entry, id)).toBe(
      'Progres tagihan November 2026: Pengiriman Tagihan 12.000 → 30.500',
    );
    expect(describeHistory({ ...entry, changes: [] }, id)).toBe('Progres tagihan November 2026');
    expect(describeHistory({ entity: null, changes: [] }, en)).toBe('');
  });

  test('every summary field has the label of its form, never its column name', () => {
    for (const field of INVOICE_SUMMARY_FIELDS) {
      const label = fieldLabel('invoice_summary', field.api, en);
      expect(label).toBe(SUMMARY_FORM_LABELS[field.api]);
      expect(label).not.toMatch(/_/);
    }
    expect(new Set(Object.values(SUMMARY_FORM_LABELS)).size).toBe(INVOICE_SUMMARY_FIELDS.length);
  });

  test('every audit action and every account activity action has a name in both languages', () => {
    const activity = ['login', 'summary_updated', 'user_invalidated', 'password_reset_requested'];
    for (const action of [...AUDIT_ACTIONS, ...activity]) {
      expect(Object.hasOwn(en, action), action).toBe(true);
      expect(actionText(action, id), action).not.toBe(actionText(action, en));
    }
    expect(actionText('summary_updated', id)).toBe('Progres tagihan diubah');
    expect(actionText('something_new', en)).toBe('Something new');
  });

  test('the full date and time, in the language of the page', () => {
    const at = new Date(2026, 10, 24, 19, 43).toISOString();
    expect(formatDateTime(at, en)).toBe('24/11/2026 19:43');
    expect(formatDateTime(at, id)).toBe('24/11/2026 19.43');
    expect(formatDateTime('not a date', en)).toBe('not a date');
  });
});

describe('diffRecords', () => {
  test('lists only the audited fields that differ, in form order, flags as booleans', () => {
    expect(
      diffRecords(
        'user',
        { name: 'A', email: 'a@x.id', role: 'staff', is_verified: 0, password_hash: 'h1' },
        { name: 'A', email: 'b@x.id', role: 'staff', is_verified: 1, password_hash: 'h2' },
      ),
    ).toEqual([
      { field: 'email', from: 'a@x.id', to: 'b@x.id' },
      { field: 'is_verified', from: false, to: true },
    ]);
  });

  test('a creation lists the filled fields from nothing; a deletion to nothing', () => {
    const row = {
      invoice_period: '2026-11',
      number_of_active_customer: 5,
      url_shared_folder_invoice: '',
    };
    const created = diffRecords('invoice_summary', null, row);
    expect(created[0]).toEqual({ field: 'invoice_period', from: null, to: '2026-11' });
    expect(created.map((c) => c.field)).not.toContain('url_shared_folder_invoice');
    expect(diffRecords('invoice_summary', row, null)).toContainEqual({
      field: 'number_of_active_customer',
      from: 5,
      to: null,
    });
  });

  test('stored changes read back; malformed ones are dropped, never thrown', () => {
    expect(readChanges('[{"field":"role","from":"staff","to":"admin"}]')).toEqual([
      { field: 'role', from: 'staff', to: 'admin' },
    ]);
    expect(readChanges('not json')).toEqual([]);
    expect(readChanges('[{"field":1},{"field":"x","from":{},"to":1},null]')).toEqual([]);
  });
});

describe('describeEventChanges', () => {
  test('a creation leaves out the counts and amounts it set to 0; other events keep every change', () => {
    const changes = [
      { field: 'number_of_active_customer', from: null, to: 80 },
      { field: 'amount_of_mincom_transaction', from: null, to: 0 },
      { field: 'number_of_delivered_invoice', from: 10, to: 0 },
    ];
    const subject = { entity: 'invoice_summary' as const, entityLabel: '2044-05', changes };
    const id = ID_CATALOGUE.history;
    expect(describeEventChanges({ ...subject, action: 'create' }, id)).toEqual([
      'Jumlah pelanggan aktif kosong → 80',
    ]);
    expect(describeEventChanges({ ...subject, action: 'update' }, id)).toHaveLength(3);
    expect(describeEventChanges({ ...subject, action: 'update' }, id)[2]).toBe(
      'Pengiriman Tagihan 10 → 0',
    );
  });
});
