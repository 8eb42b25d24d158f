// Rendering a templated part once per row costs docxtemplater's whole pipeline each time: its
// render walks every XML tag of the part, its postrender modules and joinUncorrupt walk them again,
// and it encodes the text to UTF-8 character by character. For a part whose tags are all plain
// placeholders ({name}, no loops, conditions or raw XML), only the values change from row to row:
// the part is static XML with a gap where each value goes. A frame is that XML, cut at the gaps
// and encoded once; a row is then the frame's byte chunks with its values escaped between them.
//
// The frame is found by rendering the part through docxtemplater with a marker as each value, so
// it is docxtemplater's own output. Values a frame cannot take the way docxtemplater would (line
// breaks, control characters, lone surrogates: docxtemplater turns \n into <w:br/> and refuses
// control characters with its own message) make renderFramed answer null, and the caller renders
// that row through docxtemplater. Before a frame is trusted, the merge compares its first row with
// docxtemplater's rendering (verifyFrame); tests compare both over many values.
import type { TemplatePart } from './compile';
import { shortBytes } from '../../domain/zip/names';

/** Private-use characters around a marker: `\uE000<gap index>\uE001`; no value holds them (see SIMPLE). */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKER = /\uE000(\d+)\uE001/g;

const PRESERVE_OPEN = '<w:t xml:space="preserve">';
const TEXT_CLOSE = '</w:t>';

/** Values a frame takes as they are, escaped: no control characters, surrogates, noncharacters or markers. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rules out
const NOT_SIMPLE = /[\u0000-\u001F\uD800-\uDFFF\uE000\uE001\uFFFE\uFFFF]/;

// docxtemplater's utf8ToWord: the five characters it writes as entities.
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const NEEDS_ESCAPE = /[&<>"']/;
const ESCAPABLE = /[&<>"']/g;

function escapeValue(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPABLE, (c) => ESCAPES[c]) : value;
}

export interface RenderFrame {
  /** The static text between gaps: segments.length === tags.length + 1. */
  readonly segments: readonly string[];
  /** The same, UTF-8 encoded once (shared by every row's chunks). */
  readonly segmentBytes: readonly Uint8Array[];
  /** The data key whose value fills each gap. */
  readonly tags: readonly string[];
  /** The distinct keys, in order of first use (what a row's rendering depends on). */
  readonly keys: readonly string[];
}

/**
 * The data keys of a part whose tags are all plain placeholders, in the order they appear; null
 * when any tag is a loop, condition, raw XML or the scope itself ('.').
 */
export function plainPlaceholderKeys(tree: readonly TemplatePart[] | undefined): string[] | null {
  if (!tree) return null;
  const keys: string[] = [];
  for (const part of tree) {
    if (part.type !== 'placeholder') continue;
    const name = (part.value ?? '').trim();
    if (part.module || part.subparsed || name === '' || name === '.') return null;
    if (!keys.includes(name)) keys.push(name);
  }
  return keys;
}

/**
 * The frame of a part, from one rendering with a marker as each key's value (`render` is
 * docxtemplater's rendering of that part). Null when the part is not all plain placeholders, has
 * none, or its rendering does not show exactly one marker per placeholder.
 */
export function compileFrame(
  tree: readonly TemplatePart[] | undefined,
  render: (data: Record<string, string>) => Uint8Array,
): RenderFrame | null {
  const keys = plainPlaceholderKeys(tree);
  if (!keys || keys.length === 0) return null;
  const placeholders = tree!.filter((p) => p.type === 'placeholder').length;
  const data: Record<string, string> = Object.create(null);
  keys.forEach((key, i) => (data[key] = `${OPEN}${i}${CLOSE}`));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(render(data));
  } catch {
    return null;
  }
  const segments: string[] = [];
  const tags: string[] = [];
  let from = 0;
  for (const match of text.matchAll(MARKER)) {
    segments.push(text.slice(from, match.index));
    tags.push(keys[Number(match[1])]);
    from = match.index + match[0].length;
  }
  segments.push(text.slice(from));
  if (tags.length !== placeholders || segments.some((s) => s.includes(OPEN) || s.includes(CLOSE)))
    return null;
  const encoder = new TextEncoder();
  return { segments, segmentBytes: segments.map((s) => encoder.encode(s)), tags, keys };
}

