import { describe, expect, it } from 'vitest';
import {
  columnNamed,
  computedField,
  emptyGroupKeyMessage,
  isGroupLoop,
} from '../../../src/domain/grouping';

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
});
