// Places the pictures of one run (docs/pictures.md): per row, each picture tag of the template
// (template/pictureTags.ts) becomes the row's picture, a QR code of a column's text, the invoice's
// QRIS or an image file the row names, drawn as DrawingML where its tag rendered. Each distinct
// picture is one media part, named by its relationship from every part that shows it (the same
// logo on 10,000 invoices is stored once; a QR code is one per text and width, drawn in a thread
// beside a large run, pictures/qrDrawer.ts); every drawing gets a docPr id of its own.
import { dynamicQris, staticQrisProblem } from '../../domain/qris';
import { pictureFieldOf } from '../../domain/word/pictureField';
import {
  readPart,
  relationshipLine,
  relativeTarget,
  relsPathOf,
  shortBytes,
  type CompiledTemplate,
} from '../template';
import type { PictureSlot } from '../template';
import {
  holeValues,
  qrDrawer,
  renderDrawing,
  type ImageSet,
  type Picture,
  type DrawingValues,
  type QrDrawer,
} from '../pictures';
import {
  crc32,
  deflatedFromChunks,
  staticFrame,
  type DeflatedPart,
  type PartFrame,
} from '../package';
import { amountOf } from './groupRows';
import { PictureProblems } from './pictureProblems';
import type { RenderedPart, TemplateValues } from './partRenderer';
import type { EntryBlock, ZipEntry } from '../package';

/** The values key of the invoice number a QRIS carries (the column the job names for it). */
export const QRIS_INVOICE_KEY = '\uE007qris-invoice';

/** What a run's pictures are made from, besides the rows. */
export interface PictureSources {
  /** The images chosen next to the data file (none: an image field finds no file). */
  readonly images?: ImageSet | null;
  /** The merchant's static QRIS as stored (none: a QRIS field draws nothing, with a warning). */
  readonly qris?: string | null;
}

const IMAGE_RELATIONSHIP =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const MARK_OPEN = '\uE004';
const MARK_CLOSE = '\uE005';

const EMPTY_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';

/** A .rels (none: an empty one) split where relationships are added: before its closing tag. */
function relsAround(xml: string | undefined): [string, string] {
  const whole = xml ?? EMPTY_RELS;
  const close = whole.lastIndexOf('</Relationships>');
  return [whole.slice(0, close), whole.slice(close)];
}

/** One media part of the output; a QR code's bytes come when it is drawn (pictures/qrDrawer.ts). */
export interface Media {
  readonly n: number;
  readonly path: string;
  readonly id: string;
  readonly width: number;
  readonly height: number;
  bytes: Uint8Array | null;
  crc: number;
}

/** A rendered part with its pictures drawn, and the media it shows. */
export interface PlacedPart extends RenderedPart {
  readonly media: readonly Media[];
}

const NO_MEDIA: readonly Media[] = [];
const EMPTY = new Uint8Array(0);
/** Around a drawing: the tag stood alone in a <w:t>, so the drawing goes between two texts of its run. */
const CLOSE_TEXT = '</w:t>';
const OPEN_TEXT = '<w:t xml:space="preserve">';

/** A rendered part that shows no picture. */
const unplaced = ({ chunks, key, framed }: RenderedPart): PlacedPart => ({
  chunks,
  key,
  framed,
  media: NO_MEDIA,
});

const NO_STATIC_QRIS =
  'no static QRIS is stored: an administrator sets "QRIS Statis" in Pengaturan Perusahaan';

export class PicturePlacer {
  private readonly slots: PictureSlot[];
  private readonly markers: Record<string, string> = Object.create(null);
  private readonly encoder = new TextEncoder();
  /** Per template part, its .rels before and after the picture lines, deflated once (deflatedRels). */
  private readonly relsFrames = new Map<string, PartFrame>();
  /** Image files by picture, and by content (the same file under two names is one part). */
  private readonly media = new Map<Picture, Media>();
  private readonly byContent = new Map<string, Media[]>();
  /** QR codes by width and text: the same text at the same width is the same bytes. */
  private readonly qrCodes = new Map<string, Media>();
  private drawer: QrDrawer | null = null;
  /** Where QR codes are written as they are drawn (writeCodesInto), else null: kept as bytes. */
  private codeBlock: EntryBlock<unknown> | null = null;
  /** Media parts already written into codeBlock: mediaEntries leaves them out. */
  private readonly written = new Set<Media>();
  private count = 0;
  private readonly problems = new PictureProblems();
  private readonly staticProblem: string | null;
  private nextDrawingId: number;
  private row = new Map<string, { media: Media; descr: string } | null>();
  private rowValues: TemplateValues = {};
  private rowNumber = 0;
  private rowCount = 0;
  /** Per slot, its drawing's static text as the chunks of a framed rendering (placeFramed). */
  private readonly drawingSegments = new Map<number, Uint8Array[]>();