/** Values a part is rendered with: text, or (grouped rows) a loop's rows, which no frame takes. */
type Values = Readonly<Record<string, unknown>>;

/** True when every value the frame needs is text it can write (see NOT_SIMPLE). */
function allSimple(frame: RenderFrame, values: Values): values is Readonly<Record<string, string>> {
  for (const key of frame.keys) {
    const value = values[key];
    if (value !== undefined && (typeof value !== 'string' || NOT_SIMPLE.test(value))) return false;
  }
  return true;
}

/**
 * One row's rendering of the part as byte chunks (the frame's own segments between the row's
 * escaped values), or null when a value needs docxtemplater (see NOT_SIMPLE).
 */
export function renderFramed(
  frame: RenderFrame,
  values: Values,
  encoder: TextEncoder,
): Uint8Array[] | null {
  if (!allSimple(frame, values)) return null;
  const { tags, segmentBytes } = frame;
  let anyEmpty = false;
  for (const key of frame.keys) if (!values[key]) anyEmpty = true;
  if (anyEmpty) return [encoder.encode(renderFramedText(frame, values))];
  const chunks: Uint8Array[] = new Array(tags.length * 2 + 1);
  chunks[0] = segmentBytes[0];
  // The row's values are encoded in one call (one allocation, not one per value); when they are
  // all ASCII, as most are, each value's bytes start where its characters do.
  const escaped = tags.map((tag) => escapeValue(values[tag]));
  const joined = escaped.join('');
  const bytes = joined.length <= SHORT_TEXT ? shortBytes(joined, encoder) : encoder.encode(joined);
  let at = 0;
  for (let i = 0; i < tags.length; i++) {
    const length = escaped[i].length;
    chunks[2 * i + 1] =
      bytes.length === joined.length ? bytes.subarray(at, at + length) : encoder.encode(escaped[i]);
    at += length;
    chunks[2 * i + 2] = segmentBytes[i + 1];
  }
  return chunks;
}

/**
 * The rendering as text, with docxtemplater's space-preserve postrender applied where empty values
 * meet: a `<w:t xml:space="preserve">` followed by `</w:t>` (nothing between) becomes `<w:t/>`.
 */
function renderFramedText(frame: RenderFrame, values: Readonly<Record<string, string>>): string {
  const parts: string[] = [frame.segments[0]];
  for (let i = 0; i < frame.tags.length; i++)
    parts.push(escapeValue(values[frame.tags[i]] ?? ''), frame.segments[i + 1]);
  let last = -1;
  let endsWithPreserve = false;
  for (let i = 0; i < parts.length; i++) {
    let part = parts[i];
    if (part === '') continue;
    if (endsWithPreserve && part.startsWith(TEXT_CLOSE)) {
      parts[last] = `${parts[last].slice(0, -PRESERVE_OPEN.length)}<w:t/>`;
      part = part.slice(TEXT_CLOSE.length);
      parts[i] = part;
    }
    endsWithPreserve = part.endsWith(PRESERVE_OPEN);
    last = i;
  }
  return parts.join('');
}

/** Below this many characters a text is encoded here: the encoder's call costs more than the loop. */
const SHORT_TEXT = 64;

export { shortBytes };

/** Chunks joined into one array. */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Whether the frame renders these values exactly as docxtemplater did (`expected`). */
export function verifyFrame(
  frame: RenderFrame,
  values: Values,
  expected: Uint8Array,
  encoder: TextEncoder,
): boolean {
  const chunks = renderFramed(frame, values, encoder);
  if (!chunks) return true; // nothing to compare: this row goes through docxtemplater anyway
  const actual = joinChunks(chunks);
  if (actual.length !== expected.length) return false;
  for (let i = 0; i < actual.length; i++) if (actual[i] !== expected[i]) return false;
  return true;
}
