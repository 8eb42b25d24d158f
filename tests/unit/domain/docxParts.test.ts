// Parts classified by their bytes, not their names (issue 37): pictures pass unchanged, gzip is
// opened and looked at again, SVG loses every link but #fragments and checked data: pictures,
// UTF-16 XML is read and sanitised like UTF-8, and anything else is left out with a note.
import { deflateRawSync, gzipSync, inflateRawSync } from 'node:zlib';
import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import { DocxRefusedError, sanitiseDocx } from '../../../src/domain/docx';
import { buildPackage, drawing, paragraph, png } from '../../support/linkedDocx';
import { svgAsPng, svgzAsPng, utf16Relationships } from '../../support/hostileParts';

const codec = {
  inflateRaw: (data: Uint8Array, max: number) =>
    inflateRawSync(data, { maxOutputLength: Math.max(1, max) }),
  deflateRaw: (data: Uint8Array) => deflateRawSync(data),
};
const SECRET = '/tmp/di-secret/secret.png';

function sanitise(bytes: Uint8Array, maxUnpackedBytes = 50e6) {
  const result = sanitiseDocx(bytes, { mode: 'pdf', codec, maxUnpackedBytes });
  const zip = new PizZip(result.bytes);
  return { ...result, zip, bytesOf: (name: string) => zip.file(name)?.asUint8Array() };
}

const withMedia = (media: Uint8Array | string, name = 'word/media/image1.png') =>
  buildPackage({
    body: `<w:p>${drawing({ embed: 'rIdImg' })}</w:p>${paragraph('x')}`,
    relations: [{ id: 'rIdImg', type: 'image', target: name.replace('word/', '') }],
    parts: { [name]: media },
  });

const EMF = (() => {
  const b = Buffer.alloc(88);
  b.writeUInt32LE(1, 0);
  b.writeUInt32LE(88, 4);
  b.write(' EMF', 40, 'latin1');
  return b;
})();
const PICTURES: [string, Buffer][] = [
  ['PNG', png(2, 2, [1, 2, 3])],
  ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])],
  ['GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64')],
  ['BMP', Buffer.concat([Buffer.from('BM'), Buffer.alloc(12), Buffer.from([40, 0, 0, 0])])],
  ['TIFF', Buffer.from([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0])],
  ['EMF', EMF],
  ['WMF (placeable)', Buffer.from([0xd7, 0xcd, 0xc6, 0x9a, 0, 0, 0, 0])],
  ['WMF', Buffer.from([1, 0, 9, 0, 0, 3, 0, 0])],
];

