// Packages whose danger is in a part that is not plain UTF-8 XML (issue 37): an SVG compressed
// with gzip under a picture's name, an SVG pointing at a PDF, relationships in UTF-16. Each
// points at a file of the test's own (`secretFiles`) so a leak shows in the PDF.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import PizZip from 'pizzip';
import { buildPackage, drawing, paragraph, png } from './linkedDocx';

/** The words in the secret PDF: pdftotext of a leaking conversion shows them. */
export const SECRET_WORDS = 'SECRETPAYROLL 4471';
/** The secret picture's size, which `pdfimages -list` shows when it leaks. */
export const SECRET_PICTURE_SIZE = '97x31';

/** A one-page PDF that shows `text` in Helvetica. */
function pdfWithText(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A world-readable picture and PDF under a fresh directory of /tmp, as an attacker would aim at. */
export function secretFiles(): { dir: string; picture: string; pdf: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'di-secret-'));
  chmodSync(dir, 0o755); // mkdtemp makes it 700: open it as a careless install would be
  const picture = path.join(dir, 'secret.png');
  const pdf = path.join(dir, 'secret.pdf');
  const [w, h] = SECRET_PICTURE_SIZE.split('x').map(Number);
  writeFileSync(picture, png(w, h, [200, 30, 30]), { mode: 0o644 });
  writeFileSync(pdf, pdfWithText(SECRET_WORDS), { mode: 0o644 });
  return { dir, picture, pdf };
}

const svgLoading = (file: string, how: 'xlink' | 'href' = 'xlink') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="300"><rect width="400" height="300" fill="#00ff00"/><image ${how === 'xlink' ? 'xlink:href' : 'href'}="file://${file}" x="0" y="0" width="400" height="300"/></svg>`;

/** A document whose one picture, word/media/image1.png, holds `media` (embedded by a:blip). */
function withPicture(media: Uint8Array | string, name = 'word/media/image1.png'): Buffer {
  return buildPackage({
    body: `<w:p>${drawing({ embed: 'rIdImg' })}</w:p>${paragraph('Invoice with a picture')}`,
    relations: [{ id: 'rIdImg', type: 'image', target: name.replace('word/', '') }],
    parts: { [name]: media },
  });
}

/** gzip(<svg><image xlink:href="file:///…"/></svg>) named image1.png. */
export const svgzAsPng = (file: string) => withPicture(gzipSync(svgLoading(file)));
/** The same, uncompressed, with a plain href. */
export const svgAsPng = (file: string) => withPicture(svgLoading(file, 'href'));

/** Relationships in UTF-16 (little-endian with a byte-order mark, or big-endian without). */
export function utf16Relationships(file: string, order: 'le-bom' | 'be'): Buffer {
  const plain = buildPackage({
    body: `<w:p>${drawing({ link: 'rIdLinked' })}</w:p>${paragraph('Invoice with a linked picture')}`,
    relations: [{ id: 'rIdLinked', type: 'image', target: `file://${file}`, external: true }],
  });
  return reencodeRelationships(plain, order);
}

function reencodeRelationships(docx: Buffer, order: 'le-bom' | 'be'): Buffer {
  const zip = new PizZip(docx);
  const name = 'word/_rels/document.xml.rels';
  const text = zip.file(name)!.asText().replace('encoding="UTF-8"', 'encoding="UTF-16"');
  const le = Buffer.from(text, 'utf16le');
  const bytes = order === 'le-bom' ? Buffer.concat([Buffer.from([0xff, 0xfe]), le]) : le.swap16();
  zip.file(name, bytes);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
