import { expect, test } from 'vitest';
import { previewRow, textBlocks, thinRowMessage } from '../../../../src/workers/merge/previewRow';
import { buildDocx, paragraph } from '../docxBuilder';
import {
  buildTemplate,
  identityMapping,
  LETTERHEAD_FIELDS,
  letterheadRow,
} from '../templateCorpus';

test('paragraphs, tables (a nested table read into its cell), tabs, breaks and entities', () => {
  const xml =
    `<w:body>${paragraph('A &amp; B')}<w:p><w:r><w:t>x</w:t><w:tab/><w:t>y</w:t><w:br/><w:t>z</w:t></w:r></w:p>` +
    `<w:tbl><w:tr><w:tc>${paragraph('1')}${paragraph('2')}</w:tc><w:tc><w:tbl><w:tr><w:tc>${paragraph('in')}</w:tc></w:tr></w:tbl>${paragraph('out')}</w:tc></w:tr></w:tbl><w:p/></w:body>`;
  expect(textBlocks(xml)).toEqual([
    { kind: 'paragraph', text: 'A & B' },
    { kind: 'paragraph', text: 'x\ty\nz' },
    { kind: 'table', rows: [['1\n2', 'in\nout']] },
    { kind: 'paragraph', text: '' },
  ]);
});

test('one row merged and read back with its header and footer; a thin row is refused', async () => {
  const template = buildDocx({
    body: paragraph('Kepada {nama}'),
    header: paragraph('No {nomor}'),
    footer: paragraph('Hal 1'),
  });
  const mapping = { nama: 'Nama', nomor: 'Nomor' };
  const preview = await previewRow({
    template,
    row: { Nama: 'Ani', Nomor: 'INV/1' },
    mapping,
    rowNumber: 3,
  });
  expect(preview).toEqual({
    headers: ['No INV/1'],
    body: [{ kind: 'paragraph', text: 'Kepada Ani' }],
    footers: ['Hal 1'],
  });
  await expect(
    previewRow({ template, row: { Nama: 'Ani', Nomor: '' }, mapping, rowNumber: 3 }),
  ).rejects.toThrow(thinRowMessage(3));
});

test('a template Word for the web saved (main part word/document2.xml, header.xml) previews its body, header and footer', async () => {
  const template = buildTemplate({ producer: 'wordWeb', letterhead: true, logo: true });
  const row = letterheadRow(7);
  const preview = await previewRow({
    template: template.slice().buffer as ArrayBuffer,
    row,
    mapping: identityMapping(LETTERHEAD_FIELDS),
    rowNumber: 8,
  });
  expect(preview.body.map((b) => (b.kind === 'paragraph' ? b.text : '')).join('\n')).toContain(
    row.nama_pelanggan,
  );
  expect(preview.headers.join('\n')).toContain(row.nomor_tagihan);
  expect(preview.footers.join('\n')).toContain(row.nama_pelanggan);
});
