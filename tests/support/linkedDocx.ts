// Real .docx packages with every kind of link LibreOffice (or Word) would follow: the sanitiser's
// unit tests, the PDF endpoint's tests and the bench build them here.
import { deflateSync } from 'node:zlib';
import PizZip from 'pizzip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = R;
const NS = [
  `xmlns:w="${W}"`,
  `xmlns:r="${R}"`,
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
  'xmlns:o="urn:schemas-microsoft-com:office:office"',
].join(' ');

export interface Relation {
  id: string;
  type: string;
  target: string;
  external?: boolean;
}

export interface PackageSpec {
  body: string;
  relations?: Relation[];
  /** Extra parts by name (media, settings…). */
  parts?: Record<string, string | Uint8Array>;
  /** Extra <Override> elements of [Content_Types].xml. */
  overrides?: string[];
  /** Relations of word/settings.xml (attached template…). */
  settingsRelations?: Relation[];
}

const relationsXml = (relations: Relation[]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relations
    .map(
      (r) =>
        `<Relationship Id="${r.id}" Type="${r.type.includes('://') ? r.type : `${REL}/${r.type}`}" Target="${r.target}"${r.external ? ' TargetMode="External"' : ''}/>`,
    )
    .join('')}</Relationships>`;

export const paragraph = (text: string) =>
  `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

export const pageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';

