// The labels of the invoice summary form (Buat / Update Progres Tagihan), by API field name: the
// words people know a field by, so histories and exports name a field the way the form does.
// Billing screens are Indonesian in both languages (docs/product.md#languages), so these are too.
import { AMOUNT_SERIES, DOCUMENT_ROWS, type SummaryApiField } from './invoiceSummary';
import { PIPELINE_STEPS } from './pipeline';

function formLabels(): Record<SummaryApiField, string> {
  const labels: Partial<Record<SummaryApiField, string>> = {
    invoice_period: 'Periode tagihan',
    number_of_active_customer: 'Jumlah pelanggan aktif',
    number_of_total_transaction: 'Jumlah transaksi',
    amount_of_total_transaction: 'Nilai transaksi',
  };
  for (const series of AMOUNT_SERIES) labels[series.api] = `Nilai ${series.label}`;
  for (const step of PIPELINE_STEPS) labels[step.countField] = step.title;
  for (const row of DOCUMENT_ROWS) labels[row.api] = `URL ${row.name}`;
  return labels as Record<SummaryApiField, string>;
}

export const SUMMARY_FORM_LABELS: Readonly<Record<SummaryApiField, string>> = formLabels();
