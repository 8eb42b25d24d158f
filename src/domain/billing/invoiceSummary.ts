// The invoice summary of one period: API (snake case) ↔ front-end names of docs/product.md#data.
import { formatPeriodDisplay } from './period';
import { parseRupiah } from '../values/rupiah';
import { toCamelCase } from '../text/case';

/** What the server answers after a write and the bill screens show (docs/product.md#api), written once. */
export const SUMMARY_SAVED_TEXTS = {
  created: 'Invoice summary berhasil dibuat',
  updated: 'Invoice summary berhasil diupdate',
  deleted: 'Invoice summary berhasil dihapus',
} as const;

export type SummaryFieldKind = 'period' | 'count' | 'amount' | 'url';

export interface SummaryField<K extends string = string, A extends string = string> {
  /** Front-end name. */
  readonly key: K;
  /** API name (snake case). */
  readonly api: A;
  readonly kind: SummaryFieldKind;
}

/** Every writable field of a summary, in the order of docs/product.md#data. */
export const INVOICE_SUMMARY_FIELDS = [
  { key: 'period', api: 'invoice_period', kind: 'period' },
  { key: 'activeCustomerCount', api: 'number_of_active_customer', kind: 'count' },
  { key: 'totalTransactionCount', api: 'number_of_total_transaction', kind: 'count' },
  { key: 'totalTransactionAmount', api: 'amount_of_total_transaction', kind: 'amount' },
  { key: 'localVoiceCallAmount', api: 'amount_of_local_voice_transaction', kind: 'amount' },
  {
    key: 'mobileLocalVoiceCallAmount',
    api: 'amount_of_hp_local_voice_transaction',
    kind: 'amount',
  },
  { key: 'longDistanceVoiceCallAmount', api: 'amount_of_voice_sljj_transaction', kind: 'amount' },
  {
    key: 'mobileLongDistanceVoiceCallAmount',
    api: 'amount_of_hp_voice_sljj_transaction',
    kind: 'amount',
  },
  { key: 'internationalVoiceCallAmount', api: 'amount_of_voice_sli_transaction', kind: 'amount' },
  { key: 'activationServiceAmount', api: 'amount_of_activation_transaction', kind: 'amount' },
  { key: 'subscriptionServiceAmount', api: 'amount_of_subscription_transaction', kind: 'amount' },
  { key: 'mincomServiceAmount', api: 'amount_of_mincom_transaction', kind: 'amount' },
  { key: 'resellServiceAmount', api: 'amount_of_resell_transaction', kind: 'amount' },
  { key: 'otherServiceAmount', api: 'amount_of_other_cost_transaction', kind: 'amount' },
  { key: 'usageTransactionCount', api: 'number_of_usage_transaction', kind: 'count' },
  { key: 'verifiedInvoiceCount', api: 'number_of_verified_invoice', kind: 'count' },
  { key: 'generatedInvoiceCount', api: 'number_of_generated_invoice', kind: 'count' },
  { key: 'deliveredInvoiceCount', api: 'number_of_delivered_invoice', kind: 'count' },
  { key: 'uploadedTaxInvoiceCount', api: 'number_of_uploaded_tax_invoice', kind: 'count' },
  { key: 'draftInvoiceFileUrl', api: 'url_shared_file_draft_invoice', kind: 'url' },
  { key: 'verifiedInvoiceFileUrl', api: 'url_shared_file_verified_invoice', kind: 'url' },
  { key: 'invoiceFolderUrl', api: 'url_shared_folder_invoice', kind: 'url' },
  { key: 'taxInvoiceFolderUrl', api: 'url_shared_folder_tax_invoice', kind: 'url' },
] as const satisfies readonly SummaryField[];

type FieldRow = (typeof INVOICE_SUMMARY_FIELDS)[number];
export type SummaryFieldKey = FieldRow['key'];
export type SummaryApiField = FieldRow['api'];
type KeysOf<Kind extends SummaryFieldKind> = Extract<FieldRow, { kind: Kind }>['key'];
type ApisOf<Kind extends SummaryFieldKind> = Extract<FieldRow, { kind: Kind }>['api'];
export type SummaryCountKey = KeysOf<'count'>;
export type SummaryAmountKey = KeysOf<'amount'>;
export type SummaryUrlKey = KeysOf<'url'>;
export type SummaryCountField = ApisOf<'count'>;
export type SummaryAmountField = ApisOf<'amount'>;
export type SummaryUrlField = ApisOf<'url'>;

