import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { fill } from '../../../domain/i18n';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import {
  exportBlocker,
  generateBlocker,
  isFullyMapped,
  showsGenerateStep,
  zipNameColumn,
  type OutputMode,
} from '../../../machines/generator.machine';
import { useTexts, useTranslate } from '../../layout/i18n';
import type { StepProps } from './types';

/** Step 4: Generate and Export, enabled exactly when the machine would accept them. */
export function GenerateStep({ actorRef }: StepProps) {
  const shown = useSelector(actorRef, (s) => showsGenerateStep(s.context));
  const sections = useSelector(actorRef, (s) => s.context.selectedCount);
  const canGenerate = useSelector(actorRef, (s) => s.can({ type: 'generator.generate' }));
  const canExport = useSelector(actorRef, (s) => s.can({ type: 'generator.export' }));
  const generateHint = useSelector(actorRef, (s) =>
    s.hasTag('processing') ? null : generateBlocker(s.context),
  );
  const exportHint = useSelector(actorRef, (s) =>
    s.hasTag('processing') ? null : exportBlocker(s.context),
  );
  const unmapped = useSelector(actorRef, (s) => !isFullyMapped(s.context));
  const generating = useSelector(actorRef, (s) => s.matches('generating'));
  const exporting = useSelector(actorRef, (s) => s.matches('exporting'));
  const canPreview = useSelector(actorRef, (s) => s.can({ type: 'generator.previewRow' }));
  const output = useSelector(actorRef, (s) => s.context.output);
  const headers = useSelector(actorRef, (s) => s.context.headers);
  const nameColumn = useSelector(actorRef, (s) => zipNameColumn(s.context));
  const headingId = useId();
  const outputId = useId();
  const nameId = useId();
  const t = useTexts('generator', GENERATOR_TEXTS);
  const tr = useTranslate();
  if (!shown) return null;

  return (
    <section className="gen-step" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.step4}</h2>
      {unmapped && (
        <p className="gen-warning" role="note">
          {t.mapAllFirst}
        </p>
      )}
      <div className="gen-toolbar">
        <label htmlFor={outputId}>{t.output}</label>
        <select
          id={outputId}
          value={output}
          onChange={(e) =>
            actorRef.send({
              type: 'generator.outputChanged',
              output: e.currentTarget.value as OutputMode,
            })
          }
        >
          <option value="merged">{t.mergedOutput}</option>
          <option value="zip">{t.zipOutput}</option>
        </select>
        {output === 'zip' && (
          <>
            <label htmlFor={nameId}>{t.nameFilesBy}</label>
            <select
              id={nameId}
              value={nameColumn}
              onChange={(e) =>
                actorRef.send({
                  type: 'generator.nameColumnChanged',
                  column: e.currentTarget.value,
                })
              }
            >
              {headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <div className="gen-toolbar">
        <button
          type="button"
          disabled={!canGenerate}
          title={generateHint ? tr(generateHint) : undefined}
          aria-busy={generating || undefined}
          onClick={() => actorRef.send({ type: 'generator.generate' })}
        >
          {fill(output === 'zip' ? t.generateZip : t.generateMerged, { count: sections })}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!canExport}
          title={exportHint ? tr(exportHint) : undefined}
          aria-busy={exporting || undefined}
          onClick={() => actorRef.send({ type: 'generator.export' })}
        >
          {t.exportXlsx}
        </button>
        <button
          type="button"
          className="secondary outline"
          disabled={!canPreview}
          onClick={() => actorRef.send({ type: 'generator.previewRow' })}
        >
          {t.previewRow}
        </button>
      </div>
    </section>
  );
}
