// 'Dokumen Pendukung Penagihan': the supporting documents of the period, opened safely in a new tab.
// In a narrow box (a phone) each document is a stacked card, so 'Diubah' and 'Lihat' stay in view.
import { DOCUMENT_ROWS, type InvoiceSummary } from '../../../domain/billing/invoiceSummary';
import { isSafeDocumentUrl } from '../../../domain/validation';

const dateFormat = new Intl.DateTimeFormat('id-ID', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** DD/MM/YYYY (docs/product.md#limits), or '—'. */
export function formatDate(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

export function DocumentsTable({ summary }: { summary: InvoiceSummary }) {
  return (
    <article className="bill-card bill-wide" aria-labelledby="bill-documents-heading">
      <h2 id="bill-documents-heading">Dokumen Pendukung Penagihan</h2>
      <div
        className="app-table-scroll"
        tabIndex={0}
        role="region"
        aria-label="Tabel dokumen pendukung"
      >
        <table aria-labelledby="bill-documents-heading" className="striped app-stack-table">
          <thead>
            <tr>
              <th scope="col">Dokumen</th>
              <th scope="col">Jenis</th>
              <th scope="col">Dibuat</th>
              <th scope="col">Diubah</th>
              <th scope="col">Link</th>
            </tr>
          </thead>
          <tbody>
            {DOCUMENT_ROWS.map((row) => {
              const url = summary[row.key];
              return (
                <tr key={row.key}>
                  <th scope="row">{row.name}</th>
                  <td data-label="Jenis">{row.type}</td>
                  <td data-label="Dibuat">{formatDate(summary.createdAt)}</td>
                  <td data-label="Diubah">{formatDate(summary.updatedAt)}</td>
                  <td data-label="Link">
                    {url && isSafeDocumentUrl(url) ? (
                      <a
                        href={url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Lihat ${row.name}`}
                      >
                        Lihat
                      </a>
                    ) : (
                      <span className="app-muted">Belum ada</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </article>
  );
}