/** The writable values of a summary, front-end names. */
export type InvoiceSummaryValues = { period: string } & Record<
  SummaryCountKey | SummaryAmountKey,
  number
> &
  Record<SummaryUrlKey, string>;

/** A summary as the browser uses it. */
export interface InvoiceSummary extends InvoiceSummaryValues {
  id: string | number | null;
  periodDisplay: string;
  createdAt: string | null;
  updatedAt: string | null;
  totalRevenue: number;
  totalCost: number;
  netRevenue: number;
  /** +1 on every write; sent back as If-Match so a stale edit is refused (absent: not known). */
  version?: number;
}

/** The request body of a create/update, API names. */
export type InvoiceSummaryApiBody = Partial<
  { invoice_period: string } & Record<SummaryCountField | SummaryAmountField, number> &
    Record<SummaryUrlField, string>
>;

export const SUMMARY_FIELD_BY_KEY: Readonly<Record<SummaryFieldKey, FieldRow>> = Object.fromEntries(
  INVOICE_SUMMARY_FIELDS.map((f) => [f.key, f]),
) as Record<SummaryFieldKey, FieldRow>;

export const SUMMARY_FIELD_BY_API: Readonly<Record<SummaryApiField, FieldRow>> = Object.fromEntries(
  INVOICE_SUMMARY_FIELDS.map((f) => [f.api, f]),
) as Record<SummaryApiField, FieldRow>;

export const COUNT_KEYS = INVOICE_SUMMARY_FIELDS.filter((f) => f.kind === 'count').map(
  (f) => f.key,
) as SummaryCountKey[];
export const AMOUNT_KEYS = INVOICE_SUMMARY_FIELDS.filter((f) => f.kind === 'amount').map(
  (f) => f.key,
) as SummaryAmountKey[];
export interface AmountSeries {
  readonly key: SummaryAmountKey;
  readonly api: SummaryAmountField;
  readonly label: string;
  /** Shown only in the single-period view of the chart (docs/product.md#limits). */
  readonly singlePeriodOnly: boolean;
}

/** The chart series of 'Transaksi Pemakaian' in the order of docs/product.md#limits, mapped in the order of #data. */
export const AMOUNT_SERIES: readonly AmountSeries[] = [
  {
    key: 'localVoiceCallAmount',
    api: 'amount_of_local_voice_transaction',
    label: 'Lokal',
    singlePeriodOnly: false,
  },
  {
    key: 'mobileLocalVoiceCallAmount',
    api: 'amount_of_hp_local_voice_transaction',
    label: 'HP Lokal',
    singlePeriodOnly: false,
  },
  {
    key: 'longDistanceVoiceCallAmount',
    api: 'amount_of_voice_sljj_transaction',
    label: 'SLJJ',
    singlePeriodOnly: false,
  },
  {
    key: 'mobileLongDistanceVoiceCallAmount',
    api: 'amount_of_hp_voice_sljj_transaction',
    label: 'HP SLJJ',
    singlePeriodOnly: false,
  },
  {
    key: 'internationalVoiceCallAmount',
    api: 'amount_of_voice_sli_transaction',
    label: 'SLI',
    singlePeriodOnly: false,
  },
  {
    key: 'activationServiceAmount',
    api: 'amount_of_activation_transaction',
    label: 'Aktivasi',
    singlePeriodOnly: true,
  },
  {
    key: 'subscriptionServiceAmount',
    api: 'amount_of_subscription_transaction',
    label: 'Abodemen',
    singlePeriodOnly: true,
  },
  {
    key: 'mincomServiceAmount',
    api: 'amount_of_mincom_transaction',
    label: 'Mincom',
    singlePeriodOnly: true,
  },
  {
    key: 'resellServiceAmount',
    api: 'amount_of_resell_transaction',
    label: 'Resell',
    singlePeriodOnly: true,
  },
  {
    key: 'otherServiceAmount',
    api: 'amount_of_other_cost_transaction',
    label: 'Lainnya',
    singlePeriodOnly: true,
  },
];