  /** `rows`: about how many rows the run has (a large run draws its QR codes in a thread). */
  constructor(
    private readonly template: CompiledTemplate,
    private readonly sources: PictureSources = {},
    private readonly rows = 1,
  ) {
    const keys = Object.keys(template.pictures.slots);
    this.slots = keys.map((key) => template.pictures.slots[key]);
    keys.forEach((key, i) => (this.markers[key] = `${MARK_OPEN}${i}${MARK_CLOSE}`));
    this.nextDrawingId = template.pictures.maxDrawingId + 1;
    const qris = sources.qris?.trim() ?? '';
    this.staticProblem = qris === '' ? NO_STATIC_QRIS : staticQrisProblem(qris);
  }

  /** Whether the template has any picture to place. */
  get active(): boolean {
    return this.slots.length > 0;
  }

  /** Starts a row (its number names it in warnings): its values, with each picture tag's marker. */
  startRow(values: TemplateValues, rowNumber: number): TemplateValues {
    this.row = new Map();
    this.rowNumber = rowNumber;
    this.rowCount++;
    this.rowValues = values;
    return { ...values, ...this.markers };
  }

  private problem(field: string, detail: string): null {
    this.problems.add(field, detail, this.rowNumber, this.rowCount);
    return null;
  }

  private text(key: string): string {
    const value = this.rowValues[key];
    return typeof value === 'string' ? value : '';
  }

  private newMedia(type: string, width: number, height: number): Media {
    const n = ++this.count;
    const path = `word/media/mergedpicture${n}.${type}`;
    return { n, path, id: `rIdMergedPicture${n}`, width, height, bytes: null, crc: 0 };
  }

  /**
   * The merged document as a Blob (package/zipBlob.ts): each QR code goes into `block` as a stored
   * entry the moment it is drawn, its bytes never kept (call before the first row).
   */
  writeCodesInto(block: EntryBlock<unknown>): void {
    this.codeBlock = block;
  }

  private qrCode(text: string, width: number): Media {
    const key = `${width}\u0000${text}`;
    let media = this.qrCodes.get(key);
    if (!media && this.codeBlock) {
      const block = this.codeBlock;
      this.drawer ??= qrDrawer(this.rows, false);
      const n = this.count + 1;
      const path = `word/media/mergedpicture${n}.png`;
      const size = this.drawer.draw(text, width, (bytes, crc) => {
        block.add(
          path,
          bytes.length,
          (out, at) => {
            out.set(bytes, at);
            return { size: bytes.length, crc };
          },
          0,
        );
      });
      media = this.newMedia('png', size, size);
      this.written.add(media);
      this.qrCodes.set(key, media);
    }
    if (!media) {
      this.drawer ??= qrDrawer(this.rows);
      let drawn: { bytes: Uint8Array; crc: number } | null = null;
      const size = this.drawer.draw(text, width, (bytes, crc) => {
        if (media) Object.assign(media, { bytes, crc });
        else drawn = { bytes, crc };
      });
      media = Object.assign(this.newMedia('png', size, size), drawn);
      this.qrCodes.set(key, media);
    }
    return media;
  }

  /** The row's picture for a slot, or null (with a warning when the row should have had one). */
  private resolve(slot: PictureSlot): { media: Media; descr: string } | null {
    const field = pictureFieldOf(slot.field);
    if (!field) return null;
    const width = Math.min(slot.drawing.box.cx, slot.drawing.box.cy);
    const text = this.text(slot.field).trim();
    if (field.kind === 'image') {
      if (text === '') return null;
      const found = this.sources.images?.find(text);
      if (!found) return this.problem(slot.field, `"${text}" is not among the images chosen`);
      return { media: this.mediaOf(found.picture), descr: found.name };
    }
    if (field.kind === 'qr') {
      if (text === '') return null;
      try {
        return { media: this.qrCode(text, width), descr: text };
      } catch {
        return this.problem(slot.field, 'the text is too long for a QR code');
      }
    }
    if (this.staticProblem) return this.problem(slot.field, this.staticProblem);
    const amount = amountOf(text);
    const made = dynamicQris(this.sources.qris!, amount ?? Number.NaN, this.text(QRIS_INVOICE_KEY));
    if (!('payload' in made)) return this.problem(slot.field, made.problem);
    return { media: this.qrCode(made.payload, width), descr: `QRIS ${text}` };
  }

