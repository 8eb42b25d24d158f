import { useSelector } from '@xstate/react';
import { fill } from '../../../domain/i18n';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import { useShownLanguage, useTexts } from '../../layout/i18n';
import { select } from '../../../machines/generator/selectors';
import type { StepProps } from './types';

/** Progress of the work in progress, with Cancel (it terminates the worker). Lives outside the disabled form. */
export function ProcessingPanel({ actorRef }: StepProps) {
  const state = useSelector(actorRef, select.processingStep);
  const { processed, total } = useSelector(actorRef, select.progress);
  const pages = useSelector(actorRef, select.pdfPages);
  const t = useTexts('generator', GENERATOR_TEXTS);
  const locale = useShownLanguage();
  if (state === null) return null;

  const cancel = (
    <button
      type="button"
      className="secondary outline gen-cancel"
      onClick={() => actorRef.send({ type: 'generator.cancel' })}
    >
      {t.cancel}
    </button>
  );

  if (state === 'generating') {
    return (
      <div className="gen-processing" aria-live="polite">
        <progress value={processed} max={Math.max(total, 1)} aria-label={t.generationProgress} />
        <div className="gen-processing-line">
          <span>{fill(t.sectionsProcessed, { processed, total })}</span>
          {cancel}
        </div>
      </div>
    );
  }
  if (state === 'converting' && pages) {
    // Numbers as the e-mail panel shows them: 3,000 in English, 3.000 in Indonesian.
    const count = (n: number) => n.toLocaleString(locale === 'id' ? 'id-ID' : 'en-US');
    const text = fill(t.convertingPages, { done: count(pages.done), total: count(pages.total) });
    return (
      <div className="gen-processing" aria-live="polite">
        <progress value={pages.done} max={pages.total} aria-label={t.converting} />
        <div className="gen-processing-line">
          <span aria-busy="true">{text}</span>
          {cancel}
        </div>
      </div>
    );
  }
  const text = t[state];
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
