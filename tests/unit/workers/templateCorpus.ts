// Builds .docx templates with the part structures different producers write (Word, Word for the
// web, LibreOffice, Google Docs) and the features people put in invoice templates (letterhead with
// a logo and tags in header/footer, first-page and even-page headers, pictures, tables, content
// controls, comments, footnotes, document properties, own section breaks). Used by the corpus
// tests and by the merge benches.
import PizZip from 'pizzip';

export type Producer = 'word' | 'wordWeb' | 'libreoffice' | 'googleDocs';

export interface TemplateShape {
  producer?: Producer;
  /** Placeholders in the default header ({nomor_tagihan}) and footer ({nama_pelanggan}). */
  letterhead?: boolean;
  /** A logo picture in the default header (its own relationship in the header's .rels). */
  logo?: boolean;
  /** A different first-page header/footer (w:titlePg) with its own tags. */
  titlePg?: boolean;
  /** Even-page header/footer (w:evenAndOddHeaders in settings) with its own tags. */
  evenAndOdd?: boolean;
  bodyPicture?: boolean;
  table?: boolean;
  contentControl?: boolean;
  comments?: boolean;
  footnotes?: boolean;
  /** {periode} in docProps/core.xml's title. */
  docProps?: boolean;
  /** Two sections of its own inside the template (a section break in the body). */
  ownSectionBreaks?: boolean;
  /** Body XML to use instead of the default letter (the benches use their 16-placeholder invoice). */
  body?: string;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const WP = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const PIC = 'http://schemas.openxmlformats.org/drawingml/2006/picture';
const REL = R;
const CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const NS = `xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="${WP}" xmlns:a="${A}" xmlns:pic="${PIC}"`;

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

export function para(text: string, extra = ''): string {
  return `<w:p>${extra}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

function picture(rid: string, id: number): string {
  return (
    `<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="914400" cy="914400"/>` +
    `<wp:docPr id="${id}" name="Picture ${id}"/><a:graphic><a:graphicData uri="${PIC}"><pic:pic><pic:nvPicPr><pic:cNvPr id="${id}" name="logo.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="914400"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`
  );
}

interface Layout {
  main: string;
  /** Where headers, footers and the other word parts go (e.g. 'word/'). */
  dir: string;
  media: string;
  /** Relationship id for the nth relationship of the main part. */
  id(n: number): string;
  /** Target of a part as the producer writes it in the main part's .rels. */
  target(path: string): string;
  /** Google Docs writes r:id before w:type in references. */
  reference(kind: 'header' | 'footer', type: string, id: string): string;
  partName(kind: 'header' | 'footer', n: number): string;
}

function layoutOf(producer: Producer): Layout {
  const relative = (path: string) => path.slice('word/'.length);
  const reference = (kind: string, type: string, id: string) =>
    `<w:${kind}Reference w:type="${type}" r:id="${id}"/>`;
  switch (producer) {
    case 'wordWeb':
      // Word for the web: document2.xml, random-looking ids, absolute targets, media outside word/.
      return {
        main: 'word/document2.xml',
        dir: 'word/',
        media: 'media/',
        id: (n) => `R${(0x1a2b3c4d5e6f7n * 0x1000n + BigInt(n * 7919)).toString(16).slice(0, 16)}`,
        target: (path) => `/${path}`,
        reference,
        partName: (kind, n) => `word/${kind}${n === 1 ? '' : n}.xml`,
      };
    case 'googleDocs':
      return {
        main: 'word/document.xml',
        dir: 'word/',
        media: 'word/media/',
        id: (n) => `rId${n + 4}`,
        target: relative,
        reference: (kind, type, id) => `<w:${kind}Reference r:id="${id}" w:type="${type}"/>`,
        partName: (kind, n) => `word/${kind}${n}.xml`,
      };
    case 'libreoffice':
      return {
        main: 'word/document.xml',
        dir: 'word/',
        media: 'word/media/',
        id: (n) => `rId${n + 1}`,
        target: relative,
        reference,
        partName: (kind, n) => `word/${kind}${n}.xml`,
      };
    default:
      return {
        main: 'word/document.xml',
        dir: 'word/',
        media: 'word/media/',
        id: (n) => `rId${n}`,
        target: relative,
        reference,
        partName: (kind, n) => `word/${kind}${n}.xml`,
      };
  }
}

