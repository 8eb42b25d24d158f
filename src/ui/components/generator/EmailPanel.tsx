// Step 4's e-mail of each row (docs/delivery.md, "The page"): Send to, Subject, Message, Reply-To,
// Invoice key and the period; the mail of the row Preview Row shows; the rows that will not be sent.
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { deliveries } from '../../../api/services/deliveries';
import { isEmailAddress } from '../../../domain/delivery';
import { deliveryErrorText } from '../../../domain/deliveryErrors';
import { fill } from '../../../domain/i18n';
import { MAIL_TEXTS } from '../../../domain/i18n/en/mail';
import { addressColumn, notSent } from '../../../domain/mailRows';
import {
  defaultKeyColumn,
  previewIndex,
  mailRowIndexes,
  previewMail,
} from '../../../machines/generator/mail';
import { select } from '../../../machines/generator/selectors';
import { useShownLanguage, useTexts, useTranslate } from '../../layout/i18n';
import {
  attachmentSize,
  MailDocumentsMismatch,
  sendMails,
  type MailAttachment,
  type MailProgress,
} from '../../wiring/sendMails';
import { formatFileSize } from '../../../domain/fileSize';
import type { StepProps } from './types';
import { useMails } from './useMails';

const DEFAULT_SUBJECT = 'Tagihan {key}';
/** Rows a 'will not be sent' line names before the rest go under 'Show all'. */
const ROWS_SHOWN = 20;
const NO_INDEXES = new Uint32Array(0);

