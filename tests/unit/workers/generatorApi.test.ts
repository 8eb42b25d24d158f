import { describe, expect, it } from 'vitest';
import { createGeneratorApi, NO_WORKBOOK_MESSAGE } from '../../../src/workers/generatorApi';
import { fixture } from './docxBuilder';

describe('generator worker API', () => {
  it('reads another sheet from the workbook it parsed, without the file again', async () => {
    const api = createGeneratorApi();
    const first = await api.readWorkbook(await fixture('pelanggan_50.xlsx'));
    expect(first.sheetNames).toEqual(['Pelanggan', 'Ringkasan']);
    const second = await api.readSheet('Ringkasan');
    expect(second.headers).toEqual(['Periode', 'Jumlah Pelanggan', 'Total']);
    const back = await api.readSheet('Pelanggan');
    expect(back.rows).toHaveLength(first.sheet.rows.length);
  });

  it('reads a sheet of a file sent again (a fresh worker after a cancel)', async () => {
    const api = createGeneratorApi();
    await expect(api.readSheet('Ringkasan')).rejects.toThrow(NO_WORKBOOK_MESSAGE);
    const sheet = await api.readSheet('Ringkasan', await fixture('pelanggan_50.xlsx'));
    expect(sheet.rows).toHaveLength(1);
  });

  it('forgets the previous workbook when a new file fails to read', async () => {
    const api = createGeneratorApi();
    await api.readWorkbook(await fixture('pelanggan_50.xlsx'));
    await expect(api.readWorkbook(new ArrayBuffer(11 * 1024 * 1024))).rejects.toThrow('File size must be less than 10MB');
    await expect(api.readSheet('Ringkasan')).rejects.toThrow(NO_WORKBOOK_MESSAGE);
  });

  it('passes merge progress to the callback and returns the merged file', async () => {
    const api = createGeneratorApi();
    const { sheet } = await api.readWorkbook(await fixture('pelanggan_50.xlsx'));
    const progress: number[] = [];
    const result = await api.mergeDocuments(
      { template: await fixture('tagihan_template.docx'), rows: sheet.rows.slice(0, 5), mapping: { nama_pelanggan: 'Nama Pelanggan' } },
      (p) => progress.push(p.processed),
    );
    expect(result.sections).toBe(5);
    expect(result.buffer.byteLength).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(5);
  });
});