describe('parts by their bytes', () => {
  test.each(PICTURES)('a %s picture passes unchanged, whatever its name', (_, bytes) => {
    const out = sanitise(withMedia(bytes, 'word/media/image1.bin'));
    expect(Buffer.from(out.bytesOf('word/media/image1.bin')!)).toEqual(bytes);
    expect(out.report.parts).toBe(0);
  });

  test.each([
    ['an ODF text package', Buffer.from('PK\x03\x04 rest of a zip')],
    ['an OLE2 storage', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])],
    ['an RTF file', Buffer.from('{\\rtf1\\ansi {\\field{\\*\\fldinst INCLUDEPICTURE x}}}')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj')],
    ['UTF-32 XML', Buffer.from('<\0\0\0s\0\0\0v\0\0\0g\0\0\0/\0\0\0>\0\0\0')],
    ['empty bytes', Buffer.alloc(0)],
  ])('%s named image1.png is left out with a note', (_, bytes) => {
    const out = sanitise(withMedia(bytes));
    expect(out.bytesOf('word/media/image1.png')).toBeUndefined();
    expect(out.report.parts).toBe(1);
    expect(out.notes).toEqual([expect.stringMatching(/^word\/media\/image1\.png: /)]);
  });

  test('gzip(SVG loading a file:// picture) named image1.png comes out as an SVG without the link', () => {
    const out = sanitise(svgzAsPng(SECRET));
    const svg = Buffer.from(out.bytesOf('word/media/image1.png')!).toString('utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('<image ');
    expect(svg).not.toContain('file:');
    expect(svg).not.toMatch(/href/);
    expect(out.report.attributes).toBeGreaterThan(0);
  });

  test('a plain SVG with href is sanitised the same way', () => {
    const svg = Buffer.from(sanitise(svgAsPng(SECRET)).bytesOf('word/media/image1.png')!);
    expect(svg.toString('utf8')).not.toContain('file:');
  });

  test('a gzip holding a picture becomes the picture; holding anything else, it is left out', () => {
    const picture = png(3, 3, [9, 9, 9]);
    expect(
      Buffer.from(sanitise(withMedia(gzipSync(picture))).bytesOf('word/media/image1.png')!),
    ).toEqual(picture);
    const inGzip = sanitise(withMedia(gzipSync(Buffer.from('%PDF-1.4 …'))));
    expect(inGzip.bytesOf('word/media/image1.png')).toBeUndefined();
    const twice = sanitise(
      withMedia(gzipSync(gzipSync('<svg xmlns="http://www.w3.org/2000/svg"/>'))),
    );
    expect(twice.bytesOf('word/media/image1.png')).toBeUndefined();
  });

  test('a gzip that inflates past the package limit is refused', () => {
    const bomb = gzipSync(Buffer.alloc(20e6, 0x20));
    let reason = '';
    try {
      sanitise(withMedia(bomb), 10e6);
    } catch (error) {
      reason = error instanceof DocxRefusedError ? error.reason : String(error);
    }
    expect(reason).toBe('tooLarge');
  });

  test('SVG: #fragments and data: pictures stay; other links, scripts, foreign objects, outward CSS go', () => {
    const pixel = png(1, 1, [0, 0, 0]).toString('base64');
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:l="http://www.w3.org/1999/xlink">
      <defs><linearGradient id="g"/></defs>
      <use l:href="#g"/><use href=" &#35;g"/>
      <image href="data:image/png;base64,${pixel}"/>
      <image href="data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}"/>
      <image href="data:image/png;base64,${Buffer.from('%PDF').toString('base64')}"/>
      <image xlink:href="file:///etc/x.png"/><feImage href="/etc/x.png"/><a href="http://x/">t</a>
      <rect fill="url(#g)" style="fill:url(file:///etc/x.png)" onload="x()"/>
      <style>@import url(file:///etc/x.css);</style><style>rect { fill: url(#g) }</style>
      <script>alert(1)</script><foreignObject><img src="file:///etc/x.png"/></foreignObject>
      <?xml-stylesheet href="file:///etc/x.css"?>
    </svg>`;
    const out = Buffer.from(
      sanitise(withMedia(svg, 'word/media/image1.svg')).bytesOf('word/media/image1.svg')!,
    ).toString();
    expect(out).toContain('l:href="#g"');
    expect(out).toContain('href=" &#35;g"');
    expect(out).toContain(`data:image/png;base64,${pixel}`);
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('rect { fill: url(#g) }');
    for (const gone of [
      'file:',
      'http://x/',
      'svg+xml',
      'JVBER',
      'script',
      'foreignObject',
      'onload',
      '@import',
      'xml-stylesheet',
    ])
      expect(out, gone).not.toContain(gone);
  });

  test('an SVG with a document type declaration is left out', () => {
    const svg =
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>';
    const out = sanitise(withMedia(gzipSync(svg)));
    expect(out.bytesOf('word/media/image1.png')).toBeUndefined();
    expect(out.notes[0]).toMatch(/SVG/);
  });

  test.each(['le-bom', 'be'] as const)(
    'relationships in UTF-16 (%s) are read, lose their external picture, and are written in UTF-8',
    (order) => {
      const out = sanitise(utf16Relationships(SECRET, order));
      const rels = out.zip.file('word/_rels/document.xml.rels')!.asText();
      expect(rels).toMatch(/^<\?xml version="1.0" encoding="UTF-8"/);
      expect(rels).not.toContain('file:');
      expect(out.report.relationships).toBe(1);
      expect(out.zip.file('word/document.xml')!.asText()).not.toContain('r:link');
    },
  );
});