  /** The media part of an image file: one per distinct content. */
  private mediaOf(picture: Picture): Media {
    let media = this.media.get(picture);
    if (media) return media;
    const crc = crc32(picture.bytes);
    const key = `${picture.bytes.length}:${crc}`;
    const same = this.byContent.get(key) ?? [];
    media = same.find((m) => m.bytes!.every((b, i) => b === picture.bytes[i]));
    if (!media) {
      media = this.newMedia(picture.type, picture.width, picture.height);
      Object.assign(media, { bytes: picture.bytes, crc });
      same.push(media);
      this.byContent.set(key, same);
    }
    this.media.set(picture, media);
    return media;
  }

  /** The row's picture for the slot at `index` (resolved once a row), added to `used`; null: none. */
  private placed(index: number, used: Media[]): { media: Media; descr: string } | null {
    const slot = this.slots[index];
    let placed = this.row.get(slot.field + index);
    if (placed === undefined) {
      placed = this.resolve(slot);
      this.row.set(slot.field + index, placed);
    }
    if (placed && !used.includes(placed.media)) used.push(placed.media);
    return placed;
  }

  /** What a drawing of `placed` is written with: its picture, and a docPr id of its own. */
  private drawingValues({ media, descr }: { media: Media; descr: string }): DrawingValues {
    return {
      embed: media.id,
      id: this.nextDrawingId++,
      descr,
      width: media.width,
      height: media.height,
    };
  }

  /** The drawing (with the run text around it closed and reopened) for the slot at `index`. */
  private drawing(index: number, used: Media[]): string {
    const placed = this.placed(index, used);
    if (!placed) return '';
    return (
      CLOSE_TEXT + renderDrawing(this.slots[index].drawing, this.drawingValues(placed)) + OPEN_TEXT
    );
  }

  /** The drawing's static text, encoded once: the first piece opens with CLOSE_TEXT, the last ends with OPEN_TEXT. */
  private segmentsOf(index: number): Uint8Array[] {
    let encoded = this.drawingSegments.get(index);
    if (!encoded) {
      const { segments } = this.slots[index].drawing;
      const last = segments.length - 1;
      encoded = segments.map((segment, i) =>
        this.encoder.encode((i === 0 ? CLOSE_TEXT : '') + segment + (i === last ? OPEN_TEXT : '')),
      );
      this.drawingSegments.set(index, encoded);
    }
    return encoded;
  }

  /**
   * Draws the row's pictures where their tags rendered in a part. `framed`: a framed rendering
   * stays framed, each drawing's static text becoming segments of its own with only its holes as
   * values, so one file per row deflates a drawing as matches of text encoded once
   * (framedDeflate.ts) rather than as a kilobyte of literals a row; the bytes are the same.
   */
  place(rendered: RenderedPart, framed = false): PlacedPart {
    // An object literal, not a spread: this runs for every part of every row, and a spread here
    // cost about 2.5 µs a call in V8 (docs/deflate.md).
    if (!this.active) return unplaced(rendered);
    if (framed && rendered.framed) {
      const placed = this.placeFramed(rendered);
      if (placed) return placed;
    }
    const used: Media[] = [];
    const decoder = new TextDecoder();
    const chunks = rendered.chunks.map((chunk) => {
      if (!hasMarker(chunk)) return chunk;
      const text = decoder
        .decode(chunk)
        .replace(/\uE004(\d+)\uE005/g, (_, i: string) => this.drawing(Number(i), used));
      return this.encoder.encode(text);
    });
    if (used.length === 0 && chunks.every((c, i) => c === rendered.chunks[i]))
      return unplaced(rendered);
    return this.placedPart(rendered, chunks, used);
  }

  /**
   * A framed rendering whose picture tags are values of their own (a marker alone in its gap):
   * each marker becomes an empty value, the drawing's segments and its holes' values, and an
   * empty value, so the chunks still alternate segments and values. Null when a marker shares its
   * gap with other text (then the caller places it as text).
   */
  private placeFramed(rendered: RenderedPart): PlacedPart | null {
    const { chunks } = rendered;
    let first = -1;
    for (let c = 1; c < chunks.length; c += 2) {
      if (!hasMarker(chunks[c])) continue;
      if (markerIndex(chunks[c]) < 0) return null;
      if (first < 0) first = c;
    }
    if (first < 0) return unplaced(rendered);
    const out = chunks.slice(0, first);
    const used: Media[] = [];
    for (let c = first; c < chunks.length; c++) {
      const chunk = chunks[c];
      if (c % 2 === 0 || !hasMarker(chunk)) {
        out.push(chunk);
        continue;
      }
      const index = markerIndex(chunk);
      out.push(EMPTY);
      const placed = this.placed(index, used);
      if (!placed) continue;
      const segments = this.segmentsOf(index);
      const filled = holeValues(this.slots[index].drawing, this.drawingValues(placed));
      out.push(segments[0]);
      for (let i = 0; i < filled.length; i++)
        out.push(shortBytes(filled[i], this.encoder), segments[i + 1]);
      out.push(EMPTY);
    }
    return this.placedPart(rendered, out, used);
  }

