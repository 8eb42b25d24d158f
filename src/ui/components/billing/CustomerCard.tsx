// The customer card: active customers, transaction count and value of the period.
import { formatRupiah, formatRupiahInput } from '../../../domain/values/rupiah';
import type { InvoiceSummary } from '../../../domain/billing/invoiceSummary';

export function CustomerCard({ summary }: { summary: InvoiceSummary }) {
  const figures = [
    { label: 'Pelanggan Aktif', value: formatRupiahInput(summary.activeCustomerCount) },
    { label: 'Transaksi Layanan', value: formatRupiahInput(summary.totalTransactionCount) },
    { label: 'Nilai Transaksi', value: formatRupiah(summary.totalTransactionAmount) },
  ];
  return (
    <article className="bill-card" aria-labelledby="bill-customers-heading">
      <h2 id="bill-customers-heading">Pelanggan</h2>
      <dl className="bill-figures">
        {figures.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
