// Documents the bench builds for itself: a one-page invoice template with 16 placeholders and a
// table (as the per-row template the app merges, and as the {#rows} loop template of the floor),
// and workbooks of any size.
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';

export const BENCH_FIELDS = [
  'nama_pelanggan',
  'alamat',
  'npwp',
  'periode',
  'nomor_tagihan',
  'tanggal_tagihan',
  'jatuh_tempo',
  'lokal',
  'hp_lokal',
  'sljj',
  'hp_sljj',
  'sli',
  'abodemen',
  'ppn',
  'total_tagihan',
  'email_pic',
] as const;

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const p = (text: string, bold = false) =>
  `<w:p><w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
const cell = (text: string, width: number) =>
  `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${p(text)}</w:tc>`;
const row = (a: string, b: string) => `<w:tr>${cell(a, 4500)}${cell(b, 4500)}</w:tr>`;
const border = (side: string) =>
  `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`;

/** The invoice's body XML (16 placeholders and a table), for templates built around it. */
export function invoiceBody(): string {
  return [
    p('TAGIHAN LAYANAN VOICE', true),
    p('Kepada Yth. {nama_pelanggan}'),
    p('{alamat}'),
    p('NPWP: {npwp}    Periode: {periode}'),
    p('Nomor: {nomor_tagihan}  Tanggal: {tanggal_tagihan}  Jatuh tempo: {jatuh_tempo}'),
    `<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders></w:tblPr>`,
    '<w:tblGrid><w:gridCol w:w="4500"/><w:gridCol w:w="4500"/></w:tblGrid>',
    row('Layanan', 'Jumlah (Rp)'),
    row('Lokal', '{lokal}'),
    row('HP Lokal', '{hp_lokal}'),
    row('SLJJ', '{sljj}'),
    row('HP SLJJ', '{hp_sljj}'),
    row('SLI', '{sli}'),
    row('Abodemen', '{abodemen}'),
    row('PPN 11%', '{ppn}'),
    row('Total', '{total_tagihan}'),
    '</w:tbl>',
    p('Hubungi kami di {email_pic} bila ada pertanyaan.'),
  ].join('');
}

const SECT_PR =
  '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>';

function docx(body: string): Uint8Array {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}${SECT_PR}</w:body></w:document>`,
  );
  return zip.generate({ type: 'uint8array', compression: 'DEFLATE' });
}

/** The template the app merges: one invoice, one section per row. */
export function benchTemplate(): Uint8Array {
  return docx(invoiceBody());
}

/** The floor's template: the same invoice inside {#rows}…{/rows}, a page break after each. */
export function benchLoopTemplate(): Uint8Array {
  return docx(
    `${p('{#rows}')}${invoiceBody()}<w:p><w:r><w:br w:type="page"/></w:r></w:p>${p('{/rows}')}`,
  );
}

/** Row i of the bench data, keyed by field name (every value filled). */
export function benchRow(i: number): Record<string, string> {
  const n = i + 1;
  return {
    nama_pelanggan: `PT Pelanggan Nusantara ${n}`,
    alamat: `Jl. Merdeka No. ${n % 300}, Kota Bandung`,
    npwp: `01.234.567.${n % 10}-${String(n % 1000).padStart(3, '0')}.000`,
    periode: '2024-07',
    nomor_tagihan: `INV/2024/${String(n).padStart(5, '0')}`,
    tanggal_tagihan: '2024-07-01',
    jatuh_tempo: '2024-07-31',
    lokal: String(1_000_000 + n * 17),
    hp_lokal: String(500_000 + n * 13),
    sljj: String(250_000 + n * 11),
    hp_sljj: String(125_000 + n * 7),
    sli: String(60_000 + n * 5),
    abodemen: '150000',
    ppn: String(200_000 + n * 3),
    total_tagihan: String(2_285_000 + n * 56),
    email_pic: `pic${n}@example.co.id`,
  };
}

/** A workbook whose columns are named like the template's fields (so Auto-Map maps them all). */
export function benchWorkbook(rows: number): Uint8Array {
  const sheet = XLSX.utils.json_to_sheet(
    Array.from({ length: rows }, (_, i) => benchRow(i)),
    { header: [...BENCH_FIELDS] },
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Data');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
}

/** A wide workbook for the read bench: `rows` × 20 columns of text, numbers and dates. */
export function wideWorkbook(rows: number): Uint8Array {
  const header = Array.from({ length: 20 }, (_, c) => `Kolom ${c + 1}`);
  const aoa: unknown[][] = [header];
  const day0 = Date.UTC(2024, 0, 1);
  for (let r = 0; r < rows; r++) {
    const line: unknown[] = [];
    for (let c = 0; c < 20; c++) {
      if (c % 5 === 0) line.push(`Pelanggan ${(r * 7 + c) % 2000}`);
      else if (c % 5 === 4) line.push(new Date(day0 + ((r + c) % 365) * 86_400_000));
      else line.push(((r * 37 + c * 11) % 9000) * 100);
    }
    aoa.push(line);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), 'Data');
  // SheetJS's own deflate is light; pizzip's (pako) packs it like Excel would, under the 10 MB limit.
  const plain = XLSX.write(book, {
    type: 'buffer',
    bookType: 'xlsx',
    compression: false,
    bookSST: true,
  }) as Uint8Array;
  return new PizZip(plain).generate({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
}
