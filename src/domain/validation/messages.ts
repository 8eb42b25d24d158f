// Every validation text, written once (docs/product.md#input-rules and #messages). Billing screens speak Indonesian and
// account screens English (docs/product.md#languages); where no text was given we follow that split.
import type { SummaryFieldKey } from '../billing/invoiceSummary';
import { ACCOUNT_MESSAGES } from './accountMessages';
import { SETTINGS_MESSAGES } from './settingsMessages';

export { ACCOUNT_MESSAGES, SETTINGS_MESSAGES };

export const VALIDATION_MESSAGES = {
  // Accounts (English)
  ...ACCOUNT_MESSAGES,
  ...SETTINGS_MESSAGES,

  // Billing (Indonesian, docs/product.md#input-rules)
  PERIOD_REQUIRED: 'Periode tagihan harus diisi',
  PERIOD_FORMAT: 'Format periode tagihan harus YYYY-MM (contoh: 2024-01)',
  ACTIVE_CUSTOMERS_REQUIRED: 'Jumlah pelanggan aktif harus diisi dan lebih dari 0',
  TOTAL_TRANSACTIONS_REQUIRED: 'Jumlah transaksi harus diisi dan lebih dari 0',
  DRAFT_URL_REQUIRED: 'URL dokumen draft harus diisi',
  DRAFT_URL_INVALID: 'URL dokumen draft tidak valid',
  VERIFIED_URL_INVALID: 'URL dokumen verifikasi tidak valid',
  INVOICE_FOLDER_URL_INVALID: 'URL folder tagihan tidak valid',
  TAX_FOLDER_URL_INVALID: 'URL folder faktur pajak tidak valid',
  DOCUMENT_URL_INVALID: 'URL dokumen tidak valid',
  SUMMARY_PROGRESS_EXCEEDS_TOTAL: 'Jumlah transaksi progress tidak boleh melebihi total transaksi!',
  PROGRESS_EXCEEDS_TOTAL: 'Jumlah progress tidak boleh melebihi total transaksi!',
  PROGRESS_NEGATIVE: 'Jumlah progress tidak boleh negatif!',
  PROGRESS_NOT_INTEGER: 'Jumlah progress harus berupa bilangan bulat',
  INVOICE_ID_NOT_FOUND: 'Invoice ID not found',
  SUMMARY_SAVE_FAILED: 'Terjadi kesalahan saat menyimpan data',
  PROGRESS_SAVE_FAILED: 'Terjadi kesalahan saat menyimpan progress',
  PROGRESS_SAVED: 'Progress berhasil diupdate!',
  PERIOD_NOT_FOUND: 'No invoice summary found for this period',
} as const;

/** Create bill with a period that already has a summary (docs/product.md#messages), also the server's 409 message. */
export function periodExistsMessage(period: string): string {
  return `Invoice summary untuk periode ${period} sudah ada. Gunakan halaman Update untuk mengubah data.`;
}

/** Indonesian names of the summary fields, used in messages worded nowhere else. */
export const SUMMARY_FIELD_LABELS: Readonly<Record<SummaryFieldKey, string>> = {
  period: 'Periode tagihan',
  activeCustomerCount: 'Jumlah pelanggan aktif',
  totalTransactionCount: 'Jumlah transaksi',
  totalTransactionAmount: 'Nilai transaksi',
  localVoiceCallAmount: 'Nilai transaksi Lokal',
  mobileLocalVoiceCallAmount: 'Nilai transaksi HP Lokal',
  longDistanceVoiceCallAmount: 'Nilai transaksi SLJJ',
  mobileLongDistanceVoiceCallAmount: 'Nilai transaksi HP SLJJ',
  internationalVoiceCallAmount: 'Nilai transaksi SLI',
  activationServiceAmount: 'Nilai Aktivasi',
  subscriptionServiceAmount: 'Nilai Abodemen',
  mincomServiceAmount: 'Nilai Mincom',
  resellServiceAmount: 'Nilai Resell',
  otherServiceAmount: 'Nilai Lainnya',
  usageTransactionCount: 'Jumlah Penyediaan Data Transaksi',
  verifiedInvoiceCount: 'Jumlah Verifikasi Transaksi & Tagihan',
  generatedInvoiceCount: 'Jumlah Generate Tagihan',
  deliveredInvoiceCount: 'Jumlah Pengiriman Tagihan',
  uploadedTaxInvoiceCount: 'Jumlah Upload Faktur Pajak',
  draftInvoiceFileUrl: 'URL dokumen draft',
  verifiedInvoiceFileUrl: 'URL dokumen verifikasi',
  invoiceFolderUrl: 'URL folder tagihan',
  taxInvoiceFolderUrl: 'URL folder faktur pajak',
};

export const notIntegerMessage = (label: string): string => `${label} harus berupa bilangan bulat`;
export const negativeMessage = (label: string): string => `${label} tidak boleh negatif`;
export const tooLargeMessage = (label: string): string => `${label} terlalu besar`;
