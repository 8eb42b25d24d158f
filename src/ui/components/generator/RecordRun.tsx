// "Record in progress for {period}" after a successful Generate (issue 22), for users whose menus
// allow updating progress. The flow is recordRunMachine; its actors are the real services.
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { alreadyRecordedMessage } from '../../../domain/billing/generationRun';
import { fill } from '../../../domain/i18n';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import { formatPeriodDisplay } from '../../../domain/billing/period';
import { formatDateId } from '../../../domain/users/userDates';
import type { GeneratedRun } from '../../../machines/generator/types';
import { chosenPeriod, nextCount, recordRunMachine } from '../../../machines/recordRun/machine';
import { useTexts } from '../../layout/i18n';
import { recordRunActors } from '../../wiring/recordRun';

export function RecordRun({ run }: { run: GeneratedRun }) {
  const machine = useMemo(() => recordRunMachine.provide({ actors: recordRunActors(run) }), [run]);
  const actorRef = useActorRef(machine, {
    input: { dataFileName: run.dataFile.name, documents: run.documents },
  });
  const state = useSelector(actorRef, (s) => s);
  const t = useTexts('generator', GENERATOR_TEXTS);
  const headingId = useId();
  const periodId = useId();
  const { context } = state;
  if (state.matches('loading') || state.matches('unavailable') || state.matches('dismissed'))
    return null;
  const summary = chosenPeriod(context);
  const next = nextCount(context);
  const period = formatPeriodDisplay(context.period);
  if (state.matches('saved'))
    return (
      <p className="gen-success" role="status">
        {fill(t.recordSaved, { next: next.count, period })}
      </p>
    );
  // No summary yet (a new installation, a period not created): nothing to choose, say where to start.
  if (context.periods.length === 0)
    return (
      <section className="gen-step" aria-labelledby={headingId}>
        <h2 id={headingId}>{t.recordHeading}</h2>
        <p>{t.recordNoPeriod}</p>
      </section>
    );
  const saving = state.matches('saving');
  const earlier = context.duplicateOf;
  return (
    <section className="gen-step" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.recordHeading}</h2>
      <div className="gen-toolbar">
        <label htmlFor={periodId}>{t.recordPeriod}</label>
        <select
          id={periodId}
          value={context.period}
          disabled={saving || earlier !== null}
          onChange={(e) =>
            actorRef.send({ type: 'record.periodChanged', period: e.currentTarget.value })
          }
        >
          {context.periods.map((p) => (
            <option key={p.period} value={p.period}>
              {formatPeriodDisplay(p.period)}
            </option>
          ))}
        </select>
      </div>
      {summary && (
        <p>
          {fill(t.recordCounts, {
            current: summary.generated,
            documents: context.documents,
            next: next.count,
            total: summary.total,
          })}
        </p>
      )}
      {(next.error || context.error) && (
        <p className="gen-error" role="alert">
          {next.error || context.error}
        </p>
      )}
      {earlier ? (
        <div role="alertdialog" aria-label={t.recordHeading}>
          <p>
            {alreadyRecordedMessage(
              earlier.rows,
              formatDateId(earlier.recordedAt),
              earlier.recordedByName,
            )}
          </p>
          <div className="gen-toolbar">
            <button type="button" onClick={() => actorRef.send({ type: 'record.confirm' })}>
              {t.recordAgain}
            </button>
            <button
              type="button"
              className="secondary outline"
              onClick={() => actorRef.send({ type: 'record.dismiss' })}
            >
              {t.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div className="gen-toolbar">
          <button
            type="button"
            disabled={!state.can({ type: 'record.save' })}
            aria-busy={saving || undefined}
            onClick={() => actorRef.send({ type: 'record.save' })}
          >
            {fill(t.recordIn, { period })}
          </button>
          <button
            type="button"
            className="secondary outline"
            disabled={saving}
            onClick={() => actorRef.send({ type: 'record.dismiss' })}
          >
            {t.dismiss}
          </button>
        </div>
      )}
    </section>
  );
}