/** A .docx holding `spec.body`, with the relations and parts given. */
export function buildPackage(spec: PackageSpec): Buffer {
  const zip = new PizZip();
  const overrides = [
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
    ...(spec.overrides ?? []),
  ];
  if (spec.settingsRelations) {
    zip.file(
      'word/settings.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings ${NS}><w:attachedTemplate r:id="rIdTemplate"/><w:linkStyles/><w:updateFields w:val="true"/></w:settings>`,
    );
    zip.file('word/_rels/settings.xml.rels', relationsXml(spec.settingsRelations));
    overrides.push(
      '<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>',
    );
  }
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/>${overrides.join('')}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    relationsXml([{ id: 'rId1', type: 'officeDocument', target: 'word/document.xml' }]),
  );
  const relations = [...(spec.relations ?? [])];
  if (spec.settingsRelations)
    relations.push({ id: 'rIdSettings', type: 'settings', target: 'settings.xml' });
  zip.file('word/_rels/document.xml.rels', relationsXml(relations));
  for (const [name, content] of Object.entries(spec.parts ?? {})) zip.file(name, content);
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${NS}><w:body>${spec.body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A solid-colour PNG of the given size (sizes tell pictures apart in `pdfimages -list`). */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array(height).fill(row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An inline DrawingML picture; `embed` and/or `link` are relationship ids. */
export function drawing(ids: { embed?: string; link?: string }, name = 'Picture'): string {
  const blip = `<a:blip${ids.embed ? ` r:embed="${ids.embed}"` : ''}${ids.link ? ` r:link="${ids.link}"` : ''}/>`;
  return `<w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="${name}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="${name}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill>${blip}<a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
}

/** A complex field: its instruction, then the result Word saved (runs). */
export function complexField(instruction: string, resultRuns: string): string {
  return `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${resultRuns}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
}

export const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;

/** A linked OLE object (Type="Link") shown by its saved picture `previewId`. */
export function linkedObject(previewId: string, linkId: string): string {
  return `<w:r><w:object w:dxaOrig="1440" w:dyaOrig="1440"><v:shape id="_x0000_i1025" type="#_x0000_t75" style="width:60pt;height:40pt" o:ole=""><v:imagedata r:id="${previewId}" o:title=""/></v:shape><o:OLEObject Type="Link" ProgID="Excel.Sheet.12" ShapeID="_x0000_i1025" DrawAspect="Content" r:id="${linkId}" UpdateMode="Always"><o:LinkType>EnhancedMetaFile</o:LinkType><o:LockedField>false</o:LockedField></o:OLEObject></w:object></w:r>`;
}

/** A hyperlink with its text. */
export function hyperlink(id: string, text: string): string {
  return `<w:hyperlink r:id="${id}">${run(text)}</w:hyperlink>`;
}

export interface LinkTargets {
  /** Base URL of a listener that must see no request, e.g. http://127.0.0.1:4567 */
  listener: string;
  /** A server file LibreOffice must not embed (a PNG). */
  serverImage: string;
  /** A server text file INCLUDETEXT must not read. */
  serverText: string;
}

/** Texts the merged PDF must hold, and pictures (by size) that must or must not be in it. */
export const LINKED_DOCUMENT = {
  visible: [
    'Invoice body text stays',
    'Included text as saved',
    'DDE result as saved',
    'Click here for the portal',
  ],
  /** Sizes (width×height) of the document's own pictures. */
  embeddedSizes: ['31x17', '29x13', '23x11'],
} as const;

/**
 * A document with each kind of link at once: an external image over http, a file:// image,
 * INCLUDETEXT of a file, INCLUDEPICTURE of a URL, a linked OLE object, a DDE field, an attached
 * template, and a hyperlink (which must stay a link).
 */
export function linkedDocument(targets: LinkTargets): Buffer {
  const includePicture = complexField(
    `INCLUDEPICTURE "${targets.listener}/include-picture.png" \\d`,
    drawing({ embed: 'rIdCachedPicture' }, 'Included picture'),
  );
  const body = [
    paragraph('Invoice body text stays'),
    `<w:p>${drawing({ link: 'rIdHttpImage' }, 'Linked over http')}</w:p>`,
    `<w:p>${drawing({ embed: 'rIdOwnPicture', link: 'rIdHttpImage2' }, 'Linked with cache')}</w:p>`,
    `<w:p>${drawing({ link: 'rIdFileImage' }, 'Server file')}</w:p>`,
    `<w:p>${complexField(`INCLUDETEXT "${targets.serverText}"`, run('Included text as saved'))}</w:p>`,
    `<w:p>${includePicture}</w:p>`,
    `<w:p>${linkedObject('rIdOlePreview', 'rIdOleLink')}</w:p>`,
    `<w:p>${complexField('DDEAUTO "cmd" "/c curl ' + targets.listener + '/dde"', run('DDE result as saved'))}</w:p>`,
    `<w:p>${hyperlink('rIdHyperlink', 'Click here for the portal')}</w:p>`,
  ].join('');
  return buildPackage({
    body,
    relations: [
      {
        id: 'rIdHttpImage',
        type: 'image',
        target: `${targets.listener}/linked-image.png`,
        external: true,
      },
      {
        id: 'rIdHttpImage2',
        type: 'image',
        target: `${targets.listener}/linked-image-2.png`,
        external: true,
      },
      {
        id: 'rIdFileImage',
        type: 'image',
        target: `file://${targets.serverImage}`,
        external: true,
      },
      { id: 'rIdOwnPicture', type: 'image', target: 'media/own.png' },
      { id: 'rIdCachedPicture', type: 'image', target: 'media/cached.png' },
      { id: 'rIdOlePreview', type: 'image', target: 'media/ole-preview.png' },
      {
        id: 'rIdOleLink',
        type: 'oleObject',
        target: `${targets.listener}/linked-object.xlsx`,
        external: true,
      },
      {
        id: 'rIdHyperlink',
        type: 'hyperlink',
        target: `${targets.listener}/portal`,
        external: true,
      },
    ],
    settingsRelations: [
      {
        id: 'rIdTemplate',
        type: 'attachedTemplate',
        target: `${targets.listener}/template.dotx`,
        external: true,
      },
    ],
    parts: {
      'word/media/own.png': png(31, 17, [200, 30, 30]),
      'word/media/cached.png': png(29, 13, [30, 160, 30]),
      'word/media/ole-preview.png': png(23, 11, [30, 30, 200]),
    },
  });
}
