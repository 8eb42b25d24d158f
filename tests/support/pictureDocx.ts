// Templates with placeholder pictures, laid out as Word saves them: a picture whose alt text is a
// picture tag in the body, in a table cell, in the header, one inside mc:AlternateContent with a
// VML fallback, and a tag typed in the text. The placeholder image is a real PNG.
import PizZip from 'pizzip';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const WP = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const PIC = 'http://schemas.openxmlformats.org/drawingml/2006/picture';
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const V = 'urn:schemas-microsoft-com:vml';
const WPS = 'http://schemas.microsoft.com/office/word/2010/wordprocessingShape';
const WP14 = 'http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing';

/** A 1×1 grey PNG (the placeholder image the author put in). */
export const PLACEHOLDER_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** An inline picture (Word's markup), `cm` wide and high, with `alt` as its alt text. */
export function inlinePicture(alt: string, id: number, cm = 3, embed = 'rIdImage1'): string {
  const emu = Math.round(cm * 360_000);
  return (
    `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0" wp14:anchorId="1A2B3C${id}" wp14:editId="4D5E6F${id}">` +
    `<wp:extent cx="${emu}" cy="${emu}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>` +
    `<wp:docPr id="${id}" name="Picture ${id}" descr="${escape(alt)}"/>` +
    `<wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="${A}" noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    `<a:graphic xmlns:a="${A}"><a:graphicData uri="${PIC}"><pic:pic xmlns:pic="${PIC}">` +
    `<pic:nvPicPr><pic:cNvPr id="0" name="placeholder.png" descr="${escape(alt)}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${embed}"><a:extLst><a:ext uri="{28A0092B-C50C-407E-A947-70E740481C1C}"/></a:extLst></a:blip><a:srcRect l="10000"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu}" cy="${emu}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}

/** An anchored picture Word saved with a VML fallback (mc:AlternateContent). */
export function alternateContentPicture(alt: string, id: number, cm = 3): string {
  const emu = Math.round(cm * 360_000);
  return (
    `<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>` +
    `<wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="251659264" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">` +
    `<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>1800000</wp:posOffset></wp:positionH>` +
    `<wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>` +
    `<wp:extent cx="${emu}" cy="${emu}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapSquare wrapText="bothSides"/>` +
    `<wp:docPr id="${id}" name="Picture ${id}" descr="${escape(alt)}"/><wp:cNvGraphicFramePr/>` +
    `<a:graphic xmlns:a="${A}"><a:graphicData uri="${PIC}"><pic:pic xmlns:pic="${PIC}">` +
    `<pic:nvPicPr><pic:cNvPr id="0" name="placeholder.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="rIdImage1"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu}" cy="${emu}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    `</pic:pic></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
    `<mc:Fallback><w:pict><v:shape id="Picture ${id}" style="width:85pt;height:85pt" alt="${escape(alt)}"><v:imagedata r:id="rIdImage1" o:title=""/></v:shape></w:pict></mc:Fallback>` +
    `</mc:AlternateContent></w:r>`
  );
}

export function textParagraph(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

export function table(cells: string[]): string {
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${cells.map(() => '<w:gridCol w:w="4000"/>').join('')}</w:tblGrid><w:tr>${cells.map((c) => `<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${c}</w:tc>`).join('')}</w:tr></w:tbl>`;
}

const ROOT = `xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="${WP}" xmlns:mc="${MC}" xmlns:v="${V}" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:wps="${WPS}" xmlns:wp14="${WP14}" mc:Ignorable="wp14"`;

/** A .docx whose body and header are given (inner XML); both may show the placeholder image. */
export function pictureTemplate({ body, header }: { body: string; header?: string }): ArrayBuffer {
  const zip = new PizZip();
  const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="${type}.document.main+xml"/>${header === undefined ? '' : `<Override PartName="/word/header1.xml" ContentType="${type}.header+xml"/>`}</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  const image = `<Relationship Id="rIdImage1" Type="${R}/image" Target="media/placeholder.png"/>`;
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${image}${header === undefined ? '' : `<Relationship Id="rId7" Type="${R}/header" Target="header1.xml"/>`}</Relationships>`,
  );
  zip.file('word/media/placeholder.png', PLACEHOLDER_PNG);
  if (header !== undefined) {
    zip.file(
      'word/header1.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr ${ROOT}>${header}</w:hdr>`,
    );
    zip.file(
      'word/_rels/header1.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${image}</Relationships>`,
    );
  }
  const refs = header === undefined ? '' : '<w:headerReference w:type="default" r:id="rId7"/>';
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${ROOT}><w:body>${body}<w:sectPr>${refs}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return zip.generate({ type: 'arraybuffer', compression: 'DEFLATE' });
}