/** The series of the chart: all ten for one period, the five voice series for the overview. */
export function chartSeries(singlePeriod: boolean): AmountSeries[] {
  return AMOUNT_SERIES.filter((s) => singlePeriod || !s.singlePeriodOnly);
}

export interface DocumentRow {
  /** 'Dokumen' column. */
  readonly name: string;
  /** 'Jenis' column. */
  readonly type: 'File' | 'Folder';
  readonly key: SummaryUrlKey;
  readonly api: SummaryUrlField;
}

/** Rows of 'Dokumen Pendukung Penagihan' (docs/product.md#screens, #data). */
export const DOCUMENT_ROWS: readonly DocumentRow[] = [
  {
    name: 'Data Transaksi (Draft Tagihan)',
    type: 'File',
    key: 'draftInvoiceFileUrl',
    api: 'url_shared_file_draft_invoice',
  },
  {
    name: 'Verifikasi Transaksi & Tagihan',
    type: 'File',
    key: 'verifiedInvoiceFileUrl',
    api: 'url_shared_file_verified_invoice',
  },
  { name: 'Tagihan', type: 'Folder', key: 'invoiceFolderUrl', api: 'url_shared_folder_invoice' },
  {
    name: 'Faktur Pajak',
    type: 'Folder',
    key: 'taxInvoiceFolderUrl',
    api: 'url_shared_folder_tax_invoice',
  },
];

function read(source: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) {
    const value = source[name];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string') return parseRupiah(value) ?? 0;
  return 0;
}

function toText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function toNullableText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return null;
}

/**
 * An API object (snake case, or the camel-cased snake names the browser client produces, or
 * already front-end names) → the front-end summary. Missing numbers 0, missing URLs ''.
 * Numeric strings (PostgreSQL int8 comes as text) are read as numbers.
 */
export function toFrontEnd(apiObject: Record<string, unknown> | null | undefined): InvoiceSummary {
  const src = apiObject ?? {};
  const out: Record<string, unknown> = {};
  for (const f of INVOICE_SUMMARY_FIELDS) {
    const raw = read(src, f.api, toCamelCase(f.api), f.key);
    out[f.key] = f.kind === 'count' || f.kind === 'amount' ? toNumber(raw) : toText(raw);
  }
  const period = out.period as string;
  const totalRevenue = toNumber(read(src, 'totalRevenue', 'total_revenue'));
  const totalCost = toNumber(read(src, 'totalCost', 'total_cost'));
  const net = read(src, 'netRevenue', 'net_revenue');
  const id = read(src, 'id');
  const version = read(src, 'version');
  return {
    ...(out as InvoiceSummaryValues),
    id: typeof id === 'string' || typeof id === 'number' ? id : null,
    periodDisplay: formatPeriodDisplay(period),
    createdAt: toNullableText(read(src, 'createdAt', 'created_at')),
    updatedAt: toNullableText(read(src, 'updatedAt', 'updated_at')),
    totalRevenue,
    totalCost,
    netRevenue: net === undefined ? totalRevenue - totalCost : toNumber(net),
    ...(typeof version === 'number' && Number.isInteger(version) ? { version } : {}),
  };
}

/**
 * Front-end values → API body. Counts and amounts become integers (rounded; text such as
 * '1.500.000' is parsed; unreadable values 0); null/undefined fields are dropped, so a partial
 * object gives a partial body. Read-only fields (id, periodDisplay, dates, revenue) are not sent.
 */
export function toApi(frontEnd: Partial<Record<SummaryFieldKey, unknown>>): InvoiceSummaryApiBody {
  const body: Record<string, unknown> = {};
  for (const f of INVOICE_SUMMARY_FIELDS) {
    const value = frontEnd[f.key];
    if (value === undefined || value === null) continue;
    if (f.kind === 'count' || f.kind === 'amount') {
      body[f.api] = Math.round(toNumber(value));
    } else {
      body[f.api] = String(value).trim();
    }
  }
  return body as InvoiceSummaryApiBody;
}

/** A summary with every number 0 and every text '' — the start of the create form. */
export function emptySummaryValues(period = ''): InvoiceSummaryValues {
  const out: Record<string, unknown> = {};
  for (const f of INVOICE_SUMMARY_FIELDS)
    out[f.key] = f.kind === 'count' || f.kind === 'amount' ? 0 : '';
  out.period = period;
  return out as InvoiceSummaryValues;
}
