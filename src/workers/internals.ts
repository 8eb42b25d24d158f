// The one place the generator reads library internals, because no public API does the job:
//   - docxtemplater 3.71.x: a compiled part rendered again with a new row's values (render() may
//     run once per instance; compiling per row was 5× slower). Reads doc.compiled[file]
//     (render(to), scopeManager, content, allErrors), doc.scopeManagers, doc.getScopeManager.
//     And parts it does not template by content type (endnotes) added to doc.targets from a
//     module's getFileType hook, so their fields are filled like the footnotes'.
//   - pizzip 3.3.x: a part's compressed bytes and CRC as read from the template, so the writer
//     copies them instead of inflating and deflating every part again. Reads file._data.
// package.json pins both to these minors; tests/unit/workers/internals.test.ts fails when an
// upgrade changes any of it. Everything else goes through the libraries' public APIs.
import type Docxtemplater from 'docxtemplater';
import type PizZip from 'pizzip';

/** The library versions this file was written for (checked by its test). */
export const WRITTEN_FOR = { docxtemplater: '3.71.', pizzip: '3.3.' } as const;

interface RenderError {
  message: string;
  properties?: { id?: string; explanation?: string; xtag?: string; value?: unknown };
}
interface CompiledPart {
  scopeManager: unknown;
  render(to: string): unknown;
  content?: Uint8Array;
  allErrors: RenderError[];
}
interface DocxtemplaterInternals {
  compiled: Record<string, CompiledPart>;
  scopeManagers: Record<string, unknown>;
  getScopeManager(to: string, part: CompiledPart, data: unknown): unknown;
}

/**
 * A docxtemplater module that has these parts templated too: docxtemplater picks the parts it
 * templates by content type (body, headers, footers, footnotes, comments), and endnotes are not
 * among them. Its getFileType hook runs before the parts are chosen, with the instance.
 */
export function templatedPartsModule(parts: readonly string[]) {
  return {
    name: 'TemplatedParts',
    getFileType({ doc }: { doc: unknown }): undefined {
      (doc as { targets: string[] }).targets.push(...parts);
      return undefined;
    },
  };
}

/** A character XML 1.0 forbids: a control character, a noncharacter or a lone surrogate. */
/* eslint-disable no-control-regex -- the characters XML 1.0 forbids are control characters */
const FORBIDDEN_IN_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/* eslint-enable no-control-regex */

/** What went wrong with one row, in words the user can act on. */
function describeRenderError(error: RenderError | undefined, file: string): string {
  const p = error?.properties;
  if (p?.id === 'invalid_xml_characters' && typeof p.value === 'string') {
    const bad = FORBIDDEN_IN_XML.exec(p.value)?.[0];
    const code = bad ? ` (U+${bad.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})` : '';
    return `the value for {${p.xtag ?? ''}} holds a control character${code} that a Word document cannot contain`;
  }
  return p?.explanation ?? error?.message ?? `could not render ${file}`;
}

/**
 * Renders one compiled part with one row's values; docxtemplater returns it as UTF-8 bytes. The
 * merge renders the body and each header/footer per row with it, the zip every templated part.
 * Leaves the compiled part as it found it, so a compiled template can serve many runs.
 */
export function renderPart(
  doc: Docxtemplater,
  file: string,
  data: Readonly<Record<string, unknown>>,
): Uint8Array {
  // docxtemplater's types describe only its public API; these fields are its internals (above).
  const internals = doc as unknown as DocxtemplaterInternals;
  const part = internals.compiled[file];
  delete internals.scopeManagers[file];
  part.scopeManager = internals.getScopeManager(file, part, data);
  part.allErrors = [];
  // Before its first render a compiled part's content is the template's own text: clear it, so
  // a failed render is never mistaken for a rendered part.
  delete part.content;
  part.render(file);
  const content = part.content;
  delete part.content;
  if (content === undefined) throw new Error(describeRenderError(part.allErrors[0], file));
  return content;
}

/** A part of a read archive as it is stored: compressed bytes, method, sizes and CRC. */
interface StoredPart {
  data: Uint8Array;
  method: 0 | 8;
  size: number;
  crc: number;
}

interface PizZipStoredData {
  compressionMethod?: string;
  compressedSize?: number;
  uncompressedSize?: number;
  crc32?: number;
  getCompressedContent?: () => unknown;
}

/**
 * pizzip's own record of a part: what it read (compressed bytes and their sizes and CRC), or the
 * text the part was set to since. Its types do not declare the field, hence the cast.
 */
function pizzipData(file: PizZip.ZipObject): unknown {
  return (file as unknown as { _data?: unknown })._data;
}

/** The part as pizzip read it (stored or deflated), or null when it was set since or is unknown. */
export function storedPart(file: PizZip.ZipObject): StoredPart | null {
  const data = pizzipData(file);
  if (typeof data !== 'object' || data === null) return null;
  const stored = data as PizZipStoredData;
  const method =
    stored.compressionMethod === '\x08\x00'
      ? 8
      : stored.compressionMethod === '\x00\x00'
        ? 0
        : null;
  const bytes = method !== null ? stored.getCompressedContent?.() : undefined;
  if (
    method === null ||
    !(bytes instanceof Uint8Array) ||
    bytes.length !== stored.compressedSize ||
    typeof stored.crc32 !== 'number' ||
    typeof stored.uncompressedSize !== 'number'
  )
    return null;
  return { data: bytes, method, size: stored.uncompressedSize, crc: stored.crc32 };
}

/** A part set as text since it was read (pizzip keeps the string itself), or null. */
export function textSetSince(file: PizZip.ZipObject): string | null {
  const stored = pizzipData(file);
  return typeof stored === 'string' && !file.options.binary ? stored : null;
}
