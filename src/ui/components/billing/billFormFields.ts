// The fields of the invoice summary form in their groups (fieldsets), with each field's kind,
// hint and when it is required: the table BillForm.tsx renders.
import {
  AMOUNT_SERIES,
  DOCUMENT_ROWS,
  type SummaryFieldKey,
} from '../../../domain/billing/invoiceSummary';
import { PIPELINE_STEPS } from '../../../domain/billing/pipeline';

export type Kind = 'period' | 'count' | 'amount' | 'url';

export interface FieldSpec {
  key: SummaryFieldKey;
  label: string;
  kind: Kind;
  hint?: string;
  required?: 'create' | 'always';
}

export const GROUPS: { legend: string; description?: string; fields: FieldSpec[] }[] = [
  {
    legend: 'Pelanggan & transaksi',
    fields: [
      {
        key: 'activeCustomerCount',
        label: 'Jumlah pelanggan aktif',
        kind: 'count',
        required: 'always',
      },
      {
        key: 'totalTransactionCount',
        label: 'Jumlah transaksi',
        kind: 'count',
        required: 'always',
      },
      {
        key: 'totalTransactionAmount',
        label: 'Nilai transaksi',
        kind: 'amount',
        hint: 'Rupiah termasuk PPN',
      },
    ],
  },
  {
    legend: 'Nilai per jenis panggilan',
    fields: AMOUNT_SERIES.map((s) => ({
      key: s.key,
      label: `Nilai ${s.label}`,
      kind: 'amount' as const,
    })),
  },
  {
    legend: 'Progres',
    description:
      'Jumlah transaksi yang sudah selesai di tiap tahap; tidak boleh melebihi jumlah transaksi.',
    fields: PIPELINE_STEPS.map((s) => ({
      key: s.countKey,
      label: s.title,
      kind: 'count' as const,
    })),
  },
  {
    legend: 'Dokumen',
    fields: DOCUMENT_ROWS.map((d) => ({
      key: d.key,
      label: `URL ${d.name}`,
      kind: 'url' as const,
      hint: d.type === 'Folder' ? 'Link folder bersama' : 'Link file bersama',
      required: d.key === 'draftInvoiceFileUrl' ? ('create' as const) : undefined,
    })),
  },
];
