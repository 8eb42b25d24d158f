// A save refused because someone changed the record meanwhile (issue 25, 412): who changed what
// since the form was opened, and the two ways on. The form keeps what the user typed.
import {
  actionText,
  describeEventChanges,
  formatDateTime,
  type EditConflict,
  type HistoryTexts,
} from '../../../domain/history';
import { actorOf } from './HistoryTable';

export interface ConflictNoticeProps {
  conflict: EditConflict<unknown>;
  texts: HistoryTexts;
  title: string;
  message: string;
  reloadLabel: string;
  applyLabel: string;
  onReload: () => void;
  onApply: () => void;
  disabled?: boolean;
}

export function ConflictNotice({
  conflict,
  texts,
  title,
  message,
  reloadLabel,
  applyLabel,
  onReload,
  onApply,
  disabled = false,
}: ConflictNoticeProps) {
  return (
    <section className="app-alert app-conflict" data-type="warning" role="alert" aria-label={title}>
      <div className="app-alert-body">
        <strong>{title}</strong>
        <p>{message}</p>
        {conflict.changes.length > 0 && (
          <ul className="app-conflict-changes">
            {conflict.changes.map((event) => {
              const lines = describeEventChanges(event, texts);
              return (
                <li key={event.id}>
                  <bdi>{actorOf(event, texts)}</bdi>
                  {', '}
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, texts)}</time>
                  {': '}
                  {actionText(event.action, texts)}
                  {lines.length > 0 && (
                    <ul>
                      {lines.map((line, i) => (
                        <li key={i}>{line}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <div className="app-conflict-actions">
          <button type="button" className="secondary" disabled={disabled} onClick={onReload}>
            {reloadLabel}
          </button>
          <button type="button" disabled={disabled} onClick={onApply}>
            {applyLabel}
          </button>
        </div>
      </div>
    </section>
  );
}