  private placedPart(rendered: RenderedPart, chunks: Uint8Array[], used: Media[]): PlacedPart {
    const key =
      rendered.key === null ? null : `${rendered.key}\u0001${used.map((m) => m.n).join(',')}`;
    return { chunks, key, framed: rendered.framed, media: used };
  }

  /** A part's .rels with the relationships of `media` added (its own .rels, or a new one). */
  partRels(part: string, media: readonly Media[]): string {
    const [before, after] = relsAround(readPart(this.template.zip, relsPathOf(part)));
    return before + this.relationshipLines(part, media) + after;
  }

  /**
   * The .rels of a rendering of the template's `part` (at `path`: the part itself, or a copy beside
   * it) that shows `media`, deflated: the template's .rels around the picture lines is deflated
   * once per part and each rendering's lines go in as a stored block (docs/deflate.md, "Small
   * parts"), not a deflate of the whole part per row or section.
   */
  deflatedRels(part: string, media: readonly Media[], path = part): DeflatedPart {
    let frame = this.relsFrames.get(part);
    if (!frame) {
      const [before, after] = relsAround(readPart(this.template.zip, relsPathOf(part)));
      frame = staticFrame(this.encoder.encode(before), this.encoder.encode(after));
      this.relsFrames.set(part, frame);
    }
    const lines = this.encoder.encode(this.relationshipLines(path, media));
    return deflatedFromChunks(frame, [frame.prefix, lines, frame.suffix]);
  }

  /** Relationship lines from `part` to each of `media`. */
  relationshipLines(part: string, media: readonly Media[]): string {
    return media
      .map((m) =>
        relationshipLine({
          id: m.id,
          type: IMAGE_RELATIONSHIP,
          target: relativeTarget(part, m.path),
        }),
      )
      .join('');
  }

  /** Whether every one of `media` has its bytes (QR codes are drawn in turn: pictures/qrDrawer.ts). */
  static drawn(media: readonly Media[]): boolean {
    return media.every((m) => m.bytes !== null);
  }

  /** Resolves once every QR code placed is drawn. */
  finish(): Promise<void> {
    return this.drawer?.finish() ?? Promise.resolve();
  }

  /** Ends the picture thread, if any: call when the run ends, whichever way. */
  close(): void {
    this.drawer?.close();
  }

  /** Zip entries (stored: pictures are compressed already) of `media`, all drawn. */
  mediaEntries(media: Iterable<Media> = this.allMedia()): ZipEntry[] {
    const entries = new Map<string, ZipEntry>();
    for (const m of media) {
      if (entries.has(m.path) || this.written.has(m)) continue;
      const { bytes } = m;
      if (!bytes) throw new Error(`${m.path} is not drawn yet`);
      entries.set(m.path, { name: m.path, data: bytes, method: 0, size: bytes.length, crc: m.crc });
    }
    return [...entries.values()];
  }

  /** Every media part, in the order they were numbered. */
  private allMedia(): Media[] {
    return [...new Set([...this.media.values(), ...this.qrCodes.values()])].sort(
      (a, b) => a.n - b.n,
    );
  }

  /** One line per picture field some rows got no picture for. */
  warnings(): string[] {
    return this.problems.warnings();
  }
}

/**
 * The slot of a chunk that is one marker and nothing else (U+E004, its index's digits, U+E005:
 * EE 80 84 … EE 80 85 in UTF-8), or -1.
 */
function markerIndex(chunk: Uint8Array): number {
  const n = chunk.length;
  if (n < 7 || chunk[0] !== 0xee || chunk[1] !== 0x80 || chunk[2] !== 0x84) return -1;
  if (chunk[n - 3] !== 0xee || chunk[n - 2] !== 0x80 || chunk[n - 1] !== 0x85) return -1;
  let index = 0;
  for (let i = 3; i < n - 3; i++) {
    const digit = chunk[i] - 0x30;
    if (digit < 0 || digit > 9) return -1;
    index = index * 10 + digit;
  }
  return index;
}

/** Whether the bytes hold a marker's first character (U+E004, EE 80 84 in UTF-8). */
function hasMarker(chunk: Uint8Array): boolean {
  for (let at = chunk.indexOf(0xee); at >= 0; at = chunk.indexOf(0xee, at + 1))
    if (chunk[at + 1] === 0x80 && chunk[at + 2] === 0x84) return true;
  return false;
}
