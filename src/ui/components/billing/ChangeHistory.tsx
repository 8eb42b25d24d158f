// 'Riwayat Perubahan' (issue 25): who changed the period's summary, when, and what (the form's
// labels, old → new), newest first, under the period's other cards. In Indonesian, as the
// billing screens are in both languages; read again whenever the summary changes.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { HISTORY_ID } from '../../../domain/i18n/idHistory';
import type { InvoiceSummary } from '../../../domain/billing/invoiceSummary';
import { historyMachine } from '../../../machines/history/machine';
import {
  selectHistoryError,
  selectHistoryEvents,
  selectHistoryLoading,
  selectHistoryPage,
  selectHistoryPages,
} from '../../../machines/history/selectors';
import { loadSummaryHistory } from '../../wiring/billing';
import { useInspect } from '../../shell/hooks';
import { HistoryTable } from '../history/HistoryTable';

const LABELS = {
  table: 'Tabel riwayat perubahan',
  when: 'Waktu',
  by: 'Oleh',
  what: 'Kejadian',
  changes: 'Perubahan',
};

export function ChangeHistory({ summary }: { summary: InvoiceSummary & { id: string | number } }) {
  const history = useActorRef(
    historyMachine.provide({ actors: { loadHistory: loadSummaryHistory } }),
    {
      input: { id: summary.id, failedText: 'Gagal memuat riwayat perubahan' },
      inspect: useInspect(),
    },
  );
  const events = useSelector(history, selectHistoryEvents);
  const error = useSelector(history, selectHistoryError);
  const loading = useSelector(history, selectHistoryLoading);
  const page = useSelector(history, selectHistoryPage);
  const pages = useSelector(history, selectHistoryPages);

  // A saved progress (a new version) or another period: read again from the newest.
  const seen = useRef(`${summary.id}:${summary.version}:${summary.updatedAt}`);
  useEffect(() => {
    const key = `${summary.id}:${summary.version}:${summary.updatedAt}`;
    if (key === seen.current) return;
    seen.current = key;
    history.send({ type: 'history.reload', id: summary.id });
  }, [history, summary.id, summary.version, summary.updatedAt]);

  return (
    <article
      className="bill-card bill-wide"
      aria-labelledby="bill-changes-heading"
      aria-busy={loading || undefined}
    >
      <h2 id="bill-changes-heading">Riwayat Perubahan</h2>
      {error && <p role="alert">{error}</p>}
      {!error && !loading && events.length === 0 && <p>Belum ada perubahan yang dicatat.</p>}
      {events.length > 0 && <HistoryTable events={events} texts={HISTORY_ID} labels={LABELS} />}
      {pages > 1 && (
        <nav className="bill-history-pager" aria-label="Halaman riwayat perubahan">
          <button
            type="button"
            className="secondary outline"
            disabled={loading || page <= 1}
            onClick={() => history.send({ type: 'history.page', page: page - 1 })}
          >
            Sebelumnya
          </button>
          <span>
            Halaman {page} dari {pages}
          </span>
          <button
            type="button"
            className="secondary outline"
            disabled={loading || page >= pages}
            onClick={() => history.send({ type: 'history.page', page: page + 1 })}
          >
            Berikutnya
          </button>
        </nav>
      )}
    </article>
  );
}
