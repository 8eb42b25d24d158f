// One file per row keeps a framed rendering framed around its pictures (merge/pictures.ts,
// placeFramed): its chunks are the bytes of the drawings written as text, they alternate static
// text (each drawing's the same arrays in every row) and the row's values, and the framed deflate
// of them (framedDeflate.ts, as zipPerRow uses it) inflates to exactly those bytes.
import { inflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { PicturePlacer, QRIS_INVOICE_KEY } from '../../../../src/workers/merge/pictures';
import { PartRenderer } from '../../../../src/workers/merge/partRenderer';
import { FramedDeflate } from '../../../../src/workers/package';
import { rowValues } from '../../../../src/workers/read';
import { compileTemplate, joinChunks } from '../../../../src/workers/template';
import { STATIC_QRIS } from '../../../support/qris';
import {
  alternateContentPicture,
  inlinePicture,
  pictureTemplate,
  table,
  textParagraph,
} from '../../../support/pictureDocx';

const template = () =>
  pictureTemplate({
    body:
      textParagraph('Tagihan {nomor} untuk {nama}') +
      `<w:p>${inlinePicture('{%qris:total}', 1)}</w:p>` +
      table([textParagraph('Portal'), `<w:p>${inlinePicture('{%qr:url}', 2, 2)}</w:p>`]) +
      `<w:p>${alternateContentPicture('{%qr:url}', 3)}</w:p>` +
      textParagraph('Kode: {%qr:nomor}'),
    header: `<w:p>${inlinePicture('{%qris:total}', 4, 2.5)}</w:p>`,
  });

const mapping = {
  nomor: 'nomor',
  nama: 'nama',
  'qris:total': 'total',
  'qr:url': 'url',
  'qr:nomor': 'nomor',
  [QRIS_INVOICE_KEY]: 'nomor',
};

/** Rows with every picture, and rows where one draws nothing (no amount, no link, a name with & and <). */
const rows = Array.from({ length: 12 }, (_, i) => ({
  nomor: `INV/2025/${String(i + 1).padStart(5, '0')}`,
  nama: i === 5 ? 'Toko "Maju" & <Jaya>' : `Pelanggan ${i + 1}`,
  total: i === 3 ? 'bukan angka' : String(75_000 + i * 1_250),
  url: i === 7 ? '' : `https://pelanggan.example/${i % 4}`,
}));

describe('pictures in a framed rendering (one file per row)', () => {
  for (const part of ['word/document.xml', 'word/header1.xml']) {
    test(`${part}: the same bytes as written as text, deflated by the frame`, () => {
      const compiled = compileTemplate(template());
      const encoder = new TextEncoder();
      const asText = new PicturePlacer(compiled, { qris: STATIC_QRIS });
      const framed = new PicturePlacer(compiled, { qris: STATIC_QRIS });
      const textRenderer = new PartRenderer(compiled.doc, part, compiled.trees.get(part), encoder);
      const framedRenderer = new PartRenderer(
        compiled.doc,
        part,
        compiled.trees.get(part),
        encoder,
      );
      const deflaters: FramedDeflate[] = [];
      rows.forEach((row, i) => {
        const values = rowValues(row, mapping);
        const a = asText.place(textRenderer.render(asText.startRow(values, i + 2)));
        const b = framed.place(framedRenderer.render(framed.startRow(values, i + 2)), true);
        const bytes = joinChunks(b.chunks);
        expect(Buffer.from(bytes).toString()).toBe(Buffer.from(joinChunks(a.chunks)).toString());
        expect(b.media.map((m) => m.path)).toEqual(a.media.map((m) => m.path));
        expect(b.framed).toBe(true);
        expect(b.chunks.length % 2).toBe(1);
        const segments = b.chunks.filter((_, c) => c % 2 === 0);
        let deflater = deflaters.find((d) => d.fits(b.chunks));
        if (!deflater) deflaters.push((deflater = new FramedDeflate(segments)));
        const { data, size } = deflater.encode(b.chunks);
        expect(size).toBe(bytes.length);
        expect(Buffer.compare(inflateRawSync(data), bytes)).toBe(0);
      });
      // A row's drawings are the same static arrays as every other row's: one frame for the rows
      // with all their pictures, one more for each way a row lacks one.
      expect(deflaters.length).toBe(part === 'word/document.xml' ? 3 : 2);
      expect(framed.warnings()).toEqual(asText.warnings());
    });
  }
});
