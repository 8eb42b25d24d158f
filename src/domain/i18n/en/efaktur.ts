// English texts of the generator's e-Faktur XML (Coretax) output (issue 33). Coretax's field names
// and the button's text are DJP's and the issue's.

export const EFAKTUR_TEXTS = {
  lead: 'The selected rows as Faktur Pajak Keluaran for Coretax’s bulk import (TaxInvoiceBulk). No template is needed: the rows are the source.',
  mappingLead:
    'Each Coretax field takes the column chosen here; where none is, the voice-billing default is used (service 170102, quantity 1, the amount as price).',
  period: 'Tax period (invoice summary)',
  trxCode: 'Transaction code',
  addInfo: 'Additional Info (07/08)',
  facilityStamp: 'Facility Stamp (07/08)',
  date: 'Invoice date (when no column holds it)',
  field: 'Coretax field',
  column: 'Column',
  useDefault: '(default)',
  groupLines: 'Lines of each faktur',
  linesPerRow: 'One GoodService per row',
  linesSum: 'One line with the group’s sum',
  download: 'Download e-Faktur ({count} faktur)',
  problemsTitle: 'Nothing was downloaded: fix these rows in the sheet, or deselect them.',
  row: 'Row',
  problem: 'Problem',
  noSeller:
    'The seller is not set: an administrator fills NPWP Penjual, NITKU Penjual and Nama Penjual in Pengaturan Perusahaan.',
  noSummary: 'No invoice summary exists for this period.',
  repeated: 'Export again anyway',
  downloaded: '{count} faktur downloaded as {file}.',
  recordUploaded: 'Record uploaded',
  uploadedSaved: '{count} faktur recorded as uploaded to Coretax.',
  history: 'e-Faktur history of this period',
  exported: 'Exported {count} faktur',
  uploaded: 'Uploaded {count} faktur',
} as const;