function relsPath(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash)}/_rels/${part.slice(slash + 1)}.rels`;
}

/** Relative target from a part's folder to another part (both package paths). */
function relativeTarget(fromPart: string, toPath: string): string {
  const from = fromPart.split('/').slice(0, -1);
  const to = toPath.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...Array(from.length - common).fill('..'), ...to.slice(common)].join('/');
}

function relationships(items: { id: string; type: string; target: string }[]): string {
  return `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items
    .map((r) => `<Relationship Id="${r.id}" Type="${REL}/${r.type}" Target="${r.target}"/>`)
    .join('')}</Relationships>`;
}

export const LETTERHEAD_FIELDS = [
  'nomor_tagihan',
  'nama_pelanggan',
  'alamat',
  'total_tagihan',
  'periode',
] as const;

/** The template's body text with its tags; the default header/footer texts are listed on the shape. */
export function buildTemplate(shape: TemplateShape = {}): Uint8Array {
  const producer = shape.producer ?? 'word';
  const L = layoutOf(producer);
  const zip = new PizZip();
  const overrides: [string, string][] = [[L.main, `${CT}.document.main+xml`]];
  const mainRels: { id: string; type: string; target: string }[] = [];
  let n = 0;
  const addRel = (type: string, path: string) => {
    const id = L.id(++n);
    mainRels.push({ id, type, target: L.target(path) });
    return id;
  };
  addRel('styles', `${L.dir}styles.xml`);
  zip.file(`${L.dir}styles.xml`, `${XML_HEAD}<w:styles xmlns:w="${W}"><w:docDefaults/></w:styles>`);
  overrides.push([`${L.dir}styles.xml`, `${CT}.styles+xml`]);
  addRel('settings', `${L.dir}settings.xml`);
  zip.file(
    `${L.dir}settings.xml`,
    `${XML_HEAD}<w:settings xmlns:w="${W}">${shape.evenAndOdd ? '<w:evenAndOddHeaders/>' : ''}</w:settings>`,
  );
  overrides.push([`${L.dir}settings.xml`, `${CT}.settings+xml`]);
  let hasPng = false;
  let counter = 0;

  const headerFooter = (
    kind: 'header' | 'footer',
    type: string,
    text: string,
    logo: boolean,
  ): string => {
    const path = L.partName(kind, ++counter);
    const id = addRel(kind, path);
    let content = para(text);
    if (logo) {
      const media = `${L.media}logo${counter}.png`;
      zip.file(media, PNG);
      hasPng = true;
      zip.file(
        relsPath(path),
        relationships([{ id: 'rId1', type: 'image', target: relativeTarget(path, media) }]),
      );
      content = picture('rId1', 100 + counter) + content;
    }
    const root = kind === 'header' ? 'w:hdr' : 'w:ftr';
    zip.file(path, `${XML_HEAD}<${root} ${NS}>${content}</${root}>`);
    overrides.push([path, `${CT}.${kind}+xml`]);
    return L.reference(kind, type, id);
  };

  const refs: string[] = [];
  if (shape.letterhead || shape.logo) {
    refs.push(
      headerFooter(
        'header',
        'default',
        shape.letterhead ? 'Tagihan {nomor_tagihan}' : 'PT Telekomunikasi',
        !!shape.logo,
      ),
    );
    refs.push(
      headerFooter(
        'footer',
        'default',
        shape.letterhead ? 'Pelanggan {nama_pelanggan}' : 'Halaman',
        false,
      ),
    );
  }
  if (shape.titlePg) {
    refs.push(headerFooter('header', 'first', 'Pertama {nomor_tagihan}', !!shape.logo));
    refs.push(headerFooter('footer', 'first', 'Kaki pertama {periode}', false));
  }
  if (shape.evenAndOdd) {
    refs.push(headerFooter('header', 'even', 'Genap {nomor_tagihan}', false));
    refs.push(headerFooter('footer', 'even', 'Kaki genap {nama_pelanggan}', false));
  }

  const body: string[] =
    shape.body !== undefined
      ? [shape.body]
      : [para('Kepada Yth. {nama_pelanggan}'), para('{alamat}')];
  if (shape.bodyPicture) {
    const media = `${L.media}stamp.png`;
    zip.file(media, PNG);
    hasPng = true;
    body.push(picture(addRel('image', media), 50));
  }
  if (shape.table) {
    body.push(
      `<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/></w:tblPr><w:tblGrid><w:gridCol w:w="4500"/><w:gridCol w:w="4500"/></w:tblGrid>` +
        `<w:tr><w:tc>${para('Total')}</w:tc><w:tc>${para('{total_tagihan}')}</w:tc></w:tr></w:tbl>`,
    );
  }
  if (shape.contentControl) {
    body.push(
      `<w:sdt><w:sdtPr><w:alias w:val="Periode"/><w:tag w:val="periode"/><w:id w:val="12345"/></w:sdtPr><w:sdtContent>${para('Periode {periode}')}</w:sdtContent></w:sdt>`,
    );
  }
  if (shape.comments) {
    addRel('comments', `${L.dir}comments.xml`);
    zip.file(
      `${L.dir}comments.xml`,
      `${XML_HEAD}<w:comments ${NS}><w:comment w:id="0" w:author="Finance" w:date="2024-07-01T00:00:00Z">${para('Cek alamat')}</w:comment></w:comments>`,
    );
    overrides.push([`${L.dir}comments.xml`, `${CT}.comments+xml`]);
    body.push(
      `<w:p><w:commentRangeStart w:id="0"/><w:r><w:t xml:space="preserve">Catatan</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>`,
    );
  }
  if (shape.footnotes) {
    addRel('footnotes', `${L.dir}footnotes.xml`);
    zip.file(
      `${L.dir}footnotes.xml`,
      `${XML_HEAD}<w:footnotes ${NS}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>` +
        `<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>` +
        `<w:footnote w:id="1">${para('Harga termasuk PPN')}</w:footnote></w:footnotes>`,
    );
    overrides.push([`${L.dir}footnotes.xml`, `${CT}.footnotes+xml`]);
    body.push(
      `<w:p><w:r><w:t xml:space="preserve">Total {total_tagihan}</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r></w:p>`,
    );
  }
  const sectPr = (inner: string) =>
    `<w:sectPr>${inner}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/>${shape.titlePg ? '<w:titlePg/>' : ''}</w:sectPr>`;
  if (shape.ownSectionBreaks) {
    // The template's first section (its own page with the same headers), then the rest.
    body.unshift(
      `<w:p><w:pPr>${sectPr(refs.join(''))}</w:pPr><w:r><w:t xml:space="preserve">Lampiran {nomor_tagihan}</w:t></w:r></w:p>`,
    );
  }
  zip.file(
    L.main,
    `${XML_HEAD}<w:document ${NS}><w:body>${body.join('')}${sectPr(refs.join(''))}</w:body></w:document>`,
  );
  zip.file(relsPath(L.main), relationships(mainRels));

  const pkgRels = [
    {
      id: 'rId1',
      type: `${REL}/officeDocument`,
      target: producer === 'wordWeb' ? `/${L.main}` : L.main,
    },
  ];
  if (shape.docProps || producer !== 'googleDocs') {
    zip.file(
      'docProps/core.xml',
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${shape.docProps ? 'Tagihan {periode}' : 'Tagihan'}</dc:title><dc:creator>${producer}</dc:creator></cp:coreProperties>`,
    );
    overrides.push([
      'docProps/core.xml',
      'application/vnd.openxmlformats-package.core-properties+xml',
    ]);
    pkgRels.push({
      id: 'rId2',
      type: 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
      target: 'docProps/core.xml',
    });
  }
  zip.file(
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${pkgRels
      .map((r) => `<Relationship Id="${r.id}" Type="${r.type}" Target="${r.target}"/>`)
      .join('')}</Relationships>`,
  );
  const defaults = [
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
    '<Default Extension="xml" ContentType="application/xml"/>',
    hasPng ? '<Default Extension="png" ContentType="image/png"/>' : '',
  ];
  zip.file(
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${defaults.join('')}${overrides
      .map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`)
      .join('')}</Types>`,
  );
  return zip.generate({ type: 'uint8array', compression: 'DEFLATE' });
}

/** Row i with every letterhead field filled. */
export function letterheadRow(i: number): Record<string, string> {
  const n = i + 1;
  return {
    nomor_tagihan: `INV/2024/${String(n).padStart(5, '0')}`,
    nama_pelanggan: `PT Pelanggan ${n}`,
    alamat: `Jl. Merdeka No. ${n}`,
    total_tagihan: String(1_000_000 + n),
    periode: '2024-07',
  };
}

export const identityMapping = (fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [f, f]));
