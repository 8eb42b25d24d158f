import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import { select } from '../../../machines/generator/selectors';
import { useTexts } from '../../layout/i18n';
import type { StepProps } from './types';

/**
 * The sheet's row the column names were read from (1-based, as the spreadsheet numbers it), found
 * by the reader; the user may choose another. The sheet is read again when the number is
 * committed (Enter or leaving the field), not at each keystroke.
 */
export function HeaderRowControl({ actorRef }: StepProps) {
  const headerRow = useSelector(actorRef, select.headerRow);
  const t = useTexts('generator', GENERATOR_TEXTS);
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  if (headerRow === null) return null;

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft.trim() === '' || Number(draft) === headerRow) return;
    actorRef.send({ type: 'generator.headerRowChanged', row: Number(draft) });
  };
  return (
    <div className="gen-toolbar gen-header-row">
      <label htmlFor={id}>{t.headerRow}</label>
      <input
        id={id}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        value={draft ?? String(headerRow)}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          commit();
        }}
      />
    </div>
  );
}
