// The summaries of /update-progress-bill, newest period first, with edit and delete per row.
import { overallCompletion } from '../../../domain/billing/pipeline';
import { formatRupiah, formatRupiahInput } from '../../../domain/values/rupiah';
import type { InvoiceSummary } from '../../../domain/billing/invoiceSummary';
import type { SummaryId } from '../../../machines/summaryList/machine';
import { formatDate } from './DocumentsTable';

export interface SummaryTableProps {
  summaries: InvoiceSummary[];
  onEdit: (id: SummaryId) => void;
  onDelete: (id: SummaryId) => void;
  disabled?: boolean;
}

export function SummaryTable({ summaries, onEdit, onDelete, disabled }: SummaryTableProps) {
  return (
    <div className="app-table-scroll" tabIndex={0} role="region" aria-label="Tabel progres tagihan">
      <table
        className="striped bill-summary-table app-stack-table"
        aria-label="Daftar progres tagihan"
      >
        <thead>
          <tr>
            <th scope="col">Periode</th>
            <th scope="col">Pelanggan Aktif</th>
            <th scope="col">Transaksi Layanan</th>
            <th scope="col">Nilai Transaksi</th>
            <th scope="col">Progres</th>
            <th scope="col">Diubah</th>
            <th scope="col" className="app-sticky-end">
              Aksi
            </th>
          </tr>
        </thead>
        <tbody>
          {summaries.map((s) => (
            <tr key={String(s.id)}>
              <th scope="row" data-label="Periode">
                {s.periodDisplay}
              </th>
              <td data-label="Pelanggan Aktif">
                <bdi>{formatRupiahInput(s.activeCustomerCount)}</bdi>
              </td>
              <td data-label="Transaksi Layanan">
                <bdi>{formatRupiahInput(s.totalTransactionCount)}</bdi>
              </td>
              <td data-label="Nilai Transaksi">
                <bdi>{formatRupiah(s.totalTransactionAmount)}</bdi>
              </td>
              <td data-label="Progres">
                <bdi>{overallCompletion(s)}%</bdi>
              </td>
              <td data-label="Diubah">
                <bdi>{formatDate(s.updatedAt)}</bdi>
              </td>
              <td className="app-sticky-end app-row-actions">
                <div className="bill-row-actions">
                  <button
                    type="button"
                    className="outline"
                    disabled={disabled || s.id === null}
                    aria-label={`Edit ${s.periodDisplay}`}
                    onClick={() => s.id !== null && onEdit(s.id)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="outline app-danger-outline"
                    disabled={disabled || s.id === null}
                    aria-label={`Hapus ${s.periodDisplay}`}
                    onClick={() => s.id !== null && onDelete(s.id)}
                  >
                    Hapus
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
