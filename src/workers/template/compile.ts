import PizZip from 'pizzip';
import Docxtemplater from 'docxtemplater';
import { assertReadable, FileLimitError } from '../limits';
import { templatedPartsModule } from '../internals';
import { CONTENT_TYPES, hasPart } from './docxPackage';
import { prepareLayout, type DocxLayout } from './layout';
import { convertMergeFields } from './mergeFields';
import { foreignSyntaxError } from './foreignSyntax';
import { asWordDocument } from './packageKind';
import { dropMailMergeSource } from './mailMergeSource';
import { addTypedPictureTags, preparePictures, type TemplatePictures } from './pictureTags';
import type { ValueFormat } from '../../domain/values/valueFormat';
import type { CompiledWordField } from '../../domain/word/wordField';
import { fieldLanguage, type FieldLanguage } from '../../domain/values/wordPicture';
import { errorText } from '../../domain/text/errorText';

/** The parsed form docxtemplater keeps per templated file (only the fields we read). */
export interface TemplatePart {
  type: string;
  value?: string;
  module?: string;
  subparsed?: TemplatePart[];
}

interface DocxError {
  message: string;
  properties?: {
    id?: string;
    file?: string;
    xtag?: string;
    explanation?: string;
    openingtag?: string;
    closingtag?: string;
    errors?: DocxError[];
  };
}

/** Collects each templated file's parse tree through docxtemplater's module hook (as its InspectModule does). */
class ParseTreeCollector {
  readonly name = 'ParseTreeCollector';
  readonly trees = new Map<string, TemplatePart[]>();
  set(options: { inspect?: { filePath?: string; postparsed?: TemplatePart[] } }): void {
    const inspect = options.inspect;
    if (inspect?.filePath && inspect.postparsed)
      this.trees.set(inspect.filePath, inspect.postparsed);
  }
}

export type { DocxLayout, HeaderFooterPart } from './layout';

export interface CompiledTemplate extends DocxLayout, WordFields {
  zip: PizZip;
  doc: Docxtemplater;
  /** Parse trees by file path, in the order docxtemplater compiled them. */
  trees: Map<string, TemplatePart[]>;
  /** Pictures placed per row, by tag key (template/pictureTags.ts). */
  pictures: TemplatePictures;
}

/**
 * Tags are looked up by their trimmed name ('{ nama }' is 'nama', as the analysis lists it) and
 * only among a scope's own properties, so '{constructor}' or '{length}' never reach a prototype.
 */
function placeholderParser(tag: string) {
  const name = tag.trim();
  return {
    get(scope: unknown): unknown {
      if (name === '.') return scope;
      return scope !== null && typeof scope === 'object' && Object.hasOwn(scope, name)
        ? (scope as Record<string, unknown>)[name]
        : undefined;
    },
  };
}

export const TEMPLATE_OPTIONS = {
  paragraphLoop: true,
  linebreaks: true,
  errorLogging: false,
  nullGetter: () => '',
  parser: placeholderParser,
};

function describeSyntaxError(error: DocxError): string {
  const p = error.properties ?? {};
  const where = p.file ? ` in ${p.file}` : '';
  switch (p.id) {
    case 'unclosed_tag':
      return `unclosed tag "{${p.xtag ?? ''}"${where}`;
    case 'unopened_tag':
      return `unopened tag "${p.xtag ?? ''}}"${where}`;
    case 'unclosed_loop':
      return `unclosed loop "{#${p.xtag ?? ''}}"${where}: add "{/${p.xtag ?? ''}}" where the repeated part ends`;
    case 'unopened_loop':
      return `unopened loop "{/${p.xtag ?? ''}}"${where}`;
    case 'closing_tag_does_not_match_opening_tag':
      return `loop "{#${p.openingtag ?? ''}}" is closed by "{/${p.closingtag ?? ''}}"${where}`;
    case 'duplicate_open_tag':
      return `duplicate open brace in "${p.xtag ?? ''}"${where}`;
    case 'duplicate_close_tag':
      return `duplicate close brace in "${p.xtag ?? ''}"${where}`;
    default:
      return `${p.explanation ?? error.message}${where}`;
  }
}

function toTemplateError(error: unknown): Error {
  const e = error as DocxError;
  const inner = e?.properties?.errors;
  if (e?.properties?.id === 'multi_error' && Array.isArray(inner) && inner.length > 0) {
    return new Error(`Template syntax error: ${inner.map(describeSyntaxError).join('; ')}`);
  }
  if (e?.properties?.id && e.properties.file) {
    return new Error(`Template syntax error: ${describeSyntaxError(e)}`);
  }
  return new Error(`Failed to parse template: ${errorText(error)}`);
}

function loadDocx(buffer: ArrayBuffer): {
  zip: PizZip;
  layout: DocxLayout;
  fields: WordFields;
  pictures: TemplatePictures;
} {
  let bytes: Uint8Array;
  try {
    bytes = assertReadable(buffer);
  } catch (error) {
    if (error instanceof FileLimitError && error.message.startsWith('File size')) throw error;
    throw new Error(`Invalid DOCX file: ${(error as Error).message}`, { cause: error });
  }
  notWordDocument(bytes);
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch (error) {
    throw new Error(`Invalid DOCX file: not a zip archive (${(error as Error).message})`, {
      cause: error,
    });
  }
  if (!hasPart(zip, CONTENT_TYPES))
    throw new Error(`Invalid DOCX file: ${CONTENT_TYPES} is missing`);
  const { macrosDropped } = asWordDocument(zip);
  dropMailMergeSource(zip);
  const fields = { ...convertFieldsOf(zip), macrosDropped };
  const layout = prepareLayout(zip);
  const pictures = preparePictures(zip, [layout.main, ...layout.headersFooters.map((p) => p.path)]);
  return { zip, layout, fields, pictures };
}

