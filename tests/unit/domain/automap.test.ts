import { describe, expect, it } from 'vitest';
import { autoMap, matchScore, normaliseName } from '../../../src/domain/generator/automap';

describe('normaliseName', () => {
  it('lower-cases, trims, collapses spaces and keeps only word characters, whitespace and / + ( ) -', () => {
    expect(normaliseName('  PPN   (11%) ')).toBe('ppn (11)');
    expect(normaliseName('No. Tagihan / Invoice')).toBe('no tagihan / invoice');
    expect(normaliseName('Total+Pajak - Rp')).toBe('total+pajak - rp');
    expect(normaliseName('nama_pelanggan')).toBe('nama pelanggan');
    expect(normaliseName('__a__b')).toBe('a b');
    expect(normaliseName('E-mail: PIC!')).toBe('e-mail pic');
  });
});

describe('matchScore', () => {
  it('scores equal 100, column starts with field 80, field starts with column 70, contains 60/50, plus a length bonus', () => {
    expect(matchScore('Alamat', 'alamat')).toBe(110);
    expect(matchScore('total', 'total tagihan')).toBe(80 + 4);
    expect(matchScore('total tagihan', 'total')).toBe(70 + 4);
    expect(matchScore('lokal', 'hp lokal')).toBe(60 + 6);
    expect(matchScore('hp lokal', 'lokal')).toBe(50 + 6);
    expect(matchScore('npwp', 'alamat')).toBe(0);
    expect(matchScore('!!!', '???')).toBe(0);
  });
});

describe('autoMap', () => {
  it('pairs snake_case placeholders with spaced column names exactly, before any fuzzy match', () => {
    const result = autoMap(
      ['nomor_tagihan', 'nama_pelanggan', 'ppn_11'],
      ['No', 'Nomor Tagihan', 'Nama Pelanggan', 'PPN (11%)'],
    );
    expect(result).toEqual({
      nomor_tagihan: 'Nomor Tagihan',
      nama_pelanggan: 'Nama Pelanggan',
      // Issue 26: brackets and the percent sign do not keep ppn_11 from PPN (11%).
      ppn_11: 'PPN (11%)',
    });
  });

  const columns = [
    'No',
    'Nomor Tagihan',
    'Nama Pelanggan',
    'Alamat',
    'Lokal',
    'HP Lokal',
    'PPN (11%)',
    'Total Tagihan',
  ];

  it('maps exact normalised names first, then the best fuzzy column scoring at least 40', () => {
    const result = autoMap(
      ['alamat', 'LOKAL', 'hp lokal', 'nama', 'ppn (11)', 'total', 'npwp'],
      columns,
    );
    expect(result).toEqual({
      alamat: 'Alamat',
      LOKAL: 'Lokal',
      'hp lokal': 'HP Lokal',
      nama: 'Nama Pelanggan',
      'ppn (11)': 'PPN (11%)',
      total: 'Total Tagihan',
      npwp: '',
    });
  });

  it('lets an exact match win over a fuzzy one claimed by an earlier field', () => {
    // 'lokal' fuzzily fits 'HP Lokal' too, but 'hp lokal' matches it exactly and keeps it.
    expect(autoMap(['lokal', 'hp lokal'], ['HP Lokal', 'Lokal'])).toEqual({
      lokal: 'Lokal',
      'hp lokal': 'HP Lokal',
    });
  });

  it('uses each column once: the earlier column wins a tie, the next field takes what is left', () => {
    expect(autoMap(['tagihan'], ['Tagihan A', 'Tagihan B'])).toEqual({ tagihan: 'Tagihan A' });
    expect(autoMap(['nama', 'nama'], ['Nama'])).toEqual({ nama: 'Nama' });
    // Fuzzy pairs are taken in field order, even when a later field would score higher.
    expect(autoMap(['kode', 'kode ar'], ['Kode Area'])).toEqual({
      kode: 'Kode Area',
      'kode ar': '',
    });
  });

  it('keeps existing mappings and never offers their columns to other fields', () => {
    const result = autoMap(['alamat', 'kota'], ['Alamat', 'Kota', 'Alamat Kota'], {
      alamat: 'Alamat Kota',
    });
    expect(result).toEqual({ alamat: 'Alamat Kota', kota: 'Kota' });
  });

  it('rejects pairs below 40 and names that normalise to nothing', () => {
    expect(autoMap(['x', '%%%'], ['Alamat', '???'])).toEqual({ x: '', '%%%': '' });
  });

  it('handles field and column names like __proto__ as plain data', () => {
    const result = autoMap(['__proto__', 'constructor'], ['constructor', '__proto__']);
    expect(Object.keys(result)).toEqual(['__proto__', 'constructor']);
    expect(result['__proto__']).toBe('__proto__');
    expect(result['constructor']).toBe('constructor');
  });
});
