import { useSelector } from '@xstate/react';
import { useTranslate } from '../../layout/i18n';
import { select } from '../../../machines/generator/selectors';
import type { StepProps } from './types';

/** How the reader read text columns as numbers (CSV, a web page saved as .xls): said, never silent. */
export function ReadNotes({ actorRef }: StepProps) {
  const table = useSelector(actorRef, select.table);
  const tr = useTranslate();
  const notes = table?.notes ?? [];
  if (notes.length === 0) return null;
  return (
    <ul className="gen-read-notes" role="status">
      {notes.map((note) => (
        <li key={note}>{tr(note)}</li>
      ))}
    </ul>
  );
}
