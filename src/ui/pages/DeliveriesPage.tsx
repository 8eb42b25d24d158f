// 'Pengiriman': a period's e-mail delivery jobs (docs/delivery.md) with live progress, their
// controls, and each recipient's status, filtered by status, with Resend and Mark as sent
// (src/ui/components/deliveries/).
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fill } from '../../domain/i18n';
import { DELIVERY_TEXTS } from '../../domain/i18n/en/delivery';
import { formatPeriodDisplay, isValidPeriod } from '../../domain/billing/period';
import { Alert } from '../components/Alert';
import { PageHeader } from '../components/PageHeader';
import { Job } from '../components/deliveries/DeliveryJob';
import { useTexts, useTranslate } from '../layout/i18n';
import { deliveries } from '../wiring/deliveries';

const POLL_MS = 2000;

export default function DeliveriesPage() {
  const t = useTexts('delivery', DELIVERY_TEXTS);
  const tr = useTranslate();
  const period = new URLSearchParams(useSearch()).get('period') ?? '';
  const [, navigate] = useLocation();
  const [overview, setOverview] =
    useState<Awaited<ReturnType<typeof deliveries.list>>['data']>(null);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    if (!isValidPeriod(period)) return;
    let live = true;
    void deliveries.list(period).then((answer) => {
      if (!live) return;
      if (answer.success) setOverview(answer.data);
      else setError(tr(answer.error));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [period, tick]);
  const busy = overview?.jobs.some((j) => j.status === 'active') ?? false;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [busy, refresh]);
  return (
    <>
      <PageHeader
        title={`${t.heading} ${isValidPeriod(period) ? formatPeriodDisplay(period) : ''}`}
      />
      <label className="delivery-period">
        {t.periodLabel}
        <input
          type="month"
          value={isValidPeriod(period) ? period : ''}
          onChange={(e) => {
            setOverview(null);
            setError('');
            if (isValidPeriod(e.target.value)) navigate(`/deliveries?period=${e.target.value}`);
          }}
        />
      </label>
      {!isValidPeriod(period) && <p>{t.choosePeriod}</p>}
      {isValidPeriod(period) && !overview && !error && <p aria-busy="true">{t.loading}</p>}
      {error && <Alert type="error">{error}</Alert>}
      {overview && (
        <p role="status">
          {fill(t.summary, { delivered: overview.delivered, total: overview.totalTransactions })}
        </p>
      )}
      {overview?.jobs.some((j) => j.countCapped) && <Alert type="warning">{t.capped}</Alert>}
      {overview && overview.jobs.length === 0 && <p>{t.noJobs}</p>}
      {overview?.jobs.map((job) => (
        <Job key={job.id} job={job} t={t} onChange={refresh} />
      ))}
    </>
  );
}
