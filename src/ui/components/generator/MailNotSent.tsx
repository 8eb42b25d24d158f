// The rows step 4 will not mail, by reason (docs/delivery.md, "The page"): each reason with its
// count and its first rows, every row under `Show all n rows`; while the mails are built, how far.
import { fill } from '../../../domain/i18n';
import type { MAIL_TEXTS } from '../../../domain/i18n/en/mail';
import type { notSent } from '../../../domain/delivery/mailRows';
import type { BuiltMails } from './useMails';

/** Rows a 'will not be sent' line names before the rest go under 'Show all'. */
const ROWS_SHOWN = 20;

type Texts = { readonly [K in keyof typeof MAIL_TEXTS]: string };

export function MailNotSent({
  t,
  built,
  skipped,
}: {
  t: Texts;
  built: BuiltMails;
  skipped: ReturnType<typeof notSent>;
}) {
  const mails = built.mails;
  return (
    <>
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
    </>
  );
}
