import PizZip from 'pizzip';
import Docxtemplater from 'docxtemplater';
import { assertReadable, FileLimitError } from './limits';

export const MAIN_DOCUMENT = 'word/document.xml';

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
    if (inspect?.filePath && inspect.postparsed) this.trees.set(inspect.filePath, inspect.postparsed);
  }
}

export interface CompiledTemplate {
  zip: PizZip;
  doc: Docxtemplater;
  /** Parse trees by file path, in the order docxtemplater compiled them. */
  trees: Map<string, TemplatePart[]>;
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
      return `unclosed loop "{#${p.xtag ?? ''}}"${where}`;
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
  return new Error(`Failed to parse template: ${error instanceof Error ? error.message : String(error)}`);
}

export function loadDocx(buffer: ArrayBuffer): PizZip {
  let bytes: Uint8Array;
  try {
    bytes = assertReadable(buffer);
  } catch (error) {
    if (error instanceof FileLimitError && error.message.startsWith('File size')) throw error;
    throw new Error(`Invalid DOCX file: ${(error as Error).message}`);
  }
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch (error) {
    throw new Error(`Invalid DOCX file: not a zip archive (${(error as Error).message})`);
  }
  if (!zip.file(MAIN_DOCUMENT)) throw new Error(`Invalid DOCX file: ${MAIN_DOCUMENT} is missing`);
  return zip;
}

/**
 * Opens and compiles a template once. Errors carry the spec's prefixes:
 * 'Invalid DOCX file: …', 'Template syntax error: …', 'Failed to parse template: …'.
 * `prepare` may rewrite parts of the zip before compiling (the merge strips the final sectPr).
 */
export function compileTemplate(buffer: ArrayBuffer, prepare?: (zip: PizZip) => void): CompiledTemplate {
  const zip = loadDocx(buffer);
  const collector = new ParseTreeCollector();
  let doc: Docxtemplater;
  try {
    prepare?.(zip);
    doc = new Docxtemplater(zip, { ...TEMPLATE_OPTIONS, modules: [collector] });
  } catch (error) {
    throw toTemplateError(error);
  }
  return { zip, doc, trees: collector.trees };
}
