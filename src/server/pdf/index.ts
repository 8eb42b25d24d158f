export { loadPdfConfig, type PdfConfig } from './config';
export { PdfConversionError, PdfPool, type Ticket } from './pool';
export { PDF_SECONDS_BUCKETS, type PdfPoolStats } from './stats';
