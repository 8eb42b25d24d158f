// The merge stage: selected rows and a compiled template into one .docx (a section per row), one
// .docx per row in a zip, or the mapped rows as an .xlsx. The only module the worker's surface imports.
export { mergeDocuments, type MergeProgress } from './mergeDocuments';
export { zipPerRow } from './zipPerRow';
export { previewRow } from './previewRow';
export { exportRows } from './exportRows';
export { createTemplateCache } from './templateCache';
export { sectionPageRanges, splitPdfPerSection } from './splitPdf';
export { groupingOf, groupOfRow, readSelection } from './groupRows';
export { QRIS_INVOICE_KEY, type PictureSources } from './pictures';
export { efakturOf } from './efaktur';
