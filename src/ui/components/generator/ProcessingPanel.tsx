import { useSelector } from '@xstate/react';
import type { StepProps } from './types';

/** Progress of the work in progress, with Cancel (it terminates the worker). Lives outside the disabled form. */
export function ProcessingPanel({ actorRef }: StepProps) {
  const state = useSelector(actorRef, (s) =>
    s.matches('generating')
      ? 'generating'
      : s.matches('exporting')
        ? 'exporting'
        : s.matches('analysingTemplate')
          ? 'analysing'
          : s.matches('readingWorkbook') || s.matches('readingSheet')
            ? 'reading'
            : s.matches('previewing')
              ? 'previewing'
              : null,
  );
  const processed = useSelector(actorRef, (s) => s.context.progress.processed);
  const total = useSelector(actorRef, (s) => s.context.progress.total);
  if (state === null) return null;

  const cancel = (
    <button type="button" className="secondary outline gen-cancel" onClick={() => actorRef.send({ type: 'generator.cancel' })}>
      Cancel
    </button>
  );

  if (state === 'generating') {
    return (
      <div className="gen-processing" aria-live="polite">
        <progress value={processed} max={Math.max(total, 1)} aria-label="Generation progress" />
        <div className="gen-processing-line">
          <span>
            {processed} / {total} sections processed
          </span>
          {cancel}
        </div>
      </div>
    );
  }
  const texts = {
    exporting: 'Exporting selected rows…',
    analysing: 'Analysing template…',
    reading: 'Reading Excel file…',
    previewing: 'Rendering the preview…',
  } as const;
  const text = texts[state];
  return (
    <div className="gen-processing" aria-live="polite">
      <progress aria-label={text} />
      <div className="gen-processing-line">
        <span aria-busy="true">{text}</span>
        {cancel}
      </div>
    </div>
  );
}
