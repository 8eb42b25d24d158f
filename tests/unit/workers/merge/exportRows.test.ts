import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { exportRows } from '../../../../src/workers/merge/exportRows';

function readBack(buffer: ArrayBuffer): XLSX.WorkBook {
  return XLSX.read(buffer, { type: 'array', cellFormula: true });
}

describe('exportRows', () => {
  const rows = [
    { Nama: 'Budi', Kota: 'Bandung', Total: '1500000', Catatan: 'x' },
    { Nama: 'Sari', Kota: '', Total: '0012', Catatan: 'y' },
  ];

  it("writes one sheet 'Selected Data' named Tagihan_Voice_{local date}.xlsx", async () => {
    const result = await exportRows({
      rows,
      mapping: { nama: 'Nama' },
      now: new Date(2024, 11, 31, 23, 59),
    });
    expect(result.fileName).toBe('Tagihan_Voice_2024-12-31.xlsx');
    expect(readBack(result.bytes).SheetNames).toEqual(['Selected Data']);
  });

  it('has the mapped fields as columns, in mapping order, with the rows as text', async () => {
    const result = await exportRows({
      rows,
      mapping: { total_tagihan: 'Total', nama_pelanggan: 'Nama', kota: 'Kota', kosong: '' },
    });
    const sheet = readBack(result.bytes).Sheets['Selected Data'];
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true })).toEqual([
      ['total_tagihan', 'nama_pelanggan', 'kota'],
      ['1500000', 'Budi', 'Bandung'],
      ['0012', 'Sari'],
    ]);
    expect(sheet['A2'].t).toBe('s');
  });

  it('never turns a value starting with =, +, - or @ into a formula', async () => {
    const hostile = ['=HYPERLINK("http://evil","x")', '+62811', '-1+2', '@SUM(A1)', '=1+1'];
    const result = await exportRows({
      rows: hostile.map((v) => ({ Nilai: v })),
      mapping: { nilai: 'Nilai' },
    });
    const sheet = readBack(result.bytes).Sheets['Selected Data'];
    const cells = Object.keys(sheet)
      .filter((key) => !key.startsWith('!'))
      .map((key) => sheet[key] as XLSX.CellObject);
    expect(cells.some((cell) => cell.f !== undefined)).toBe(false);
    expect(hostile.map((_, i) => sheet[`A${i + 2}`].v)).toEqual(hostile);
    expect(hostile.map((_, i) => sheet[`A${i + 2}`].t)).toEqual(hostile.map(() => 's'));
  });
});

describe("exportRows with the sheet's number cells", () => {
  it('writes a number cell as a number with its own format, text stays text', async () => {
    const rows = [{ Total: 'Rp1.234.567', Kode: '093', Rumus: '=1+1' }];
    const numbers: Record<string, { value: number; format: string | undefined }> = {
      Total: { value: 1234567, format: '"Rp"#,##0' },
    };
    const result = await exportRows({
      rows,
      mapping: { total: 'Total', kode: 'Kode', rumus: 'Rumus' },
      numberAt: (position, column) => (position === 0 ? numbers[column] : undefined),
    });
    const sheet = XLSX.read(result.bytes, { type: 'array', cellNF: true, cellFormula: true })
      .Sheets['Selected Data'];
    expect(sheet['A2']).toMatchObject({ t: 'n', v: 1234567, z: '"Rp"#,##0' });
    expect(sheet['B2']).toMatchObject({ t: 's', v: '093' });
    expect(sheet['C2']).toMatchObject({ t: 's', v: '=1+1' });
    expect(sheet['C2'].f).toBeUndefined();
  });
});
