// /update-progress-bill (docs/product.md#screens): the table of summaries or the edit form of one of them;
// ?period= opens that period's summary; delete asks first.
import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { Link, useLocation, useSearch } from 'wouter';
import type { InvoiceSummary } from '../../domain/billing/invoiceSummary';
import { billFormMachine, isBillFormDirty } from '../../machines/billForm/machine';
import { selectedSummary, summaryListMachine } from '../../machines/summaryList/machine';
import { Alert } from '../components/Alert';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LeaveGuard } from '../components/LeaveGuard';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { PageHeader } from '../components/PageHeader';
import { BillForm } from '../components/billing/BillForm';
import { deleteSummary, exportSummaries, loadSummaries, saveBill } from '../wiring/billing';
import { ExportButtons } from '../components/ExportButtons';
import { exportFileMachine } from '../../machines/exportFile/machine';
import { SummaryTable } from '../components/billing/SummaryTable';
import { useInspect } from '../shell/hooks';

/** The list's Export, in Indonesian as the billing screens are. */
const EXPORT_TEXTS = {
  export: 'Ekspor',
  exportAs: 'Ekspor {format}',
  exporting: 'Mengekspor…',
  exported: 'Diunduh: {file}',
};

type ListRef = ReturnType<typeof useMachine<typeof summaryListMachine>>[2];

function EditSummary({ summary, list }: { summary: InvoiceSummary; list: ListRef }) {
  const [, , actorRef] = useMachine(
    billFormMachine.provide({
      actors: { saveBill },
      actions: {
        billSaved: (_, params) => list.send({ type: 'list.saved', message: params.message }),
        leaveForm: () => list.send({ type: 'list.closeEditor' }),
      },
    }),
    { input: { mode: 'update', summary }, inspect: useInspect() },
  );
  const dirty = useSelector(actorRef, isBillFormDirty);
  return (
    <article className="bill-card">
      <h2>Edit progres tagihan {summary.periodDisplay}</h2>
      <BillForm actorRef={actorRef} />
      <LeaveGuard dirty={dirty} />
    </article>
  );
}

export default function UpdateProgressBillPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [snapshot, , list] = useMachine(
    summaryListMachine.provide({
      actors: { loadSummaries, deleteSummary },
      actions: {
        editorClosed: () => {
          if (new URLSearchParams(window.location.search).has('period'))
            navigate('/update-progress-bill', { replace: true });
        },
      },
    }),
    { input: { period: new URLSearchParams(search).get('period') }, inspect: useInspect() },
  );
  const exporter = useActorRef(
    exportFileMachine.provide({ actors: { exportFile: exportSummaries } }),
    { input: { failedText: 'Gagal mengekspor progres tagihan' }, inspect: useInspect() },
  );
  const ctx = snapshot.context;
  const state = (snapshot.value as { list: string }).list;
  const deleting = useSelector(list, (s) => s.matches({ list: 'deleting' }));
  const pending = ctx.summaries.find(
    (s) => s.id !== null && String(s.id) === String(ctx.pendingDeleteId),
  );
  const editing = state === 'editing' ? selectedSummary(ctx) : undefined;

  return (
    <section className="bill-page">
      <PageHeader
        title="Update Progres Tagihan"
        description="Ubah atau hapus ringkasan tagihan per periode."
        actions={
          <>
            <ExportButtons actorRef={exporter} texts={EXPORT_TEXTS} />
            <Link href="/create-progress-bill" role="button" className="outline">
              Buat Progres Tagihan
            </Link>
          </>
        }
      />
      {ctx.success && (
        <Alert type="success" reveal>
          {ctx.success}
        </Alert>
      )}
      {ctx.notice && <Alert type="info">{ctx.notice}</Alert>}
      {ctx.error && state !== 'failed' && (
        <Alert type="error" reveal>
          {ctx.error}
        </Alert>
      )}
      {state === 'loading' && <LoadingOverlay inline message="Memuat data..." />}
      {state === 'failed' && (
        <Alert type="error" title="Gagal memuat data">
          <p>{ctx.error}</p>
          <button type="button" onClick={() => list.send({ type: 'list.retry' })}>
            Coba Lagi
          </button>
        </Alert>
      )}
      {editing && <EditSummary key={String(editing.id)} summary={editing} list={list} />}
      {!editing && state !== 'loading' && state !== 'failed' && ctx.summaries.length === 0 && (
        <article className="bill-card bill-state">
          <h2>Belum ada progres tagihan</h2>
          <p>Belum ada ringkasan tagihan yang bisa diubah.</p>
          <Link href="/create-progress-bill" role="button">
            Buat Progres Tagihan
          </Link>
        </article>
      )}
      {!editing && state !== 'loading' && state !== 'failed' && ctx.summaries.length > 0 && (
        <SummaryTable
          summaries={ctx.summaries}
          disabled={deleting}
          onEdit={(id) => list.send({ type: 'list.edit', id })}
          onDelete={(id) => list.send({ type: 'list.delete', id })}
        />
      )}
      <ConfirmDialog
        open={state === 'confirmingDelete' || deleting}
        title="Hapus progres tagihan"
        message={
          <p>
            Hapus ringkasan tagihan periode <strong>{pending?.periodDisplay ?? ''}</strong>?
            Tindakan ini tidak bisa dibatalkan.
          </p>
        }
        confirmLabel={deleting ? 'Menghapus...' : 'Hapus'}
        cancelLabel="Batal"
        danger
        busy={deleting}
        onConfirm={() => list.send({ type: 'list.confirmDelete' })}
        onCancel={() => list.send({ type: 'list.cancelDelete' })}
      />
    </section>
  );
}
