// A record's history as a table (issue 25): when, who, what happened and the changed fields by
// the form's labels, old → new, in the texts given (Indonesian on the billing screens, the page's
// language in user management). Newest first, as the server sends them.
import {
  actionText,
  describeEventChanges,
  formatDateTime,
  type AuditEventEntry,
  type HistoryTexts,
} from '../../../domain/history';

export interface HistoryLabels {
  table: string;
  when: string;
  by: string;
  what: string;
  changes: string;
}

/** Who made a change: the name recorded with it, or 'System' (the admin CLI, retention). */
export function actorOf(event: AuditEventEntry, texts: HistoryTexts): string {
  if (event.actorName) return event.actorName;
  return event.actorId === null ? texts.system : texts.someone;
}

export function HistoryTable({
  events,
  texts,
  labels,
}: {
  events: readonly AuditEventEntry[];
  texts: HistoryTexts;
  labels: HistoryLabels;
}) {
  return (
    <div className="app-table-scroll" tabIndex={0} role="region" aria-label={labels.table}>
      <table className="striped app-stack-table app-history-table">
        <thead>
          <tr>
            <th scope="col">{labels.when}</th>
            <th scope="col">{labels.by}</th>
            <th scope="col">{labels.what}</th>
            <th scope="col">{labels.changes}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const lines = describeEventChanges(event, texts);
            return (
              <tr key={event.id}>
                <th scope="row" data-label={labels.when}>
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, texts)}</time>
                </th>
                <td data-label={labels.by}>
                  <bdi>{actorOf(event, texts)}</bdi>
                </td>
                <td data-label={labels.what}>{actionText(event.action, texts)}</td>
                <td data-label={labels.changes}>
                  {lines.length === 0 ? '—' : lines.map((line, i) => <div key={i}>{line}</div>)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
