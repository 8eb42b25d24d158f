import { describe, expect, it } from 'vitest';
import {
  columnNamed,
  computedField,
  emptyGroupKeyMessage,
  isGroupLoop,
  keylessRowsWarning,
} from '../../../src/domain/generator/grouping';
import { ID_CATALOGUE } from '../../../src/domain/i18n/id';
import { messages } from '../../../src/machines/generator/rules';

const translate = (text: string) =>
  ID_CATALOGUE.patterns.reduce((t, [pattern, to]) => t.replace(pattern, to), text);

const headers = ['Pelanggan', 'Nama Pelanggan', 'Biaya', 'Lunas'];

describe('grouping rules', () => {
  it('knows {count} and {sum:Column} as fields that fill themselves', () => {
    expect(computedField('count')).toEqual({ kind: 'count' });
    expect(computedField('sum:Biaya')).toEqual({ kind: 'sum', column: 'Biaya' });
    expect(computedField('sum: Biaya ')).toEqual({ kind: 'sum', column: 'Biaya' });
    expect(computedField('sum:')).toBeNull();
    expect(computedField('Count')).toBeNull();
    expect(computedField('Nama')).toBeNull();
  });

  it('finds a column by its name as written or as auto-map reads it', () => {
    expect(columnNamed('Biaya', headers)).toBe('Biaya');
    expect(columnNamed('nama_pelanggan', headers)).toBe('Nama Pelanggan');
    expect(columnNamed('lines', headers)).toBeNull();
  });

  it('makes a section a loop over the group when no column is named like it', () => {
    expect(isGroupLoop('lines', headers)).toBe(true);
    expect(isGroupLoop('lunas', headers)).toBe(false);
    expect(isGroupLoop('count', headers)).toBe(false);
  });

  it('names the column whose key is empty everywhere', () => {
    expect(emptyGroupKeyMessage('Pelanggan')).toContain('"Pelanggan"');
  });

  it('has Indonesian for its notices, also inside an error of the merge', () => {
    expect(translate(messages.generate(emptyGroupKeyMessage('Pelanggan')))).toBe(
      'Gagal membuat dokumen: Kelompokkan baris menurut "Pelanggan": kolom ini kosong di semua baris yang dipilih. Pilih kolom lain, atau isi kolom tersebut di berkas data.',
    );
    expect(translate(keylessRowsWarning('Pelanggan', 3, 7))).toBe(
      'Kelompokkan baris menurut "Pelanggan": 3 baris yang dipilih tidak memiliki nilai di kolom ini dan tidak diikutkan (pertama di baris 7)',
    );
    expect(keylessRowsWarning('P', 1, 2)).toBe(
      'Group rows by "P": 1 selected row has no value in this column and is left out (first at row 2)',
    );
  });
});
