// A template picture whose alt text is a tag, made into a drawing with holes: the row's picture
// (its relationship id), a document-wide unique docPr id, a description, and the size, fitted
// inside the placeholder's box with its aspect kept (an anchored picture moved by half of what it
// lost, so it stays centred where the author put it). A tag typed in the text gets an inline
// drawing of DEFAULT_BOX instead.

export type Hole = 'embed' | 'id' | 'descr' | 'cx' | 'cy' | 'offX' | 'offY';

export interface DrawingTemplate {
  readonly segments: readonly string[];
  readonly holes: readonly Hole[];
  /** The placeholder's size in EMU (914,400 an inch). */
  readonly box: { readonly cx: number; readonly cy: number };
  /** An anchor's offsets from its reference, in EMU (0 when positioned otherwise). */
  readonly offset: { readonly x: number; readonly y: number };
}

/** 4 cm square: the size of a picture typed as a tag in the text. */
const DEFAULT_BOX = { cx: 1_440_000, cy: 1_440_000 };

const NS = {
  wp: 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  pic: 'http://schemas.openxmlformats.org/drawingml/2006/picture',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
};

/** What one placed picture is written with. */
export interface DrawingValues {
  readonly embed: string;
  readonly id: number;
  readonly descr: string;
  readonly width: number;
  readonly height: number;
}

const HOLES =
  /(<wp:docPr id=")\d+(" descr=")[^"]*(")|(<wp:extent cx=")\d+(" cy=")\d+(")|(<a:ext cx=")\d+(" cy=")\d+(")|(<a:blip\b[^>]*?\br:embed=")[^"]*(")|(<wp:positionH\b[^>]*>\s*<wp:posOffset>)-?\d+(<)|(<wp:positionV\b[^>]*>\s*<wp:posOffset>)-?\d+(<)/g;

/** Cuts a drawing at its holes (the XML between them kept as it is). */
function cut(xml: string): { segments: string[]; holes: Hole[] } {
  const segments: string[] = [];
  const holes: Hole[] = [];
  let from = 0;
  let text = '';
  for (const m of xml.matchAll(HOLES)) {
    text += xml.slice(from, m.index);
    const push = (head: string, hole: Hole) => {
      segments.push(text + head);
      holes.push(hole);
      text = '';
    };
    // Each alternative cuts its element at one or two holes: [head, hole, head, hole…, tail].
    const [parts, kinds]: [string[], Hole[]] =
      m[1] !== undefined
        ? [
            [m[1], m[2], m[3]],
            ['id', 'descr'],
          ]
        : m[4] !== undefined
          ? [
              [m[4], m[5], m[6]],
              ['cx', 'cy'],
            ]
          : m[7] !== undefined
            ? [
                [m[7], m[8], m[9]],
                ['cx', 'cy'],
              ]
            : m[10] !== undefined
              ? [[m[10], m[11]], ['embed']]
              : m[12] !== undefined
                ? [[m[12], m[13]], ['offX']]
                : [[m[14], m[15]], ['offY']];
    kinds.forEach((kind, k) => push(parts[k], kind));
    text = parts[parts.length - 1];
    from = m.index + m[0].length;
  }
  segments.push(text + xml.slice(from));
  return { segments, holes };
}

/**
 * The drawing of a placeholder picture (`<w:drawing>…</w:drawing>`), cleaned of what belonged to
 * the placeholder's own image (its crop, an SVG or linked original, Word's per-copy ids), cut at
 * its holes. Null when it is not a picture with an image (a shape, a chart, a group).
 */
