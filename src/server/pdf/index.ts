export { loadPdfConfig, type PdfConfig } from './config';
export { PdfConversionError, PdfPool, type PdfResult, type Ticket } from './pool';
export { PDF_SECONDS_BUCKETS, type PdfOutcome, type PdfPoolStats } from './stats';
