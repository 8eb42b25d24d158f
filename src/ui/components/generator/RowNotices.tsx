import { useSelector } from '@xstate/react';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import { select } from '../../../machines/generator/selectors';
import { useTexts } from '../../layout/i18n';
import { rowNotices } from './rowFlags';
import type { StepProps } from './types';

/** Step 2's notices of the rows left unselected as totals or hidden, each with a button to include them. */
export function RowNotices({ actorRef }: StepProps) {
  const table = useSelector(actorRef, select.table);
  const selection = useSelector(actorRef, select.selection);
  const t = useTexts('generator', GENERATOR_TEXTS);
  const notices = rowNotices(table, selection, t);
  if (notices.length === 0) return null;
  return (
    <div className="gen-row-notices">
      {notices.map((notice) => (
        <p key={notice.kind} className="gen-row-notice" role="status">
          <span>{notice.text}</span>{' '}
          <button
            type="button"
            className="secondary outline"
            onClick={() =>
              actorRef.send({ type: 'generator.includeRows', rowIndexes: notice.rows })
            }
          >
            {notice.include}
          </button>
        </p>
      ))}
    </div>
  );
}