export function drawingTemplate(xml: string): DrawingTemplate | null {
  if (!/<pic:pic\b/.test(xml) || !/<a:blip\b[^>]*\br:embed="/.test(xml) || /<wpg:wgp\b/.test(xml))
    return null;
  const extent = /<wp:extent cx="(\d+)" cy="(\d+)"/.exec(xml);
  if (!extent) return null;
  const clean = xml
    .replace(/\s(?:wp14:anchorId|wp14:editId|title)="[^"]*"/g, '')
    // The docPr's id and description are written per picture: first, in a fixed order.
    .replace(/<wp:docPr\b([^>]*?)(\/?)>/, (_, attributes: string, close: string) => {
      const rest = attributes.replace(/\s(?:id|descr)="[^"]*"/g, '');
      return `<wp:docPr id="0" descr=""${rest}${close}>`;
    })
    .replace(/(<pic:cNvPr\b[^>]*?)\sdescr="[^"]*"/g, '$1')
    .replace(/(<a:blip\b[^>]*?)\sr:link="[^"]*"/g, '$1')
    .replace(/(<a:blip\b[^>]*?)\s*\/>/g, '$1/>')
    .replace(/(<a:blip\b[^>]*>)[\s\S]*?<\/a:blip>/g, (_, open: string) => open.replace(/>$/, '/>'))
    .replace(/<a:srcRect\b[^>]*\/>|<a:srcRect\b[^>]*>[\s\S]*?<\/a:srcRect>/g, '');
  const offset = (axis: 'H' | 'V') =>
    Number(
      new RegExp(`<wp:position${axis}\\b[^>]*>\\s*<wp:posOffset>(-?\\d+)<`).exec(clean)?.[1] ?? 0,
    );
  return {
    ...cut(clean),
    box: { cx: Number(extent[1]), cy: Number(extent[2]) },
    offset: { x: offset('H'), y: offset('V') },
  };
}

/** The drawing a tag typed in the text becomes: inline, DEFAULT_BOX, its namespaces declared on it. */
export const INLINE_DRAWING: DrawingTemplate = {
  ...cut(
    `<w:drawing><wp:inline xmlns:wp="${NS.wp}" distT="0" distB="0" distL="0" distR="0">` +
      `<wp:extent cx="0" cy="0"/><wp:effectExtent l="0" t="0" r="0" b="0"/>` +
      `<wp:docPr id="0" descr="" name="Picture"/>` +
      `<wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="${NS.a}" noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
      `<a:graphic xmlns:a="${NS.a}"><a:graphicData uri="${NS.pic}"><pic:pic xmlns:pic="${NS.pic}">` +
      `<pic:nvPicPr><pic:cNvPr id="0" name="Picture"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip xmlns:r="${NS.r}" r:embed=""/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
      `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>`,
  ),
  box: DEFAULT_BOX,
  offset: { x: 0, y: 0 },
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The picture's size inside the box, aspect kept. */
export function fitInside(
  box: { cx: number; cy: number },
  width: number,
  height: number,
): { cx: number; cy: number } {
  if (width * box.cy >= height * box.cx)
    return { cx: box.cx, cy: Math.max(1, Math.round((box.cx * height) / width)) };
  return { cx: Math.max(1, Math.round((box.cy * width) / height)), cy: box.cy };
}

/**
 * What goes in each of the drawing's holes for one placed picture, in order: the drawing is
 * `segments[0] + holes[0] + segments[1] + …` (renderDrawing), or the segments as static chunks
 * with these between them (one file per row: merge/pictures.ts).
 */
export function holeValues(template: DrawingTemplate, values: DrawingValues): string[] {
  const size = fitInside(template.box, values.width, values.height);
  const { holes, offset, box } = template;
  const out = new Array<string>(holes.length);
  for (let i = 0; i < holes.length; i++) {
    const hole = holes[i];
    out[i] =
      hole === 'embed'
        ? values.embed
        : hole === 'id'
          ? String(values.id)
          : hole === 'descr'
            ? escapeAttribute(values.descr)
            : hole === 'cx'
              ? String(size.cx)
              : hole === 'cy'
                ? String(size.cy)
                : hole === 'offX'
                  ? String(offset.x + Math.round((box.cx - size.cx) / 2))
                  : String(offset.y + Math.round((box.cy - size.cy) / 2));
  }
  return out;
}

/** The drawing's XML for one placed picture. */
export function renderDrawing(template: DrawingTemplate, values: DrawingValues): string {
  const filled = holeValues(template, values);
  let xml = template.segments[0];
  for (let i = 0; i < filled.length; i++) xml += filled[i] + template.segments[i + 1];
  return xml;
}
