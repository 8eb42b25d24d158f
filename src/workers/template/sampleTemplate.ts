// A small template to start from, offered when a template has no fields: a letter with `{tags}`
// named like the columns of a billing sheet, which the user opens in Word and adapts.
import PizZip from 'pizzip';

export const SAMPLE_TEMPLATE_NAME = 'Contoh_Template_Tagihan.docx';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

/** The letter's lines; each `{tag}` is a field the mapping step pairs with a column. */
const LINES: readonly (readonly [text: string, bold?: boolean])[] = [
  ['TAGIHAN LAYANAN VOICE', true],
  ['Nomor Tagihan: {nomor_tagihan}'],
  ['Periode: {periode}'],
  [''],
  ['Kepada Yth. {nama_pelanggan}'],
  ['{alamat}'],
  [''],
  ['Total tagihan Anda bulan ini: {total_tagihan}'],
  ['Jatuh tempo: {jatuh_tempo}'],
  [''],
  [
    'Every name in braces above is a field: write a column name of your sheet in braces, or insert a MERGEFIELD in Word (Mailings > Insert Merge Field).',
  ],
];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function paragraph([text, bold]: readonly [string, boolean?]): string {
  if (text === '') return '<w:p/>';
  const properties = bold ? '<w:rPr><w:b/></w:rPr>' : '';
  return `<w:p><w:r>${properties}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

/** The sample template's bytes (a valid .docx the generator itself accepts). */
export function sampleTemplate(): Uint8Array {
  const zip = new PizZip();
  zip.file('[Content_Types].xml', CONTENT_TYPES);
  zip.file('_rels/.rels', ROOT_RELS);
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      `<w:document xmlns:w="${W}"><w:body>${LINES.map(paragraph).join('')}` +
      '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>',
  );
  return zip.generate({ type: 'uint8array', compression: 'DEFLATE' });
}
