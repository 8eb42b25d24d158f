// The .docx sanitiser: what reaches LibreOffice (and later the merge's readers) holds no link
// that would be followed without a click. Not re-exported from src/domain: only the server and
// the generator worker import it.
export { sanitiseDocx } from './sanitiseDocx';
export { DocxRefusedError, type DocxRefusal } from './messages';
export type { DeflateCodec } from './zip';
export type { SanitiseMode } from './sanitisePart';
export { deflatedEntry, entryBytes, readZip, writeZip, type ZipEntry } from './zip';
