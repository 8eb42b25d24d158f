// The worker's e-Faktur job: problems instead of a file while any remain; one .xml for up to
// 1,000 faktur; more as a zip of eFaktur_{period}_{k}.xml, each file parsed by a real parser and
// its SHA-256 the one recorded.
import { createHash } from 'node:crypto';
import PizZip from 'pizzip';
import { expect, test } from 'vitest';
import { autoMapCoretax } from '../../../src/domain/efaktur/fields';
import { efakturOf } from '../../../src/workers/merge/efaktur';
import { parseXml } from '../../support/efakturXml';

const seller = { npwp: '0123456789012345', nitku: '0123456789012345000000' };
const mapping = autoMapCoretax(['Nomor Tagihan', 'Nama', 'NPWP', 'Jumlah']);
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    row: i + 2,
    values: {
      'Nomor Tagihan': `INV-${i}`,
      Nama: `Pelanggan ${i}`,
      NPWP: '0123456789012345',
      Jumlah: 1000 + i,
    },
  }));
const request = { seller, period: '2026-11', options: { mapping, date: '2026-11-30' } };

test('a row with a problem: no file, the problem by row and column', async () => {
  const bad = rows(3);
  bad[1] = { ...bad[1], values: { ...bad[1].values, NPWP: '12345' } };
  const answer = await efakturOf(bad, request);
  expect(answer).toEqual({
    ok: false,
    problems: [expect.objectContaining({ row: 3, column: 'NPWP' })],
  });
});

test('1,000 faktur → one .xml; 1,001 → a zip of two files whose hashes are recorded', async () => {
  const one = await efakturOf(rows(1000), request);
  if (!one.ok) throw new Error('expected a file');
  expect(one.fileName).toBe('eFaktur_2026-11_1.xml');
  expect(parseXml(await one.file.text()).getElementsByTagName('TaxInvoice')).toHaveLength(1000);

  const two = await efakturOf(rows(1001), request);
  if (!two.ok) throw new Error('expected a file');
  expect(two.fileName).toBe('eFaktur_2026-11.zip');
  expect(two.count).toBe(1001);
  expect(two.keys.slice(0, 2)).toEqual(['INV-0', 'INV-1']);
  const zip = new PizZip(new Uint8Array(await two.file.arrayBuffer()));
  const names = Object.keys(zip.files);
  expect(names).toEqual(['eFaktur_2026-11_1.xml', 'eFaktur_2026-11_2.xml']);
  for (const [i, name] of names.entries()) {
    const bytes = zip.file(name)!.asUint8Array();
    expect(two.files[i]).toEqual({
      name,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(bytes[0]).toBe(0x3c); // '<': no BOM
  }
  expect(parseXml(zip.file(names[1])!.asText()).getElementsByTagName('TaxInvoice')).toHaveLength(1);
});
