import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { PreviewBlock } from '../../../domain/word/documentPreview';
import { fill } from '../../../domain/i18n';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import { useTexts } from '../../layout/i18n';
import { select } from '../../../machines/generator/selectors';
import type { StepProps } from './types';

function Block({ block }: { block: PreviewBlock }) {
  if (block.kind === 'paragraph')
    return <p className="gen-preview-paragraph">{block.text || '\u00a0'}</p>;
  return (
    <table className="gen-preview-table">
      <tbody>
        {block.rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, c) => (
              <td key={c}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The document one selected row produces, as text (Preview Row): the worker merges that row alone
 * and reads the result back, so what shows here is what Generate writes for it.
 */
export function RowPreview({ actorRef }: StepProps) {
  const preview = useSelector(actorRef, select.preview);
  const count = useSelector(actorRef, select.positionCount);
  const groupBy = useSelector(actorRef, select.groupBy);
  const table = useSelector(actorRef, select.table);
  const canNext = useSelector(actorRef, select.canPreviewNext);
  const canPrevious = useSelector(actorRef, select.canPreviewPrevious);
  const headingId = useId();
  const t = useTexts('generator', GENERATOR_TEXTS);
  if (!preview) return null;
  const { document } = preview;
  return (
    <section className="gen-step gen-row-preview" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {groupBy
          ? fill(t.previewOfGroup, {
              group: table.cell(preview.rowIndex, table.headers.indexOf(groupBy)),
              position: preview.position + 1,
              count,
            })
          : fill(t.previewOfRow, {
              row: preview.rowIndex + 1,
              position: preview.position + 1,
              count,
            })}
      </h2>
      <div className="gen-toolbar">
        <button
          type="button"
          className="secondary"
          disabled={!canPrevious}
          onClick={() => actorRef.send({ type: 'generator.previewPrevious' })}
        >
          {t.previous}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!canNext}
          onClick={() => actorRef.send({ type: 'generator.previewNext' })}
        >
          {t.next}
        </button>
        <button
          type="button"
          className="secondary outline"
          onClick={() => actorRef.send({ type: 'generator.previewClosed' })}
        >
          {t.closePreview}
        </button>
      </div>
      <article className="gen-preview-document" aria-label={t.documentPreview}>
        {document.headers.length > 0 && (
          <header className="gen-preview-header" aria-label={t.header}>
            {document.headers.map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </header>
        )}
        <div className="gen-preview-body">
          {document.body.map((block, i) => (
            <Block key={i} block={block} />
          ))}
        </div>
        {document.footers.length > 0 && (
          <footer className="gen-preview-footer" aria-label={t.footer}>
            {document.footers.map((text, i) => (
              <p key={i}>{text}</p>
            ))}
          </footer>
        )}
      </article>
    </section>
  );
}
