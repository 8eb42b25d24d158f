// One job's recipients on Pengiriman (docs/delivery.md): filtered by status, a page at a time,
// with Resend and Mark as sent.
import { useCallback, useEffect, useId, useState } from 'react';
import { RECIPIENT_STATUSES, type RecipientStatusName } from '../../../domain/delivery/delivery';
import { fill } from '../../../domain/i18n';
import type { ServiceResult } from '../../../domain/serviceResult';
import { Alert } from '../Alert';
import { useShownLanguage, useTranslate } from '../../layout/i18n';
import {
  deliveries,
  RECIPIENT_PAGE,
  type DeliveryJob,
  type DeliveryRecipient,
} from '../../wiring/deliveries';
import { noticeOf, time, type Texts } from './shared';

export function Recipients({
  job,
  t,
  onChange,
}: {
  job: DeliveryJob;
  t: Texts;
  onChange: () => void;
}) {
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
