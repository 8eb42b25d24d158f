// English texts of Pengaturan Perusahaan (issue 33). The field names are DJP's and the screen's
// own, the same in both languages.

export const COMPANY_TEXTS = {
  lead: 'The seller on every e-Faktur XML, and the static QRIS that the invoices turn into a QRIS with their amount. Only administrators change them.',
  npwp: 'NPWP Penjual',
  npwpHint: '16 digits, as in Coretax.',
  nitku: 'NITKU Penjual',
  nitkuHint: 'The NPWP and a 6-digit TKU: 22 digits (000000 for the head office).',
  name: 'Nama Penjual',
  qris: 'QRIS Statis',
  qrisHint:
    'Optional. The text of the merchant’s static QRIS (read it from the QR with any scanner app), starting with 000201.',
  save: 'Simpan',
  saved: 'Company settings saved.',
  loading: 'Loading the company settings…',
  lastChanged: 'Last changed {when}.',
  fixErrors: 'Fix the fields marked below, then save again.',
} as const;
