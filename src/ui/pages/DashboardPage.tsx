// /dashboard (docs/product.md#screens): one period's customers, usage chart, billing progress and documents.
// The dashboard actor outlives the page so its 3-minute cache serves period switches; coming
// back to /dashboard from another route reloads with a forced refresh (the shell's kept state, see wiring/shell.ts).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { Link, useLocation, useSearch } from 'wouter';
import { MENU_UPDATE_BILL } from '../../domain/users/menu';
import { currentPeriod, formatPeriodDisplay, isValidPeriod } from '../../domain/billing/period';
import { pipelineStep, type PipelineStepKey } from '../../domain/billing/pipeline';
import {
  dashboardMachine,
  dashboardStatus,
  DASHBOARD_LOAD_FAILED,
  DASHBOARD_LOADING_MESSAGE,
} from '../../machines/dashboard/machine';
import { progressDialogMachine } from '../../machines/progressDialog/machine';
import { Alert } from '../components/Alert';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { loadDashboard, saveProgress } from '../wiring/billing';
import type { Kept } from '../wiring/kept';
import { CustomerCard } from '../components/billing/CustomerCard';
import { DocumentsTable } from '../components/billing/DocumentsTable';
import { ChangeHistory } from '../components/billing/ChangeHistory';
import { GenerationHistory } from '../components/billing/GenerationHistory';
import { PeriodSelector } from '../components/billing/PeriodSelector';
import { ProgressCard } from '../components/billing/ProgressCard';
import { ProgressDialog } from '../components/billing/ProgressDialog';
import { UsageChart } from '../components/billing/UsageChart';
import { useHasMenu, useInspect, useShell } from '../shell/hooks';

type DashboardRef = ActorRefFrom<typeof dashboardMachine>;

/** The one dashboard actor, kept by the shell; `fresh` is true when it was just created (first visit). */
function dashboardFor(kept: Kept, period: string): { actor: DashboardRef; fresh: boolean } {
  const { value, fresh } = kept.get<DashboardRef>('dashboard', () =>
    createActor(dashboardMachine.provide({ actors: { loadDashboard } }), {
      systemId: 'dashboard',
      input: { period },
    }).start(),
  );
  return { actor: value, fresh };
}

function usePeriodFromUrl(): [string, (period: string) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(search).get('period');
  const period = requested && isValidPeriod(requested) ? requested : currentPeriod();
  return [period, (next: string) => navigate(`/dashboard?period=${next}`)];
}

export default function DashboardPage() {
  const [period, setPeriod] = usePeriodFromUrl();
  const { kept } = useShell();
  // The URL period of the first render starts the actor; later changes go through the effect below.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the first render's period
  const { actor: dashboard, fresh } = useMemo(() => dashboardFor(kept, period), []);
  const canEditProgress = useHasMenu(MENU_UPDATE_BILL);

  // First visit: the actor already loads `period`. Coming back from another route forces a reload.
  useEffect(() => {
    const returned = kept.leftDashboard;
    kept.leftDashboard = false;
    if (returned && !fresh)
      dashboard.send({ type: 'dashboard.periodChanged', period, force: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only; period changes are the next effect's
  }, [dashboard, fresh]);

  useEffect(() => {
    if (dashboard.getSnapshot().context.period !== period)
      dashboard.send({ type: 'dashboard.periodChanged', period });
  }, [dashboard, period]);

  const dialog = useActorRef(
    progressDialogMachine.provide({
      actors: { saveProgress },
      actions: { progressSaved: () => dashboard.send({ type: 'dashboard.refresh' }) },
    }),
    { inspect: useInspect() },
  );

  const status = useSelector(dashboard, dashboardStatus);
  const data = useSelector(dashboard, (s) => s.context.data);
  const error = useSelector(dashboard, (s) => s.context.error);
  const shownPeriod = useSelector(dashboard, (s) => s.context.period);
  // A refresh of the period on screen keeps its figures visible instead of flashing the loading panel.
  const refreshing = status === 'loading' && data !== null && data.period === shownPeriod;
  const saved = useSelector(dialog, (s) =>
    s.matches({ dialog: 'closed' }) ? s.context.success : null,
  );

  const openStep = (stepKey: PipelineStepKey) => {
    const summary = data?.summary;
    if (!summary) return;
    const step = pipelineStep(stepKey);
    dialog.send({
      type: 'progress.open',
      target: {
        invoiceId: summary.id,
        period: summary.period || shownPeriod,
        stepKey,
        count: summary[step.countKey],
        total: summary.totalTransactionCount,
        url: step.urlKey ? summary[step.urlKey] : '',
        version: summary.version ?? null,
      },
    });
  };

  return (
    <section className="bill-dashboard">
      <PeriodSelector period={period} onChange={setPeriod} />
      {saved && <Alert type="success">{saved}</Alert>}
      {status === 'loading' && !refreshing && (
        <div className="bill-card bill-state">
          <LoadingOverlay inline message={DASHBOARD_LOADING_MESSAGE} />
        </div>
      )}
      {status === 'failed' && (
        <Alert type="error" title={DASHBOARD_LOAD_FAILED}>
          <p>{error}</p>
          <button type="button" onClick={() => dashboard.send({ type: 'dashboard.retry' })}>
            Coba Lagi
          </button>
        </Alert>
      )}
      {status === 'empty' && (
        <article className="bill-card bill-state">
          <h2>Belum ada data</h2>
          <p>Belum ada progres tagihan untuk periode {formatPeriodDisplay(shownPeriod)}.</p>
          <Link
            href={`/create-progress-bill?period=${encodeURIComponent(shownPeriod)}`}
            className="bill-button-link"
            role="button"
          >
            Buat Progres Tagihan
          </Link>
        </article>
      )}
      {(status === 'loaded' || refreshing) && data?.summary && (
        <div className="bill-grid">
          <CustomerCard summary={data.summary} />
          <ProgressCard summary={data.summary} onEdit={canEditProgress ? openStep : null} />
          <UsageChart
            summary={data.summary}
            overview={data.overview}
            periodDisplay={formatPeriodDisplay(shownPeriod)}
          />
          <DocumentsTable summary={data.summary} />
          <GenerationHistory summary={data.summary} />
          {data.summary.id !== null && (
            <ChangeHistory
              key={String(data.summary.id)}
              summary={{ ...data.summary, id: data.summary.id }}
            />
          )}
        </div>
      )}
      {canEditProgress && <ProgressDialog actorRef={dialog} />}
    </section>
  );
}
