// 'Riwayat Generate' (issue 22): the generator runs recorded for the period, newest first, under
// the documents table. Read once per summary version (a saved progress reloads it).
import { useEffect, useState } from 'react';
import type { GenerationOutputKind, GenerationRun } from '../../../domain/billing/generationRun';
import type { InvoiceSummary } from '../../../domain/billing/invoiceSummary';
import { loadGenerationRuns } from '../../wiring/recordRun';

const OUTPUT_LABEL: Record<GenerationOutputKind, string> = {
  docx: 'Word gabungan',
  docx_per_row: 'Word per baris (.zip)',
  pdf: 'PDF gabungan',
  pdf_per_row: 'PDF per baris (.zip)',
};

const when = new Intl.DateTimeFormat('id-ID', { dateStyle: 'short', timeStyle: 'short' });

export function GenerationHistory({ summary }: { summary: InvoiceSummary }) {
  const [runs, setRuns] = useState<GenerationRun[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { id, updatedAt } = summary;
  useEffect(() => {
    if (id === null) return;
    let live = true;
    loadGenerationRuns(id).then(
      (list) => live && (setRuns(list), setFailed(false)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id, updatedAt]);

  return (
    <article className="bill-card bill-wide" aria-labelledby="bill-runs-heading">
      <h2 id="bill-runs-heading">Riwayat Generate</h2>
      {failed && <p role="alert">Gagal memuat riwayat generate</p>}
      {runs && runs.length === 0 && <p>Belum ada generate yang dicatat.</p>}
      {runs && runs.length > 0 && (
        <div
          className="app-table-scroll"
          tabIndex={0}
          role="region"
          aria-label="Tabel riwayat generate"
        >
          <table aria-labelledby="bill-runs-heading" className="striped app-stack-table">
            <thead>
              <tr>
                <th scope="col">Oleh</th>
                <th scope="col">Waktu</th>
                <th scope="col">Template</th>
                <th scope="col">File Data</th>
                <th scope="col">Baris</th>
                <th scope="col">Dokumen</th>
                <th scope="col">Hasil</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <td data-label="Oleh">{run.recordedByName}</td>
                  <td data-label="Waktu">{when.format(new Date(run.recordedAt))}</td>
                  <td data-label="Template">{run.templateName}</td>
                  <td data-label="File Data">{run.dataName}</td>
                  <td data-label="Baris">{run.rows}</td>
                  <td data-label="Dokumen">{run.documents}</td>
                  <td data-label="Hasil">{OUTPUT_LABEL[run.outputKind]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
