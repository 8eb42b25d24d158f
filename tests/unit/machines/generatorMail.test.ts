// The generator's e-mail of each row: one mail per selected row, or per group with the group key,
// and each mail's document made from its row or its group's selected rows.
import { describe, expect, it } from 'vitest';
import {
  allSelected,
  initialGeneratorContext,
  startingSelection,
} from '../../../src/machines/generator/context';
import { documentCount } from '../../../src/machines/generator/groups';
import {
  defaultKeyColumn,
  documentRows,
  mailRowIndexes,
  mailColumns,
  mailsIn,
  mailsOf,
} from '../../../src/machines/generator/mail';
import type { GeneratorContext } from '../../../src/machines/generator/types';
import { packSheet, SheetTable } from '../../../src/domain/sheet/sheetTable';

const headers = ['Pelanggan', 'Email', 'Tujuan', 'Biaya'];
const table = SheetTable.fromRows(headers, [
  { Pelanggan: 'C1', Email: 'c1@contoh.id', Tujuan: 'Jakarta', Biaya: '10' },
  { Pelanggan: 'C2', Email: 'c2@contoh.id', Tujuan: 'Medan', Biaya: '20' },
  { Pelanggan: 'C1', Email: 'c1@contoh.id', Tujuan: 'Bandung', Biaya: '30' },
]);
const base: GeneratorContext = {
  ...initialGeneratorContext,
  headers,
  table,
  ...allSelected(3),
  mapping: { Tujuan: 'Tujuan', Biaya: 'Biaya' },
};
const settings = {
  sendTo: 'Email',
  keyColumn: 'Pelanggan',
  subject: 'Tagihan {Pelanggan}',
  message: '{Tujuan}',
};

describe('the e-mails of a run', () => {
  it('sends one mail per selected row, its document the row alone', () => {
    const mails = mailsOf(base, settings, 'docx');
    expect(mails.map((m) => [m.row, m.key, m.subject])).toEqual([
      [1, 'C1', 'Tagihan C1'],
      [2, 'C2', 'Tagihan C2'],
      [3, 'C1', 'Tagihan C1'],
    ]);
    expect([...documentRows(base, 2)]).toEqual([2]);
  });

  it('grouped: one mail per group keyed by the group column, its document the group’s rows', () => {
    const grouped = { ...base, groupBy: 'Pelanggan' };
    expect(defaultKeyColumn(grouped)).toBe('Pelanggan');
    expect([...mailRowIndexes(grouped)]).toEqual([0, 1]);
    expect(mailsOf(grouped, settings, 'docx').map((m) => m.attachment)).toEqual([
      'Tagihan_C1.docx',
      'Tagihan_C2.docx',
    ]);
    expect([...documentRows(grouped, 0)]).toEqual([0, 2]);
  });
});

describe('the mails built in slices', () => {
  it('read only the key, the address and the fields the texts name, and match the mails built at once', () => {
    const texts = {
      ...settings,
      subject: 'Tagihan {Pelanggan} ke {Tujuan}',
      message: '{Biaya} {Nope}',
    };
    expect(mailColumns(base, texts).map((c) => headers[c])).toEqual([
      'Pelanggan',
      'Email',
      'Tujuan',
      'Biaya',
    ]);
    expect(mailColumns(base, settings).map((c) => headers[c])).toEqual([
      'Pelanggan',
      'Email',
      'Tujuan',
    ]);
    const indexes = mailRowIndexes(base);
    const sliced = [
      ...mailsIn(base, texts, 'docx', indexes, 0, 2),
      ...mailsIn(base, texts, 'docx', indexes, 2, 3),
    ];
    expect(sliced).toEqual(mailsOf(base, texts, 'docx'));
    expect(sliced[1]).toMatchObject({
      row: 2,
      to: 'c2@contoh.id',
      subject: 'Tagihan C2 ke Medan',
      message: '20 {Nope}',
    });
  });
});

describe('the rows mailed are the documents Generate makes', () => {
  // Row 3 holds one value (the merge skips it), row 5 is a total, row 6 hidden in the workbook,
  // row 4 is unselected by the user.
  const rows = [
    { Pelanggan: 'C1', Email: 'c1@contoh.id', Tujuan: 'Jakarta', Biaya: '10' },
    { Pelanggan: 'C2', Email: 'c2@contoh.id', Tujuan: 'Medan', Biaya: '20' },
    { Pelanggan: '', Email: 'tipis@contoh.id', Tujuan: '', Biaya: '' },
    { Pelanggan: 'C3', Email: 'c3@contoh.id', Tujuan: 'Bandung', Biaya: '30' },
    { Pelanggan: 'TOTAL', Email: 'total@contoh.id', Tujuan: '', Biaya: '60' },
    { Pelanggan: 'C9', Email: 'hidden@contoh.id', Tujuan: 'Solo', Biaya: '5' },
  ];
  const marked = new SheetTable({
    ...packSheet(headers, rows),
    totalRows: Uint32Array.of(4),
    hiddenRows: Uint32Array.of(5),
  });
  const selection = startingSelection(marked);
  selection.selection[3] = 0;
  const context: GeneratorContext = {
    ...base,
    table: marked,
    selection: selection.selection,
    selectedCount: selection.selectedCount - 1,
  };

  it('leaves out unselected, total, hidden and too-thin rows, and counts as Generate does', () => {
    const mails = mailsOf(context, settings, 'docx');
    expect(mails.map((m) => m.to)).toEqual(['c1@contoh.id', 'c2@contoh.id']);
    expect(mails).toHaveLength(documentCount(context));
  });

  it('grouped, the same: one mail per group Generate makes', () => {
    const grouped = { ...context, groupBy: 'Pelanggan' };
    expect(mailsOf(grouped, settings, 'docx').map((m) => m.key)).toEqual(['C1', 'C2']);
    expect(mailsOf(grouped, settings, 'docx')).toHaveLength(documentCount(grouped));
  });

  it('selected by the user, a total row is made and mailed like any row', () => {
    const all = { ...context, ...allSelected(rows.length) };
    expect(mailsOf(all, settings, 'docx').map((m) => m.to)).toEqual([
      'c1@contoh.id',
      'c2@contoh.id',
      'c3@contoh.id',
      'total@contoh.id',
      'hidden@contoh.id',
    ]);
    expect(documentCount(all)).toBe(5);
  });
});
