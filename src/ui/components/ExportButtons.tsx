// 'Export' of a list (issue 25): .xlsx or .csv of every row the list's filters and sort select.
// The machine asks the server and starts the download; this shows the two choices, the wait, and
// the file's name or the reason nothing came.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ExportFileMachine, ExportFormatChoice } from '../../machines/exportFile/machine';
import {
  selectExportError,
  selectExportedFile,
  selectExporting,
} from '../../machines/exportFile/selectors';
import { fill } from '../../domain/i18n';

export interface ExportTexts {
  export: string;
  exportAs: string;
  exporting: string;
  exported: string;
}

const FORMATS: readonly ExportFormatChoice[] = ['xlsx', 'csv'];

export function ExportButtons({
  actorRef,
  texts,
  translate = (text) => text,
}: {
  actorRef: ActorRefFrom<ExportFileMachine>;
  texts: ExportTexts;
  translate?: (text: string) => string;
}) {
  const exporting = useSelector(actorRef, selectExporting);
  const fileName = useSelector(actorRef, selectExportedFile);
  const error = useSelector(actorRef, selectExportError);
  return (
    <div className="app-export">
      <div role="group" aria-label={texts.export} className="app-export-buttons">
        {FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="secondary outline"
            disabled={exporting}
            aria-busy={exporting || undefined}
            onClick={() => actorRef.send({ type: 'export.start', format })}
          >
            {fill(texts.exportAs, { format: `.${format}` })}
          </button>
        ))}
      </div>
      <span className="app-export-status" role="status">
        {exporting ? texts.exporting : fileName ? fill(texts.exported, { file: fileName }) : ''}
      </span>
      {error && (
        <span className="app-export-error" role="alert">
          {translate(error)}
        </span>
      )}
    </div>
  );
}
