export { loadPdfConfig, type PdfConfig } from './config';
export { PdfPool } from './pool';
export { PdfConversionError } from './result';
export { PdfBusyError } from './tickets';
export { SandboxUnavailableError } from './sandbox';
export { PDF_SECONDS_BUCKETS, type PdfPoolStats } from './stats';
export { convertDocument, PdfChunkError } from './chunked';
export { SharedChunks } from './shared';
export type { DocxCut } from './chunks';
