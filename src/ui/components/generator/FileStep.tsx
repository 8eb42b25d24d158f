import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useId, useRef, type ChangeEvent } from 'react';
import { formatFileSize } from '../../../domain/text/fileSize';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import type { ChosenFile } from '../../../machines/generator/types';
import { DATA_FILE_TYPES, TEMPLATE_FILE_TYPES } from '../../../machines/generator/rules';
import { select } from '../../../machines/generator/selectors';
import { IMAGE_FILE_TYPES } from '../../../machines/generator/pictures';
import { fill } from '../../../domain/i18n';
import { useTexts } from '../../layout/i18n';
import { TemplateHelp } from './TemplateHelp';
import type { StepProps } from './types';

function ChosenFileLine({ file }: { file: ChosenFile | null }) {
  if (!file) return null;
  return (
    <small className="gen-file-chosen" data-testid="chosen-file">
      <strong>{file.name}</strong> ({formatFileSize(file.size)})
    </small>
  );
}

/** Makes a file input show the file the machine holds (none, or the one it accepted). */
function showFile(input: HTMLInputElement | null, file: ChosenFile | null) {
  if (!input) return;
  if (!file) {
    if (input.value) input.value = '';
    return;
  }
  if (input.files?.[0] === file || !(file instanceof File)) return;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
}

/** The images chosen: how many, and their names (the first few). */
function ChosenImagesLine({
  files,
  names,
}: {
  files: readonly ChosenFile[];
  names: readonly string[];
}) {
  const t = useTexts('generator', GENERATOR_TEXTS);
  if (files.length === 0) return null;
  const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : '');
  const size = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <small className="gen-file-chosen" data-testid="chosen-images">
      <strong>
        {fill(names.length === 1 ? t.oneImageChosen : t.imagesChosen, {
          count: names.length,
          names: shown,
        })}
      </strong>{' '}
      ({formatFileSize(size)})
    </small>
  );
}

/** Step 1: the template and the workbook, and the sheet selector when the workbook has several sheets. */
export function FileStep({ actorRef }: StepProps) {
  const templateFile = useSelector(actorRef, select.templateFile);
  const dataFile = useSelector(actorRef, select.dataFile);
  const sheetNames = useSelector(actorRef, select.sheetNames);
  const selectedSheet = useSelector(actorRef, select.selectedSheet);
  const imageFiles = useSelector(actorRef, select.imageFiles);
  const imageNames = useSelector(actorRef, select.imageNames);
  // A file chosen while the mails are handed over would show but not be used (Handover.tsx);
  // deferred, so the inputs' restyle is not part of the Send click's task.
  const sending = useDeferredValue(useSelector(actorRef, (s) => s.matches('sendingMails')));
  const templateId = useId();
  const dataId = useId();
  const imagesId = useId();
  const sheetId = useId();
  const t = useTexts('generator', GENERATOR_TEXTS);

  const templateInput = useRef<HTMLInputElement>(null);
  const dataInput = useRef<HTMLInputElement>(null);

  // The machine decides which file is chosen: after a refused file, a template that failed to
  // parse, a reset or a new template (which drops the workbook) the input shows what the machine
  // holds, never a file the page does not use.
  useEffect(() => showFile(templateInput.current, templateFile), [templateFile]);
  useEffect(() => showFile(dataInput.current, dataFile), [dataFile]);

  const choose =
    (type: 'generator.templateChosen' | 'generator.dataChosen') =>
    (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      const file = input.files?.[0];
      if (!file) return;
      actorRef.send({ type, file });
      const { context } = actorRef.getSnapshot();
      showFile(
        input,
        type === 'generator.templateChosen' ? context.templateFile : context.dataFile,
      );
    };

  return (
    <section className="gen-step" aria-labelledby={`${templateId}-heading`}>
      <h2 id={`${templateId}-heading`}>{t.step1}</h2>
      <div className="gen-files">
        <div className="gen-file">
          <label htmlFor={templateId}>{t.docxTemplate}</label>
          <input
            ref={templateInput}
            id={templateId}
            type="file"
            accept={TEMPLATE_FILE_TYPES.join(',')}
            onChange={choose('generator.templateChosen')}
            disabled={sending}
          />
          <ChosenFileLine file={templateFile} />
          <TemplateHelp actorRef={actorRef} />
        </div>
        <div className="gen-file">
          <label htmlFor={dataId}>{t.excelData}</label>
          <input
            ref={dataInput}
            id={dataId}
            type="file"
            accept={DATA_FILE_TYPES.join(',')}
            onChange={choose('generator.dataChosen')}
            disabled={sending}
          />
          <ChosenFileLine file={dataFile} />
        </div>
        <div className="gen-file">
          <label htmlFor={imagesId}>{t.images}</label>
          <input
            id={imagesId}
            type="file"
            multiple
            disabled={sending}
            accept={IMAGE_FILE_TYPES.join(',')}
            onChange={(event) => {
              const input = event.currentTarget;
              const files = [...(input.files ?? [])];
              // The input is emptied: the line below says which images the page uses.
              input.value = '';
              if (files.length > 0) actorRef.send({ type: 'generator.imagesChosen', files });
            }}
          />
          <ChosenImagesLine files={imageFiles} names={imageNames} />
        </div>
      </div>
      {sheetNames.length > 1 && (
        <div className="gen-sheet">
          <label htmlFor={sheetId}>{t.sheet}</label>
          <select
            id={sheetId}
            value={selectedSheet}
            disabled={sending}
            onChange={(event) =>
              actorRef.send({ type: 'generator.sheetChanged', sheet: event.currentTarget.value })
            }
          >
            {sheetNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}