/** A zip starts with a local file header (PK\x03\x04), an empty one with its end record (PK\x05\x06). */
function notWordDocument(bytes: Uint8Array): void {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
  if (isZip) return;
  const isPdf = String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
  throw new Error(
    isPdf
      ? 'The file is a PDF, not a Word document: choose the .docx it was made from, or save it from Word as .docx.'
      : 'The file is not a Word document: a .docx is a zip package and this one is not. Save the template from Word as .docx.',
  );
}

/** Parts that hold text and so may hold fields: the body, headers, footers, notes, comments. */
const TEXT_PART =
  /^word\/(?!styles|settings|fontTable|webSettings|numbering|theme|stylesWithEffects|people|commentsExtended|commentsIds)[^/]+\.xml$/;

/** What a template's Word fields leave for the analysis and the merge (mergeFields.ts). */
interface WordFields {
  notFilled: string[];
  fieldFormats: Record<string, ValueFormat>;
  /** Fields that stand as tags of their own key (a MERGEFIELD with switches, an IF), by key. */
  wordFields: Record<string, CompiledWordField>;
  /** The template was a .docm whose macros were dropped (packageKind.ts). */
  macrosDropped: boolean;
}

/** The document's language: the default run's, else the default paragraph style's (styles.xml). */
function documentLanguage(zip: PizZip): FieldLanguage {
  const styles = zip.file('word/styles.xml')?.asText() ?? '';
  const defaults = /<w:rPrDefault>[\s\S]*?<\/w:rPrDefault>/.exec(styles)?.[0] ?? '';
  const normal =
    /<w:style\b(?=[^>]*w:type="paragraph")(?=[^>]*w:default="1")[^>]*>[\s\S]*?<\/w:style>/.exec(
      styles,
    )?.[0] ?? '';
  const lang = /<w:lang\b[^>]*\bw:val="([^"]+)"/;
  return fieldLanguage(lang.exec(normal)?.[1] ?? lang.exec(defaults)?.[1]);
}

/** Word's MERGEFIELDs (and IFs) become tags in every text part (mergeFields.ts). */
function convertFieldsOf(zip: PizZip): Omit<WordFields, 'macrosDropped'> {
  const notFilled = new Set<string>();
  const fieldFormats: Record<string, ValueFormat> = Object.create(null);
  const wordFields: Record<string, CompiledWordField> = Object.create(null);
  const options = { lang: documentLanguage(zip), keys: { next: 0 } };
  for (const name of Object.keys(zip.files)) {
    if (!TEXT_PART.test(name)) continue;
    const xml = zip.file(name)?.asText();
    if (!xml || !/w:fldSimple|w:fldChar/.test(xml)) continue;
    const converted = convertMergeFields(xml, { ...options, part: name });
    for (const kind of converted.notFilled) notFilled.add(kind);
    Object.assign(fieldFormats, converted.formats);
    Object.assign(wordFields, converted.wordFields);
    if (converted.xml !== xml) zip.file(name, converted.xml);
  }
  return { notFilled: [...notFilled], fieldFormats, wordFields };
}

/** The main document, its headers and footers: where placeholders are written. */
function templatedParts(layout: DocxLayout): string[] {
  return [layout.main, ...layout.headersFooters.map((part) => part.path)];
}

function hasPlaceholder(parts: TemplatePart[]): boolean {
  return parts.some((part) => part.type === 'placeholder');
}

/**
 * Opens and compiles a template once. Errors carry these prefixes (docs/product.md#messages):
 * 'Invalid DOCX file: …', 'Template syntax error: …', 'Failed to parse template: …'.
 * `prepare` may rewrite parts of the zip before compiling (the merge strips the final sectPr).
 */
export function compileTemplate(
  buffer: ArrayBuffer,
  prepare?: (zip: PizZip, layout: DocxLayout) => void,
): CompiledTemplate {
  const { zip, layout, fields, pictures } = loadDocx(buffer);
  const collector = new ParseTreeCollector();
  let doc: Docxtemplater;
  try {
    prepare?.(zip, layout);
    const endnotes = templatedPartsModule(layout.endnotes);
    doc = new Docxtemplater(zip, { ...TEMPLATE_OPTIONS, modules: [collector, endnotes] });
  } catch (error) {
    // Another tool's placeholders ({{ }}, +++) are named rather than docxtemplater's complaint.
    throw foreignSyntaxError(zip, templatedParts(layout), true) ?? toTemplateError(error);
  }
  const foreign = foreignSyntaxError(
    zip,
    templatedParts(layout),
    // Word fields left as they are show «name» too: with any, «» is not another tool's.
    fields.notFilled.length > 0 || [...collector.trees.values()].some(hasPlaceholder),
  );
  if (foreign) throw foreign;
  if (!collector.trees.has(layout.main)) {
    throw new Error(
      `Failed to parse template: the main document ${layout.main} was not recognised as a Word document`,
    );
  }
  addTypedPictureTags(pictures, collector.trees.values(), zip);
  return { zip, doc, trees: collector.trees, pictures, ...fields, ...layout };
}
