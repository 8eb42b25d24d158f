// Renders one templated part per row: through its render frame when it has one (static byte
// chunks with holes for values, template/partFrames.ts), else through docxtemplater. The merge
// renders the body and each header/footer with it, the zip every templated part.
import type Docxtemplater from 'docxtemplater';
import {
  compileFrame,
  renderFramed,
  verifyFrame,
  type RenderFrame,
  type TemplatePart,
} from '../template';
import { renderPart } from '../internals';

export function hasTags(parts: TemplatePart[] | undefined): boolean {
  return (parts ?? []).some((p) => p.type === 'placeholder');
}

/**
 * What a section is rendered with: placeholder → value; with grouped rows also each loop's name →
 * the values of the group's rows (merge/groupRows.ts).
 */
export type TemplateValues = Readonly<
  Record<string, string | readonly Readonly<Record<string, string>>[]>
>;

/** One row's rendering of a part: byte chunks, and what decides it when it was framed. */
export interface RenderedPart {
  chunks: Uint8Array[];
  /** The row's values of the part's keys (a framed rendering is decided by them); null: rendered by docxtemplater. */
  key: string | null;
  /** True when chunks alternate the frame's segments (even) and escaped values (odd). */
  framed: boolean;
}

/**
 * Renders one templated part per row: through its frame when it has one (see partFrames.ts) and
 * the row's values allow, else through docxtemplater. Each way a frame renders (chunks, or text
 * when a value is empty) is compared once with docxtemplater's rendering before it is trusted;
 * a frame that differs is dropped, and the part renders through docxtemplater from then on.
 */
export class PartRenderer {
  private frame: RenderFrame | null | undefined;
  private checked = { chunks: false, text: false };
  private trimmed = { head: 0, tail: 0 };

  constructor(
    private readonly doc: Docxtemplater,
    readonly path: string,
    private readonly tree: TemplatePart[] | undefined,
    private readonly encoder: TextEncoder,
  ) {}

  /** The frame, compiled on first use (null: this part renders through docxtemplater). */
  private frameOf(): RenderFrame | null {
    if (this.frame === undefined)
      this.frame = compileFrame(this.tree, (data) => renderPart(this.doc, this.path, data));
    return this.frame;
  }

  /** Cuts `head` bytes off the start and `tail` off the end of every rendering (the main part's shell). */
  trim(head: string, tail: string): void {
    this.trimmed = {
      head: this.encoder.encode(head).length,
      tail: this.encoder.encode(tail).length,
    };
    const frame = this.frameOf();
    if (!frame) return;
    const segments = [...frame.segments];
    const last = segments.length - 1;
    if (
      !segments[0].startsWith(head) ||
      !segments[last].endsWith(tail) ||
      (last === 0 && segments[0].length < head.length + tail.length)
    ) {
      this.frame = null;
      return;
    }
    segments[0] = segments[0].slice(head.length);
    segments[last] = segments[last].slice(0, segments[last].length - tail.length);
    this.frame = {
      ...frame,
      segments,
      segmentBytes: segments.map((text) => this.encoder.encode(text)),
    };
  }

  /** docxtemplater's rendering, trimmed like the frame. */
  private renderFull(values: TemplateValues): Uint8Array {
    const bytes = renderPart(this.doc, this.path, values);
    const { head, tail } = this.trimmed;
    return head === 0 && tail === 0 ? bytes : bytes.subarray(head, bytes.length - tail);
  }

  render(values: TemplateValues): RenderedPart {
    const frame = this.frameOf();
    const chunks = frame && renderFramed(frame, values, this.encoder);
    if (!frame || !chunks) return { chunks: [this.renderFull(values)], key: null, framed: false };
    const framed = chunks.length === frame.segments.length * 2 - 1;
    const way = framed ? 'chunks' : 'text';
    if (!this.checked[way]) {
      const expected = this.renderFull(values);
      if (!verifyFrame(frame, values, expected, this.encoder)) {
        this.frame = null;
        return { chunks: [expected], key: null, framed: false };
      }
      this.checked[way] = true;
    }
    let key = '';
    for (const k of frame.keys) key += `${values[k] ?? ''}\u0000`;
    return { chunks, key, framed };
  }

  /** The render frame's first and last segments, when it has values between them. */
  ends(): { first: Uint8Array; last: Uint8Array } | null {
    const segments = this.frame?.segmentBytes;
    return segments && segments.length > 1
      ? { first: segments[0], last: segments[segments.length - 1] }
      : null;
  }

  /** Whether the frame's segment `index` names a header, footer or note (its references). */
  segmentNamesPart(index: number): boolean {
    return this.frame?.segments[index]?.includes('Reference') ?? true;
  }
}