export function EmailPanel({ actorRef }: StepProps) {
  const shown = useSelector(actorRef, select.showsGenerateStep);
  const pdfAvailable = useSelector(actorRef, select.pdfAvailable);
  const context = useSelector(actorRef, (s) => s.context);
  const t = useTexts('mail', MAIL_TEXTS);
  const locale = useShownLanguage();
  const tr = useTranslate();
  const ids = {
    heading: useId(),
    to: useId(),
    subject: useId(),
    message: useId(),
    reply: useId(),
    key: useId(),
    period: useId(),
    attach: useId(),
  };
  const { headers, table } = context;
  const autoTo = useMemo(
    () => addressColumn(headers, (r, c) => table.cell(r, c), table.rowCount),
    [headers, table],
  );
  const autoKey = defaultKeyColumn(context);
  const [chosenTo, setTo] = useState<string | null>(null);
  const [chosenKey, setKey] = useState<string | null>(null);
  const [subject, setSubject] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [replyTo, setReplyTo] = useState('');
  const [periods, setPeriods] = useState<string[]>([]);
  const [period, setPeriod] = useState('');
  // The sender is the server's MAIL_FROM: named from the period's last job when there is one.
  const [sender, setSender] = useState('');
  const [sentBefore, setSentBefore] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!period) return;
    let live = true;
    void deliveries.list(period).then((answer) => {
      if (live) setSender(answer.success ? (answer.data?.jobs[0]?.sender ?? '') : '');
    });
    void deliveries.sentKeys(period).then((answer) => {
      if (live) setSentBefore(new Set(answer.success ? (answer.data ?? []) : []));
    });
    return () => {
      live = false;
    };
  }, [period]);
  useEffect(() => {
    if (!shown) return;
    let live = true;
    void deliveries.periods().then((answer) => {
      if (!live || !answer.success) return;
      const list = answer.data ?? [];
      setPeriods(list);
      setPeriod((p) => p || list[0] || '');
    });
    return () => {
      live = false;
    };
  }, [shown]);

  const keyColumn = chosenKey !== null && headers.includes(chosenKey) ? chosenKey : autoKey;
  const sendTo = chosenTo !== null && headers.includes(chosenTo) ? chosenTo : autoTo;
  const settings = {
    sendTo,
    keyColumn,
    subject: subject ?? DEFAULT_SUBJECT.replace('key', keyColumn),
    message,
  };
  // The PDF of each row when the server converts (the default then), else its .docx.
  const [chosenAttachment, setAttachment] = useState<MailAttachment | null>(null);
  const extension: MailAttachment = pdfAvailable && chosenAttachment !== 'docx' ? 'pdf' : 'docx';
  const { selection, selectedCount, groupBy: grouping } = context;
  const indexes = useMemo(
    () =>
      shown
        ? mailRowIndexes({ ...context, selection, selectedCount, groupBy: grouping })
        : NO_INDEXES,
    // Not the whole context: it changes with every progress tick of a run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown, table, selection, selectedCount, grouping],
  );
  // Built in slices: the mails of 100,000 rows at once held the page for seconds.
  const built = useMails(context, settings, extension, indexes, [
    indexes,
    context.mapping,
    context.formats,
    sendTo,
    keyColumn,
    settings.subject,
    message,
    extension,
  ]);
  const mails = built.mails;
  const skipped = useMemo(() => notSent(mails ?? [], sentBefore), [mails, sentBefore]);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState<MailProgress | null>(null);
  const [error, setError] = useState('');
  // What the server left out although the page would send it (keys sent before for the period).
  const [handed, setHanded] = useState<{ queued: number; left: string[] } | null>(null);
  const [, navigate] = useLocation();
  // The attachment's size: the preview row's document made by the worker (converted by the server
  // for a PDF); a stale answer is dropped.
  const shownIndex = shown ? previewIndex(context) : -1;
  const [size, setSize] = useState<{
    index: number;
    kind: MailAttachment;
    bytes: number;
  } | null>(null);
  const { templateFile, mapping, formats, groupBy } = context;
  useEffect(() => {
    if (shownIndex < 0 || !templateFile) return;
    let live = true;
    const stop = new AbortController();
    attachmentSize(context, shownIndex, extension, stop.signal).then(
      (bytes) => live && setSize({ index: shownIndex, kind: extension, bytes }),
      () => live && setSize(null),
    );
    return () => {
      live = false;
      stop.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownIndex, templateFile, table, mapping, formats, groupBy, extension]);
  const sendable = useMemo(() => {
    if (!mails) return [];
    const left = new Set([...skipped.values()].flat());
    return mails
      .map((m, i) => ({ mail: m, index: indexes[i] }))
      .filter(({ mail: m }) => !left.has(m.row));
  }, [mails, indexes, skipped]);
  if (!shown) return null;
  const count = sendable.length.toLocaleString(locale === 'id' ? 'id-ID' : 'en-US');
  const deliveriesPath = `/deliveries?period=${encodeURIComponent(period)}`;
  const send = async () => {
    setError('');
    setHanded(null);
    setSending({ step: 'making', done: 0, total: sendable.length });
    try {
      const answer = await sendMails(context, {
        period,
        replyTo,
        attachment: extension,
        mails: sendable,
        onProgress: setSending,
      });
      const done = answer.data;
      if (!answer.success || !done)
        setError(
          deliveryErrorText(t, locale, answer.code, answer.params) ?? tr(answer.error ?? ''),
        );
      else if (!done.skipped.length && !done.refused.length) navigate(deliveriesPath);
      else
        setHanded({
          queued: done.queued,
          left: [...done.skipped, ...done.refused].map((r) => `${r.key} (${r.row})`),
        });
    } catch (failure) {
      if (failure instanceof MailDocumentsMismatch)
        setError(fill(t.documentsMismatch, { made: failure.made, mails: failure.mails }));
      else setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSending(null);
      setConfirming(false);
    }
  };
  const mail = previewMail(context, settings, extension);
  const replyBad = replyTo.trim() !== '' && !isEmailAddress(replyTo.trim());

  const column = (id: string, value: string, onChange: (v: string) => void, empty: boolean) => (
    <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {empty && <option value="">{t.noColumn}</option>}
      {headers.map((h) => (
        <option key={h} value={h}>
          {h}
        </option>
      ))}
    </select>
  );

  return (
    <section className="gen-step gen-mail" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t.heading}</h2>
      <div className="gen-mail-fields">
        {pdfAvailable && (
          <fieldset className="gen-mail-attach" aria-describedby={ids.attach}>
            <legend id={ids.attach}>{t.attachWith}</legend>
            {(['pdf', 'docx'] as const).map((kind) => (
              <label key={kind}>
                <input
                  type="radio"
                  name={ids.attach}
                  value={kind}
                  checked={extension === kind}
                  onChange={() => setAttachment(kind)}
                />{' '}
                {groupBy
                  ? t[kind === 'pdf' ? 'pdfOutputGroups' : 'docxOutputGroups']
                  : t[kind === 'pdf' ? 'pdfOutput' : 'docxOutput']}
              </label>
            ))}
          </fieldset>
        )}
        <label htmlFor={ids.to}>{t.sendTo}</label>
        {column(ids.to, sendTo, setTo, sendTo === '')}
        <label htmlFor={ids.key}>{t.invoiceKey}</label>
        {column(ids.key, keyColumn, setKey, false)}
        <label htmlFor={ids.subject}>{t.subject}</label>
        <input
          id={ids.subject}
          value={settings.subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
        />
        <label htmlFor={ids.message}>{t.message}</label>
        <textarea
          id={ids.message}
          rows={4}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        <small>{t.fieldsHint}</small>
        <label htmlFor={ids.reply}>
          {t.replyTo} <small>({t.optional})</small>
        </label>
        <input
          id={ids.reply}
          type="email"
          value={replyTo}
          aria-invalid={replyBad || undefined}
          onChange={(e) => setReplyTo(e.currentTarget.value)}
        />
        {replyBad && <small role="alert">{t.badReplyTo}</small>}
        <label htmlFor={ids.period}>{t.period}</label>
        {periods.length ? (
          <select id={ids.period} value={period} onChange={(e) => setPeriod(e.currentTarget.value)}>
            {periods.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        ) : (
          <small id={ids.period}>{t.noPeriods}</small>
        )}
      </div>
      {mail && (
        <section aria-label={fill(t.previewHeading, { row: mail.row })}>
          <h3>{fill(t.previewHeading, { row: mail.row })}</h3>
          <dl className="gen-mail-preview">
            <dt>{t.to}</dt>
            <dd>{mail.to}</dd>
            <dt>{t.subject}</dt>
            <dd>{mail.subject}</dd>
            <dt>{t.message}</dt>
            <dd className="gen-mail-body">{mail.message}</dd>
            <dt>{t.attachment}</dt>
            <dd>
              {mail.attachment}
              {size?.index === shownIndex &&
                size.kind === extension &&
                ` (${formatFileSize(size.bytes)})`}
            </dd>
          </dl>
        </section>
      )}
      <h3>{t.notSentHeading}</h3>
      {mails === null ? (
        <p role="status">{fill(t.checking, { done: built.done, total: built.total })}</p>
      ) : skipped.size === 0 ? (
        <p>{t.allSendable}</p>
      ) : (
        <ul>
          {[...skipped].map(([reason, rows]) => (
            <li key={reason}>
              {fill(rows.length === 1 ? t[`${reason}One`] : t[reason], {
                count: rows.length,
                rows:
                  rows.length <= ROWS_SHOWN
                    ? rows.join(', ')
                    : fill(t.moreRows, {
                        rows: rows.slice(0, ROWS_SHOWN).join(', '),
                        count: rows.length - ROWS_SHOWN,
                      }),
              })}
              {rows.length > ROWS_SHOWN && (
                <details>
                  <summary>{fill(t.showAllRows, { count: rows.length })}</summary>
                  <p className="gen-mail-rows">{rows.join(', ')}</p>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {handed && (
        <div role="status">
          <p>{fill(t.handedOver, { count: handed.queued })}</p>
          <p>{fill(t.notQueued, { count: handed.left.length, keys: handed.left.join(', ') })}</p>
          <Link href={deliveriesPath}>{t.openDeliveries}</Link>
        </div>
      )}
      {error && (
        <p className="gen-error" role="alert">
          {error}
        </p>
      )}
      {sending && (
        <p role="status">
          {sending.step === 'converting' ? t.converting : fill(t.preparing, sending)}
        </p>
      )}
      {confirming ? (
        <div role="group" aria-label={t.sendMails}>
          <p>{fill(t.confirmSend, { count, period, sender: sender || t.senderUnknown })}</p>
          <div className="gen-toolbar">
            <button type="button" disabled={sending !== null} onClick={() => void send()}>
              {fill(t.send, { count })}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              {t.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div className="gen-toolbar">
          <button
            type="button"
            disabled={!sendable.length || !period || replyBad || mails === null}
            onClick={() => setConfirming(true)}
          >
            {t.sendMails}
          </button>
          {mails !== null && !sendable.length && <small>{t.noneToSend}</small>}
        </div>
      )}
    </section>
  );
}
