import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  exportBlocker,
  generateBlocker,
  isFullyMapped,
  showsGenerateStep,
  zipNameColumn,
  type OutputMode,
} from '../../../machines/generator.machine';
import type { StepProps } from './types';

/** Step 4: Generate and Export, enabled exactly when the machine would accept them. */
export function GenerateStep({ actorRef }: StepProps) {
  const shown = useSelector(actorRef, (s) => showsGenerateStep(s.context));
  const sections = useSelector(actorRef, (s) => s.context.selectedCount);
  const canGenerate = useSelector(actorRef, (s) => s.can({ type: 'generator.generate' }));
  const canExport = useSelector(actorRef, (s) => s.can({ type: 'generator.export' }));
  const generateHint = useSelector(actorRef, (s) => (s.hasTag('processing') ? null : generateBlocker(s.context)));
  const exportHint = useSelector(actorRef, (s) => (s.hasTag('processing') ? null : exportBlocker(s.context)));
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
  if (!shown) return null;

  return (
    <section className="gen-step" aria-labelledby={headingId}>
      <h2 id={headingId}>Step 4: Generate Documents</h2>
      {unmapped && (
        <p className="gen-warning" role="note">
          Please map all template fields before generating documents.
        </p>
      )}
      <div className="gen-toolbar">
        <label htmlFor={outputId}>Output</label>
        <select
          id={outputId}
          value={output}
          onChange={(e) => actorRef.send({ type: 'generator.outputChanged', output: e.currentTarget.value as OutputMode })}
        >
          <option value="merged">One merged document</option>
          <option value="zip">One file per row (.zip)</option>
        </select>
        {output === 'zip' && (
          <>
            <label htmlFor={nameId}>Name files by</label>
            <select
              id={nameId}
              value={nameColumn}
              onChange={(e) => actorRef.send({ type: 'generator.nameColumnChanged', column: e.currentTarget.value })}
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
          title={generateHint ?? undefined}
          aria-busy={generating || undefined}
          onClick={() => actorRef.send({ type: 'generator.generate' })}
        >
          {output === 'zip' ? `Generate ${sections} Files (.zip)` : `Generate Merged Document (${sections} sections)`}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!canExport}
          title={exportHint ?? undefined}
          aria-busy={exporting || undefined}
          onClick={() => actorRef.send({ type: 'generator.export' })}
        >
          Export XLSX
        </button>
        <button type="button" className="secondary outline" disabled={!canPreview} onClick={() => actorRef.send({ type: 'generator.previewRow' })}>
          Preview Row
        </button>
      </div>
    </section>
  );
}
