// One delivery job on Pengiriman (docs/delivery.md): its progress and counts, Pause, Resume,
// Cancel, Resend failed, the failed rows' export, and its recipients on demand.
import { useId, useState } from 'react';
import { RECIPIENT_STATUSES } from '../../../domain/delivery/delivery';
import { fill } from '../../../domain/i18n';
import { Alert } from '../Alert';
import { useShownLanguage, useTranslate } from '../../layout/i18n';
import { downloadBlob } from '../../shell/download';
import { deliveries, exportFiles, type DeliveryJob, type JobAction } from '../../wiring/deliveries';
import { Recipients } from './Recipients';
import { noticeOf, time, type Texts } from './shared';

function statusText(t: Texts, status: DeliveryJob['status']): string {
  const names = { active: t.statusActive, paused: t.statusPaused, cancelled: t.statusCancelled };
  return status === 'done' ? t.statusDone : names[status];
}

export function Job({ job, t, onChange }: { job: DeliveryJob; t: Texts; onChange: () => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const tr = useTranslate();
  const headingId = useId();
  // Mails written to the outbox are done but not sent: a job of them says so, not "Sent".
  const done = job.counts.sent + job.counts.outbox;
  const progress =
    job.counts.outbox > 0 && job.counts.sent === 0
      ? fill(t.progressOutbox, { done, total: job.total })
      : fill(t.progress, { sent: job.counts.sent, total: job.total });
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
      <p role="status">{progress}</p>
      <progress className="app-progress" value={done} max={job.total} aria-label={progress} />
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
