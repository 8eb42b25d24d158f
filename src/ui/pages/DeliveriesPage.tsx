// 'Pengiriman': a period's e-mail delivery jobs (docs/delivery.md) with live progress, their
// controls, and each recipient's status, filtered by status, with Resend and Mark as sent.
import { useCallback, useEffect, useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { RECIPIENT_STATUSES, type RecipientStatusName } from '../../domain/delivery/delivery';
import { deliveryNoticeText } from '../../domain/delivery/deliveryErrors';
import { fill } from '../../domain/i18n';
import type { ServiceResult } from '../../domain/serviceResult';
import { DELIVERY_TEXTS } from '../../domain/i18n/en/delivery';
import { formatPeriodDisplay, isValidPeriod } from '../../domain/billing/period';
import { Alert } from '../components/Alert';
import { PageHeader } from '../components/PageHeader';
import { useShownLanguage, useTexts, useTranslate } from '../layout/i18n';
import { downloadBlob } from '../shell/download';
import {
  deliveries,
  exportFiles,
  RECIPIENT_PAGE,
  type DeliveryJob,
  type DeliveryRecipient,
  type JobAction,
} from '../wiring/deliveries';

type Texts = { readonly [K in keyof typeof DELIVERY_TEXTS]: string };

const POLL_MS = 2000;

/** A successful action's answer with a count (`N e-mails queued again`) in the page's language. */
function noticeOf(t: Texts, locale: 'en' | 'id', answer: ServiceResult<unknown>): string {
  return deliveryNoticeText(t, locale, answer.code, answer.params) ?? '';
}
const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

function statusText(t: Texts, status: DeliveryJob['status']): string {
  const names = { active: t.statusActive, paused: t.statusPaused, cancelled: t.statusCancelled };
  return status === 'done' ? t.statusDone : names[status];
}

function Recipients({ job, t, onChange }: { job: DeliveryJob; t: Texts; onChange: () => void }) {
  const [status, setStatus] = useState<RecipientStatusName | ''>('');
  // The list names every recipient, a page at a time (the server answers at most a page).
  const [offset, setOffset] = useState(0);
  const [rows, setRows] = useState<DeliveryRecipient[]>([]);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState('');
  const filterId = useId();
  const tr = useTranslate();
  const locale = useShownLanguage();
  const count = (n: number) => n.toLocaleString(locale === 'id' ? 'id-ID' : 'en-US');
  const load = useCallback(async () => {
    const answer = await deliveries.recipients(job.id, status, offset);
    if (answer.success && answer.data) {
      setRows(answer.data.recipients);
      setTotal(answer.data.total);
    } else setError(answer.error ?? '');
  }, [job.id, status, offset]);
  useEffect(() => {
    void load();
  }, [load, job.counts]);
  const [notice, setNotice] = useState('');
  const act = async (run: () => Promise<ServiceResult<null>>) => {
    const answer = await run();
    if (!answer.success) setError(tr(answer.error));
    setNotice(answer.success ? noticeOf(t, locale, answer) : '');
    onChange();
    void load();
  };
  return (
    <section aria-label={fill(t.recipients, { id: job.id })}>
      <label htmlFor={filterId}>{t.filter}</label>
      <select
        id={filterId}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as RecipientStatusName | '');
          setOffset(0);
        }}
      >
        <option value="">{t.all}</option>
        {RECIPIENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t[s]} ({job.counts[s]})
          </option>
        ))}
      </select>
      {error && <Alert type="error">{error}</Alert>}
      {notice && <p role="status">{notice}</p>}
      {total > rows.length && (
        <nav className="gen-toolbar" aria-label={fill(t.recipients, { id: job.id })}>
          <span role="status">
            {fill(t.showing, {
              from: count(offset + 1),
              to: count(offset + rows.length),
              total: count(total),
            })}
          </span>
          <button
            type="button"
            className="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - RECIPIENT_PAGE))}
          >
            {t.previousPage}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={offset + rows.length >= total}
            onClick={() => setOffset(offset + RECIPIENT_PAGE)}
          >
            {t.nextPage}
          </button>
        </nav>
      )}
      {rows.length === 0 ? (
        <p className="app-muted">{t.none}</p>
      ) : (
        <div
          className="app-table-scroll"
          tabIndex={0}
          role="region"
          aria-label={fill(t.recipients, { id: job.id })}
        >
          <table>
            <caption className="app-visually-hidden">{fill(t.recipients, { id: job.id })}</caption>
            <thead>
              <tr>
                <th scope="col">{t.row}</th>
                <th scope="col">{t.key}</th>
                <th scope="col">{t.address}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.attempts}</th>
                <th scope="col">{t.answer}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.rowNumber}</td>
                  <td>{r.invoiceKey}</td>
                  <td>{r.addresses}</td>
                  <td>{t[r.status]}</td>
                  <td>{time(r.finishedAt ?? r.claimedAt)}</td>
                  <td>{r.attempts}</td>
                  <td>{r.serverAnswer}</td>
                  <td>
                    {(r.status === 'failed' || r.status === 'unknown' || r.status === 'outbox') && (
                      <button
                        type="button"
                        aria-label={`${t.resend} ${r.invoiceKey}`}
                        onClick={() => act(() => deliveries.resend(r.id))}
                      >
                        {t.resend}
                      </button>
                    )}
                    {r.status === 'unknown' && (
                      <button
                        type="button"
                        aria-label={`${t.markSent} ${r.invoiceKey}`}
                        onClick={() => act(() => deliveries.markSent(r.id))}
                      >
                        {t.markSent}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Job({ job, t, onChange }: { job: DeliveryJob; t: Texts; onChange: () => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const tr = useTranslate();
  const headingId = useId();
  const sent = job.counts.sent + job.counts.outbox;
  const locale = useShownLanguage();
  const [notice, setNotice] = useState('');
  const run = async (what: JobAction) => {
    const answer = await deliveries.job(job.id, what);
    setError(answer.success ? '' : tr(answer.error));
    setNotice(answer.success ? noticeOf(t, locale, answer) : '');
    onChange();
  };
  const exportFailed = async (format: 'xlsx' | 'csv') => {
    const answer = await exportFiles.deliveryFailed(job.id, format);
    if (answer.success && answer.data) downloadBlob(answer.data.blob, answer.data.fileName);
    else setError(tr(answer.error));
  };
  return (
    <article className="bill-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {fill(t.job, { id: job.id, name: job.createdByName, date: time(job.createdAt) })} —{' '}
        {statusText(t, job.status)}
      </h2>
      <p className="app-muted">{fill(t.from, { sender: job.sender })}</p>
      <p role="status">{fill(t.progress, { sent, total: job.total })}</p>
      <progress
        className="app-progress"
        value={sent}
        max={job.total}
        aria-label={fill(t.progress, { sent, total: job.total })}
      />
      <ul className="delivery-counts">
        {RECIPIENT_STATUSES.filter((s) => job.counts[s] > 0).map((s) => (
          <li key={s}>
            {t[s]}: {job.counts[s]}
          </li>
        ))}
      </ul>
      {job.expectedFinish && (
        <p>{fill(t.rate, { rate: job.ratePerMinute, time: time(job.expectedFinish) })}</p>
      )}
      {job.waitsUntil && <p>{fill(t.waits, { time: time(job.waitsUntil) })}</p>}
      {job.counts.unknown > 0 && <p className="app-muted">{t.unknownHelp}</p>}
      {error && <Alert type="error">{error}</Alert>}
      {notice && <p role="status">{notice}</p>}
      <div className="gen-toolbar">
        {job.status === 'active' && (
          <button type="button" onClick={() => run('pause')}>
            {t.pause}
          </button>
        )}
        {job.status === 'paused' && (
          <button type="button" onClick={() => run('resume')}>
            {t.resume}
          </button>
        )}
        {(job.status === 'active' || job.status === 'paused') && (
          <button type="button" className="secondary" onClick={() => run('cancel')}>
            {t.cancel}
          </button>
        )}
        {job.counts.failed > 0 && (
          <>
            <button type="button" onClick={() => run('resend-failed')}>
              {t.resendFailed}
            </button>
            <button type="button" className="secondary" onClick={() => exportFailed('xlsx')}>
              {t.exportFailed} (.xlsx)
            </button>
            <button type="button" className="secondary" onClick={() => exportFailed('csv')}>
              {t.exportFailed} (.csv)
            </button>
          </>
        )}
        <button
          type="button"
          className="secondary"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {t.show}
        </button>
      </div>
      {open && <Recipients job={job} t={t} onChange={onChange} />}
    </article>
  );
}

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
