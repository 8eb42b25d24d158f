// The summaries of /update-progress-bill, newest period first, with edit and delete per row.
import { overallCompletion } from '../../../domain/pipeline';
import { formatRupiah, formatRupiahInput } from '../../../domain/rupiah';
import type { InvoiceSummary } from '../../../domain/invoiceSummary';
import type { SummaryId } from '../../../machines/summaryList.machine';
import { formatDate } from './DocumentsTable';

export interface SummaryTableProps {
  summaries: InvoiceSummary[];
  onEdit: (id: SummaryId) => void;
  onDelete: (id: SummaryId) => void;
  disabled?: boolean;
}

export function SummaryTable({ summaries, onEdit, onDelete, disabled }: SummaryTableProps) {
  return (
    <div className="app-table-scroll">
      <table className="striped bill-summary-table" aria-label="Daftar progres tagihan">
        <thead>
          <tr>
            <th scope="col">Periode</th>
            <th scope="col">Pelanggan Aktif</th>
            <th scope="col">Transaksi Layanan</th>
            <th scope="col">Nilai Transaksi</th>
            <th scope="col">Progres</th>
            <th scope="col">Diubah</th>
            <th scope="col">Aksi</th>
          </tr>
        </thead>
        <tbody>
          {summaries.map((s) => (
            <tr key={String(s.id)}>
              <th scope="row">{s.periodDisplay}</th>
              <td>{formatRupiahInput(s.activeCustomerCount)}</td>
              <td>{formatRupiahInput(s.totalTransactionCount)}</td>
              <td>{formatRupiah(s.totalTransactionAmount)}</td>
              <td>{overallCompletion(s)}%</td>
              <td>{formatDate(s.updatedAt)}</td>
              <td className="bill-row-actions">
                <button type="button" className="outline" disabled={disabled || s.id === null} aria-label={`Edit ${s.periodDisplay}`} onClick={() => s.id !== null && onEdit(s.id)}>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
