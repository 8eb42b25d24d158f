import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { exportBlocker, generateBlocker, isFullyMapped, showsGenerateStep } from '../../../machines/generator.machine';
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
  const headingId = useId();
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
        <button
          type="button"
          disabled={!canGenerate}
          title={generateHint ?? undefined}
          aria-busy={generating || undefined}
          onClick={() => actorRef.send({ type: 'generator.generate' })}
        >
          Generate Merged Document ({sections} sections)
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
      </div>
    </section>
  );
}
