// Step 4's e-mail outputs (docs/delivery.md, "The page"), shown when one is the Output: Send to,
// Subject, Message, Reply-To, Invoice key and the period; the mail of the row Preview Row shows; the
// rows that will not be sent; Send e-mails and its confirmation. The choices, the confirmation and
// the hand-over live in the generator machine (src/machines/generator/send.ts); the page builds the
// mails in slices (useMails) and reads the server's periods, sender and keys sent before.
import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { isEmailAddress } from '../../../domain/delivery/delivery';
import { deliveryErrorText } from '../../../domain/delivery/deliveryErrors';
import { countText, fill } from '../../../domain/i18n';
import { MAIL_TEXTS } from '../../../domain/i18n/en/mail';
import { addressColumn, notSent } from '../../../domain/delivery/mailRows';
import {
  defaultKeyColumn,
  previewIndex,
  mailRowIndexes,
  previewMail,
} from '../../../machines/generator/mail';
import { select } from '../../../machines/generator/selectors';
import { isMailOutput, mailAttachment } from '../../../machines/generator/send';
import type { MailError, MailSettingsEdit } from '../../../machines/generator/types';
import { useShownLanguage, useTexts, useTranslate } from '../../layout/i18n';
import { attachmentSize, type MailAttachment } from '../../wiring/sendMails';
import { formatFileSize } from '../../../domain/text/fileSize';
import type { StepProps } from './types';
import { MailNotSent } from './MailNotSent';
import { useMailServer } from './useMailServer';
import { useMails } from './useMails';

const DEFAULT_SUBJECT = 'Tagihan {key}';
const NO_INDEXES = new Uint32Array(0);

type Texts = { readonly [K in keyof typeof MAIL_TEXTS]: string };

/** A failed hand-over in the page's language. */
function errorText(
  t: Texts,
  locale: 'en' | 'id',
  tr: (text: string) => string,
  error: MailError,
): string {
  if (error.kind === 'mismatch')
    return fill(t.documentsMismatch, { made: error.made, mails: error.mails });
  if (error.kind === 'refused')
    return deliveryErrorText(t, locale, error.code, error.params) ?? tr(error.text);
  return error.text;
}

export function EmailPanel({ actorRef }: StepProps) {
  const shown = useSelector(
    actorRef,
    (s) => select.showsGenerateStep(s) && isMailOutput(s.context.output),
  );
  const context = useSelector(actorRef, (s) => s.context);
  // Send and Cancel take no second click at once; the fields are disabled in a render of their
  // own after the Send click (as FileStep's inputs): restyling them and their options was part
  // of the click's task (docs/delivery.md, "The page"). Meanwhile they are controlled and the
  // machine takes no edit while sending, so a change in between is shown undone at once.
  const sendingNow = useSelector(actorRef, (s) => s.matches('sendingMails'));
  const sendingState = useDeferredValue(sendingNow);
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
  };
  const { headers, table, mail: state } = context;
  const change = (settings: Partial<MailSettingsEdit>) =>
    actorRef.send({ type: 'generator.mailChanged', settings });
  const autoTo = useMemo(
    () => addressColumn(headers, (r, c) => table.cell(r, c), table.rowCount),
    [headers, table],
  );
  const autoKey = defaultKeyColumn(context);
  const { message, replyTo, period } = state;
  const { periods, sender, sentBefore } = useMailServer(actorRef, shown, period);

  const chosenKey = state.keyColumn;
  const chosenTo = state.sendTo;
  const keyColumn = chosenKey !== null && headers.includes(chosenKey) ? chosenKey : autoKey;
  const sendTo = chosenTo !== null && headers.includes(chosenTo) ? chosenTo : autoTo;
  const settings = {
    sendTo,
    keyColumn,
    subject: state.subject ?? DEFAULT_SUBJECT.replace('key', keyColumn),
    message,
  };
  const extension: MailAttachment = mailAttachment(context.output);
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
  const { confirming, sending, handedOver: handed } = state;
  const error = state.error ? errorText(t, locale, tr, state.error) : '';
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
  const send = () => actorRef.send({ type: 'generator.sendMails', mails: sendable });
  const mail = previewMail(context, settings, extension);
  const replyBad = replyTo.trim() !== '' && !isEmailAddress(replyTo.trim());

  const column = (id: string, value: string, onChange: (v: string) => void, empty: boolean) => (
    <select
      id={id}
      value={value}
      disabled={sendingState}
      onChange={(e) => onChange(e.currentTarget.value)}
    >
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
        <label htmlFor={ids.to}>{t.sendTo}</label>
        {column(ids.to, sendTo, (v) => change({ sendTo: v }), sendTo === '')}
        <label htmlFor={ids.key}>{t.invoiceKey}</label>
        {column(ids.key, keyColumn, (v) => change({ keyColumn: v }), false)}
        <label htmlFor={ids.subject}>{t.subject}</label>
        <input
          id={ids.subject}
          disabled={sendingState}
          value={settings.subject}
          onChange={(e) => change({ subject: e.currentTarget.value })}
        />
        <label htmlFor={ids.message}>{t.message}</label>
        <textarea
          id={ids.message}
          disabled={sendingState}
          rows={4}
          value={message}
          onChange={(e) => change({ message: e.currentTarget.value })}
        />
        <small>{t.fieldsHint}</small>
        <label htmlFor={ids.reply}>
          {t.replyTo} <small>({t.optional})</small>
        </label>
        <input
          id={ids.reply}
          disabled={sendingState}
          type="email"
          value={replyTo}
          aria-invalid={replyBad || undefined}
          onChange={(e) => change({ replyTo: e.currentTarget.value })}
        />
        {replyBad && <small role="alert">{t.badReplyTo}</small>}
        <label htmlFor={ids.period}>{t.period}</label>
        {periods.length ? (
          <select
            id={ids.period}
            disabled={sendingState}
            value={period}
            onChange={(e) => change({ period: e.currentTarget.value })}
          >
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
      <MailNotSent t={t} built={built} skipped={skipped} />
      {handed && (
        <div role="status">
          <p>{fill(countText(t, 'handedOver', handed.queued), { count: handed.queued })}</p>
          <p>
            {fill(countText(t, 'notQueued', handed.left.length), {
              count: handed.left.length,
              keys: handed.left.join(', '),
            })}
          </p>
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
          <p>
            {fill(countText(t, 'confirmSend', sendable.length), {
              count,
              period,
              sender: sender || t.senderUnknown,
            })}
          </p>
          <div className="gen-toolbar">
            <button type="button" disabled={sendingNow} onClick={send}>
              {fill(countText(t, 'send', sendable.length), { count })}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={sendingNow}
              onClick={() => actorRef.send({ type: 'generator.mailConfirmCancelled' })}
            >
              {t.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div className="gen-toolbar">
          <button
            type="button"
            disabled={!sendable.length || !period || replyBad || mails === null}
            onClick={() => actorRef.send({ type: 'generator.mailConfirm' })}
          >
            {t.sendMails}
          </button>
          {mails !== null && !sendable.length && <small>{t.noneToSend}</small>}
        </div>
      )}
    </section>
  );
}
