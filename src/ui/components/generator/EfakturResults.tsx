// What the e-Faktur output answers (docs/efaktur.md): every problem by row and column while nothing
// downloads, the keys exported before (with Export again anyway), Record uploaded after a
// download, and the period's exports and uploads, newest first.
import { EFAKTUR_TEXTS } from '../../../domain/i18n/en/efaktur';
import { fill } from '../../../domain/i18n';
import { useTexts, useTranslate } from '../../layout/i18n';
import { Alert } from '../Alert';
import type { EfakturExport } from './useEfakturExport';

export function EfakturResults({ work }: { work: EfakturExport }) {
  const t = useTexts('efaktur', EFAKTUR_TEXTS);
  const tr = useTranslate();
  const { problems, message, repeatedKeys, history, busy } = work;
  return (
    <>
      {problems.length > 0 && (
        <div role="alert" className="gen-efaktur-problems">
          <p>{t.problemsTitle}</p>
          <div className="app-table-scroll">
            <table aria-label={t.problemsTitle}>
              <thead>
                <tr>
                  <th scope="col">{t.row}</th>
                  <th scope="col">{t.column}</th>
                  <th scope="col">{t.problem}</th>
                </tr>
              </thead>
              <tbody>
                {problems.map((p, i) => (
                  <tr key={i}>
                    <td>{p.row || ''}</td>
                    <td>{p.column}</td>
                    <td>{tr(p.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {message && <Alert type={message.type}>{tr(message.text)}</Alert>}
      {repeatedKeys && (
        <>
          <ul>
            {repeatedKeys.map((k) => (
              <li key={k.key}>
                {k.key} — {k.by}, {k.recorded_at.slice(0, 10)}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => void work.exportAgain()}
          >
            {t.repeated}
          </button>
        </>
      )}
      {work.canRecordUpload && (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => void work.recordUploaded()}
        >
          {t.recordUploaded}
        </button>
      )}
      {history.length > 0 && (
        <>
          <h3>{t.history}</h3>
          <ul>
            {history.map((r) => (
              <li key={r.id}>
                {fill(r.kind === 'export' ? t.exported : t.uploaded, { count: r.faktur })} —{' '}
                {r.recorded_by_name}, {new Date(r.recorded_at).toLocaleString()}
                {r.files.length > 0 && ` (${r.files.map((f) => f.name).join(', ')})`}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
