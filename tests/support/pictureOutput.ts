// Reads the pictures back out of a generated .docx: for every drawing of a part, the media part
// its relationship names, so tests can decode each QR code where the document shows it.
import PizZip from 'pizzip';

export interface PlacedPicture {
  /** The part that shows it (word/document.xml, a header copy…). */
  part: string;
  docPrId: number;
  descr: string;
  media: string;
  bytes: Uint8Array;
  cx: number;
  cy: number;
}

function target(zip: PizZip, part: string, id: string): string {
  const slash = part.lastIndexOf('/');
  const rels =
    zip.file(`${part.slice(0, slash)}/_rels/${part.slice(slash + 1)}.rels`)?.asText() ?? '';
  const found = new RegExp(`<Relationship [^>]*Id="${id}"[^>]*>`).exec(rels)?.[0] ?? '';
  const relative = /Target="([^"]+)"/.exec(found)?.[1];
  if (!relative) throw new Error(`${part}: no relationship ${id}`);
  return `${part.slice(0, slash)}/${relative}`;
}

/** Every drawing with a picture in `part`, in document order. */
export function picturesOf(zip: PizZip, part: string): PlacedPicture[] {
  const xml = zip.file(part)?.asText() ?? '';
  return [...xml.matchAll(/<w:drawing>[\s\S]*?<\/w:drawing>/g)].flatMap(([drawing]) => {
    const embed = /<a:blip\b[^>]*\br:embed="([^"]+)"/.exec(drawing)?.[1];
    if (!embed) return [];
    const media = target(zip, part, embed);
    const extent = /<wp:extent cx="(\d+)" cy="(\d+)"/.exec(drawing)!;
    return [
      {
        part,
        docPrId: Number(/<wp:docPr\b[^>]*\bid="(\d+)"/.exec(drawing)![1]),
        descr: /<wp:docPr\b[^>]*\bdescr="([^"]*)"/.exec(drawing)?.[1] ?? '',
        media,
        bytes: zip.file(media)!.asUint8Array(),
        cx: Number(extent[1]),
        cy: Number(extent[2]),
      },
    ];
  });
}

/** The header part each section of the merged document shows (its sectPr's default header). */
export function sectionHeaders(zip: PizZip): string[] {
  const document = zip.file('word/document.xml')!.asText();
  return [...document.matchAll(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g)].map(([sectPr]) => {
    const id = /<w:headerReference [^>]*r:id="([^"]+)"/.exec(sectPr)?.[1];
    return id ? target(zip, 'word/document.xml', id) : '';
  });
}

/** The body of each section of the merged document. */
export function sectionBodies(zip: PizZip): string[] {
  const document = zip.file('word/document.xml')!.asText();
  const body = document.slice(document.indexOf('<w:body>'), document.indexOf('</w:body>'));
  return body.split(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/).slice(0, -1);
}
