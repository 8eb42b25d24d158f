import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { OUTPUT_MIME } from '../../../domain/generator/generationJob';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import { select } from '../../../machines/generator/selectors';
import { useTexts } from '../../layout/i18n';
import { sampleTemplate } from '../../wiring/generator';
import { downloadFile } from './download';
import type { StepProps } from './types';

/**
 * Shown when the chosen template has no fields: how to write one, and a sample template to start
 * from (made by the worker), instead of a warning that leads nowhere.
 */
export function TemplateHelp({ actorRef }: StepProps) {
  const templateFile = useSelector(actorRef, select.templateFile);
  const placeholders = useSelector(actorRef, select.placeholders);
  const processing = useSelector(actorRef, select.processing);
  const t = useTexts('generator', GENERATOR_TEXTS);
  const [busy, setBusy] = useState(false);

  if (!templateFile || placeholders.length > 0 || processing) return null;

  const download = () => {
    setBusy(true);
    sampleTemplate()
      .then(({ bytes, fileName }) =>
        downloadFile({ file: new Blob([bytes], { type: OUTPUT_MIME.merged }), fileName }),
      )
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <aside className="gen-template-help" aria-label={t.noFieldsTitle}>
      <strong>{t.noFieldsTitle}</strong>
      <p>{t.noFieldsHelp}</p>
      <pre>{t.noFieldsExample}</pre>
      <p>{t.noFieldsWord}</p>
      <button type="button" className="secondary" onClick={download} disabled={busy}>
        {t.downloadSample}
      </button>
    </aside>
  );
}
