// The billing pipeline of docs/product.md#flows: five steps, each a count against the total transactions.
import type {
  InvoiceSummaryValues,
  SummaryCountField,
  SummaryUrlField,
  SummaryUrlKey,
} from './invoiceSummary';

/** Front-end names of the five progress counts. */
export type ProgressCountKey =
  | 'usageTransactionCount'
  | 'verifiedInvoiceCount'
  | 'generatedInvoiceCount'
  | 'deliveredInvoiceCount'
  | 'uploadedTaxInvoiceCount';

export type PipelineStepKey = 'usage' | 'verified' | 'generated' | 'delivered' | 'taxUploaded';
export type ProgressPath =
  | 'progress-usage'
  | 'progress-verified'
  | 'progress-generated'
  | 'progress-delivered'
  | 'progress-tax-uploaded';

export interface PipelineStep {
  readonly key: PipelineStepKey;
  readonly title: string;
  /** API name of the count (also the body field of the progress call). */
  readonly countField: SummaryCountField;
  /** Front-end name of the count. */
  readonly countKey: ProgressCountKey;
  /** The document this step produces, or null (delivery has none). */
  readonly urlField: SummaryUrlField | null;
  readonly urlKey: SummaryUrlKey | null;
  /** PUT /invoice-summaries/{progressPath}/{id}. */
  readonly progressPath: ProgressPath;
}

/**
 * URL pairing follows the order of docs/product.md#api's progress calls and their optional URL list:
 * usage ↔ draft worksheet, verified ↔ verification worksheet, generated ↔ invoice folder,
 * tax uploaded ↔ tax invoice folder; delivery sends documents out and has no URL of its own.
 */
export const PIPELINE_STEPS: readonly PipelineStep[] = [
  {
    key: 'usage',
    title: 'Penyediaan Data Transaksi',
    countField: 'number_of_usage_transaction',
    countKey: 'usageTransactionCount',
    urlField: 'url_shared_file_draft_invoice',
    urlKey: 'draftInvoiceFileUrl',
    progressPath: 'progress-usage',
  },
  {
    key: 'verified',
    title: 'Verifikasi Transaksi & Tagihan',
    countField: 'number_of_verified_invoice',
    countKey: 'verifiedInvoiceCount',
    urlField: 'url_shared_file_verified_invoice',
    urlKey: 'verifiedInvoiceFileUrl',
    progressPath: 'progress-verified',
  },
  {
    key: 'generated',
    title: 'Generate Tagihan',
    countField: 'number_of_generated_invoice',
    countKey: 'generatedInvoiceCount',
    urlField: 'url_shared_folder_invoice',
    urlKey: 'invoiceFolderUrl',
    progressPath: 'progress-generated',
  },
  {
    key: 'delivered',
    title: 'Pengiriman Tagihan',
    countField: 'number_of_delivered_invoice',
    countKey: 'deliveredInvoiceCount',
    urlField: null,
    urlKey: null,
    progressPath: 'progress-delivered',
  },
  {
    key: 'taxUploaded',
    title: 'Upload Faktur Pajak',
    countField: 'number_of_uploaded_tax_invoice',
    countKey: 'uploadedTaxInvoiceCount',
    urlField: 'url_shared_folder_tax_invoice',
    urlKey: 'taxInvoiceFolderUrl',
    progressPath: 'progress-tax-uploaded',
  },
];

export function pipelineStep(key: PipelineStepKey): PipelineStep {
  const step = PIPELINE_STEPS.find((s) => s.key === key);
  if (!step) throw new RangeError(`Unknown pipeline step: ${key}`);
  return step;
}

/** The step whose progress call has this path segment, or undefined. */
export function stepByProgressPath(path: string): PipelineStep | undefined {
  return PIPELINE_STEPS.find((s) => s.progressPath === path);
}

/** count / total as a whole percentage: rounded, 0 when total ≤ 0 or not a number, clamped to 0..100. */
export function percentage(count: number, total: number): number {
  if (!Number.isFinite(count) || !Number.isFinite(total) || total <= 0) return 0;
  const pct = Math.round((count / total) * 100);
  return Math.min(100, Math.max(0, pct));
}

export type PipelineCounts = Pick<InvoiceSummaryValues, 'totalTransactionCount' | ProgressCountKey>;

export interface StepProgress {
  readonly step: PipelineStep;
  readonly count: number;
  readonly total: number;
  readonly percentage: number;
  readonly band: ColourBand;
}

/** The five bars of 'Progres Penagihan'. */
export function stepProgress(summary: PipelineCounts): StepProgress[] {
  const total = summary.totalTransactionCount;
  return PIPELINE_STEPS.map((step) => {
    const count = summary[step.countKey];
    const pct = percentage(count, total);
    return { step, count, total, percentage: pct, band: colourBand(pct) };
  });
}

/** Rounded mean of the five (rounded) step percentages. */
export function overallCompletion(summary: PipelineCounts): number {
  const sum = PIPELINE_STEPS.reduce(
    (acc, step) => acc + percentage(summary[step.countKey], summary.totalTransactionCount),
    0,
  );
  return Math.round(sum / PIPELINE_STEPS.length);
}

export type ColourBand = 'success' | 'info' | 'warning' | 'danger';

/** ≥80 success (green), ≥60 info (blue), ≥40 warning (orange), else danger (red). */
export function colourBand(pct: number): ColourBand {
  if (pct >= 80) return 'success';
  if (pct >= 60) return 'info';
  if (pct >= 40) return 'warning';
  return 'danger';
}
