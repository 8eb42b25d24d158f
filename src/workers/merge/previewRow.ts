// Preview Row: one selected row merged with the template (mergeDocuments on that row alone) and
// read back as text blocks the page can show without a .docx renderer.
import PizZip from 'pizzip';
import type { DocumentPreview, PreviewBlock } from '../../domain/word/documentPreview';
import { mergeDocuments } from './mergeDocuments';
import type { MergeTemplate } from './mergeTemplate';
import type { TemplateValues } from './partRenderer';
import type { PictureSources } from './pictures';
import {
  findMainDocument,
  readPart,
  readRelationships,
  relsPathOf,
  resolveTarget,
} from '../template';
import { hasEnoughData } from '../read';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    const code =
      name[1] === 'x' || name[1] === 'X'
        ? parseInt(name.slice(2), 16)
        : parseInt(name.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
  });
}

const TOKENS =
  /<w:tbl[ >]|<\/w:tbl>|<w:tr[ >]|<\/w:tr>|<w:tc[ >]|<\/w:tc>|<w:p[ >]|<w:p\/>|<\/w:p>|<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br\/>|<w:cr\/>|<wp:docPr\b[^>]*?\bdescr="([^"]*)"/g;

/**
 * Paragraphs and tables of a WordprocessingML part, as text. A table nested in a cell is read into
 * that cell's text; tabs and line breaks are kept as '\t' and '\n'.
 */
export function textBlocks(xml: string): PreviewBlock[] {
  const blocks: PreviewBlock[] = [];
  let tableDepth = 0;
  let rows: string[][] = [];
  let row: string[] = [];
  let cell: string[] = [];
  let paragraph = '';
  for (const match of xml.matchAll(TOKENS)) {
    const token = match[0];
    if (match[1] !== undefined) paragraph += decodeXml(match[1]);
    // A picture reads as its description: a placed one's says what it shows (merge/pictures.ts).
    else if (match[2] !== undefined) paragraph += match[2] ? `[${decodeXml(match[2])}]` : '';
    else if (token === '<w:tab/>') paragraph += '\t';
    else if (token === '<w:br/>' || token === '<w:cr/>') paragraph += '\n';
    else if (token.startsWith('<w:tbl')) {
      if (tableDepth++ === 0) rows = [];
    } else if (token === '</w:tbl>') {
      if (--tableDepth === 0) blocks.push({ kind: 'table', rows });
    } else if (tableDepth === 1 && token.startsWith('<w:tr')) row = [];
    else if (tableDepth === 1 && token === '</w:tr>') rows.push(row);
    else if (tableDepth === 1 && token.startsWith('<w:tc')) cell = [];
    else if (tableDepth === 1 && token === '</w:tc>') row.push(cell.join('\n'));
    else if (token.startsWith('<w:p')) paragraph = '';
    if (token === '</w:p>' || token === '<w:p/>') {
      if (tableDepth > 0) cell.push(paragraph);
      else blocks.push({ kind: 'paragraph', text: paragraph });
      paragraph = '';
    }
  }
  return blocks;
}

function partText(xml: string): string {
  return textBlocks(xml)
    .map((block) =>
      block.kind === 'paragraph' ? block.text : block.rows.map((r) => r.join('\t')).join('\n'),
    )
    .filter((text) => text.trim() !== '')
    .join('\n');
}

/** A merged .docx read back as the preview shows it: the main part, headers and footers found through the package's relationships. */
export function documentPreview(buffer: ArrayBuffer): DocumentPreview {
  const zip = new PizZip(buffer);
  const main = findMainDocument(zip);
  const relationships = readRelationships(zip, relsPathOf(main)).filter(
    (r) => r.targetMode !== 'External',
  );
  // Header and footer parts in relationship order; a part several sections share is read once.
  const sectionParts = (kind: 'header' | 'footer'): string[] =>
    [
      ...new Set(
        relationships
          .filter((r) => r.type.endsWith(`/${kind}`))
          .map((r) => resolveTarget(main, r.target)),
      ),
    ]
      .map((path) => partText(readPart(zip, path) ?? ''))
      .filter((text) => text !== '');
  return {
    headers: sectionParts('header'),
    body: textBlocks(readPart(zip, main) ?? ''),
    footers: sectionParts('footer'),
  };
}

export function thinRowMessage(rowNumber: number): string {
  return `Row ${rowNumber} has fewer than 2 non-empty values: Generate skips it`;
}

interface PreviewRowArgs {
  /** The template's bytes, or the template compiled for merging once (the worker's cache). */
  template: ArrayBuffer | MergeTemplate;
  row: Record<string, string>;
  mapping: Record<string, string>;
  rowNumber: number;
  /** Grouped rows: the values of the row's group (groupRows.ts), rendered instead of the row's. */
  group?: TemplateValues;
  /** What the template's picture tags are drawn from. */
  pictures?: PictureSources;
}

/** The document one row produces, as text; a row the merge would skip is said to be so. */
export async function previewRow({
  template,
  row,
  mapping,
  rowNumber,
  group,
  pictures,
}: PreviewRowArgs): Promise<DocumentPreview> {
  if (!hasEnoughData(row)) throw new Error(thinRowMessage(rowNumber));
  const merged = await mergeDocuments({
    template,
    rows: [row],
    mapping,
    rowNumbers: [rowNumber],
    groups: group ? { values: [group], skipped: 0 } : undefined,
    pictures,
  });
  return documentPreview(merged.bytes);
}
