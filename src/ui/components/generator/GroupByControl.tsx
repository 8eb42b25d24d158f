// Group rows by (docs/generator.md; with e-Faktur, docs/efaktur.md): one document, or one faktur,
// per value of the chosen column; the page's one grouping control, in step 3.
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import { select } from '../../../machines/generator/selectors';
import { useTexts, useTranslate } from '../../layout/i18n';
import type { StepProps } from './types';
import { ColumnOptions } from './ColumnOptions';

export function GroupByControl({ actorRef }: StepProps) {
  const headers = useSelector(actorRef, select.headers);
  const groupBy = useSelector(actorRef, select.groupBy);
  const groupingProblem = useSelector(actorRef, select.groupingProblem);
  const coretax = useSelector(actorRef, select.output) === 'efaktur';
  const groupId = useId();
  const groupHelpId = useId();
  const t = useTexts('generator', GENERATOR_TEXTS);
  const tr = useTranslate();
  return (
    <>
      <div className="gen-toolbar">
        <label htmlFor={groupId}>{t.groupBy}</label>
        <select
          id={groupId}
          value={groupBy}
          aria-describedby={groupHelpId}
          aria-invalid={groupingProblem ? true : undefined}
          onChange={(e) =>
            actorRef.send({ type: 'generator.groupByChanged', column: e.currentTarget.value })
          }
        >
          <option value="">{t.noGrouping}</option>
          <ColumnOptions headers={headers} />
        </select>
      </div>
      <p>
        <small id={groupHelpId}>{coretax ? t.groupHelpEfaktur : t.groupHelp}</small>
      </p>
      {groupingProblem && (
        <p className="gen-warning" role="alert">
          {tr(groupingProblem)}
        </p>
      )}
    </>
  );
}
