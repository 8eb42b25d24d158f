// The .docx sanitiser: what reaches LibreOffice (and later the merge's readers) holds no link
// that would be followed without a click. Not re-exported from src/domain: only the server and
// the generator worker import it.
export { sanitiseDocx, type SanitiseDocxOptions, type SanitisedDocx } from './sanitiseDocx';
export { DOCX_MESSAGES, DocxRefusedError, type DocxRefusal } from './messages';
export { looksLikeZip, type DeflateCodec } from './zip';
export type { SanitiseMode, SanitiseReport } from './sanitisePart';
