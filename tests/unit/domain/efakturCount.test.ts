import { expect, test } from 'vitest';
import { fakturCount } from '../../../src/domain/efaktur/count';
import { SheetTable } from '../../../src/domain/sheet/sheetTable';

const table = SheetTable.fromRows(
  ['Pelanggan', 'Jumlah'],
  [
    { Pelanggan: 'PT A', Jumlah: '100' },
    { Pelanggan: 'PT A ', Jumlah: '200' },
    { Pelanggan: 'PT B', Jumlah: '300' },
    { Pelanggan: 'PT C', Jumlah: '400' },
  ],
);

test('one faktur per selected row without grouping', () => {
  expect(fakturCount(table, Uint8Array.of(1, 1, 0, 1), null)).toBe(3);
});

test('one faktur per customer of the selected rows when grouped, as the worker groups them', () => {
  expect(fakturCount(table, Uint8Array.of(1, 1, 1, 1), 'Pelanggan')).toBe(3);
  expect(fakturCount(table, Uint8Array.of(1, 1, 0, 0), 'Pelanggan')).toBe(1);
  expect(fakturCount(table, Uint8Array.of(0, 0, 0, 0), 'Pelanggan')).toBe(0);
});
