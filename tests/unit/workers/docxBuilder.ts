// Builds small .docx files from XML parts, the way Word lays them out, for the worker tests.
import PizZip from 'pizzip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface DocxParts {
  /** Inner XML of <w:body> without the final sectPr. */
  body: string;
  /** Inner XML of word/header1.xml (<w:hdr>); omitted = no header. */
  header?: string;
  /** Inner XML of word/footer1.xml (<w:ftr>); omitted = no footer. */
  footer?: string;
  /** Leave word/document.xml out (an invalid package). */
  withoutDocument?: boolean;
}

export function paragraph(...runs: string[]): string {
  return `<w:p>${runs.map((text) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`).join('')}</w:p>`;
}

export function buildDocx(parts: DocxParts): ArrayBuffer {
  const zip = new PizZip();
  const overrides = [
    `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>`,
  ];
  const rels: string[] = [];
  const refs: string[] = [];
  if (parts.header !== undefined) {
    zip.file(
      'word/header1.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr xmlns:w="${W}" xmlns:r="${R}">${parts.header}</w:hdr>`,
    );
    overrides.push(
      `<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>`,
    );
    rels.push(`<Relationship Id="rId7" Type="${REL}/header" Target="header1.xml"/>`);
    refs.push('<w:headerReference w:type="default" r:id="rId7"/>');
  }
  if (parts.footer !== undefined) {
    zip.file(
      'word/footer1.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:ftr xmlns:w="${W}" xmlns:r="${R}">${parts.footer}</w:ftr>`,
    );
    overrides.push(
      `<Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>`,
    );
    rels.push(`<Relationship Id="rId8" Type="${REL}/footer" Target="footer1.xml"/>`);
    refs.push('<w:footerReference w:type="default" r:id="rId8"/>');
  }
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  );
  if (!parts.withoutDocument) {
    zip.file(
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${parts.body}<w:sectPr>${refs.join('')}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`,
    );
  }
  return zip.generate({ type: 'arraybuffer', compression: 'DEFLATE' });
}

/** The bytes of a fixture as an ArrayBuffer of its own. */
export async function fixture(name: string): Promise<ArrayBuffer> {
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(new URL(`../../fixtures/${name}`, import.meta.url));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Visible text of an XML part: the contents of its <w:t> elements joined. */
export function textOf(xml: string): string {
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
}

/** Throws unless every element of the XML is closed in order (enough to catch broken splicing). */
export function assertWellFormed(xml: string, name = 'xml'): void {
  const stack: string[] = [];
  for (const match of xml.matchAll(/<(\/?)([A-Za-z_][\w:.-]*)(?:\s[^<>]*?)?(\/?)>/g)) {
    const [, closing, tag, selfClosing] = match;
    if (selfClosing) continue;
    if (!closing) stack.push(tag);
    else if (stack.pop() !== tag)
      throw new Error(`${name}: </${tag}> does not close the open element at ${match.index}`);
  }
  if (stack.length > 0) throw new Error(`${name}: <${stack.at(-1)}> is never closed`);
}
