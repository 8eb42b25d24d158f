import { useSelector } from '@xstate/react';
import { useDeferredValue, useId } from 'react';
import { fill } from '../../../domain/i18n';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import { MAIL_TEXTS } from '../../../domain/i18n/en/mail';
import type { OutputKind } from '../../../domain/generator/generationJob';
import { select } from '../../../machines/generator/selectors';
import { isMailOutput } from '../../../machines/generator/send';
import type { OutputChoice } from '../../../machines/generator/types';
import { useTexts, useTranslate } from '../../layout/i18n';
import type { EfakturSetup } from './efakturSetup';
import { EfakturOutput } from './EfakturOutput';
import { EmailPanel } from './EmailPanel';
import type { StepProps } from './types';
import { ColumnOptions } from './ColumnOptions';

type Texts = { readonly [K in keyof typeof GENERATOR_TEXTS]: string };
/** The Generate button's text for each output. */
const GENERATE_LABEL: Record<OutputKind, (t: Texts) => string> = {
  merged: (t) => t.generateMerged,
  zip: (t) => t.generateZip,
  pdf: (t) => t.generatePdf,
  pdfPerRow: (t) => t.generatePdfPerRow,
};

/**
 * Step 4: the Output control, then Generate and Export, enabled exactly when the machine would
 * accept them; or, with the e-Faktur output, its own choices and Download e-Faktur; or, with an
 * e-mail output, Preview Row and the mail's controls with Send e-mails (Generate and Export are
 * not offered: the server sends, nothing downloads).
 */
export function GenerateStep({ actorRef, efaktur }: StepProps & { efaktur: EfakturSetup }) {
  const shown = useSelector(actorRef, select.showsGenerateStep);
  // Documents, not rows: with Group rows by, one per group.
  const sections = useSelector(actorRef, select.documentCount);
  const canGenerate = useSelector(actorRef, select.canGenerate);
  const canExport = useSelector(actorRef, select.canExport);
  const generateHint = useSelector(actorRef, select.generateHint);
  const exportHint = useSelector(actorRef, select.exportHint);
  const unmapped = useSelector(actorRef, select.unmapped);
  const generating = useSelector(actorRef, select.generating);
  const exporting = useSelector(actorRef, select.exporting);
  const canPreview = useSelector(actorRef, select.canPreview);
  const output = useSelector(actorRef, select.output);
  // The e-mails being handed over: the output stays (the steps are not disabled then). Deferred,
  // so the Output's restyle is not part of the Send click's task (EmailPanel).
  const sendingMails = useDeferredValue(useSelector(actorRef, (s) => s.matches('sendingMails')));
  const pdfAvailable = useSelector(actorRef, select.pdfAvailable);
  const headers = useSelector(actorRef, select.headers);
  const nameColumn = useSelector(actorRef, select.nameColumn);
  const grouped = useSelector(actorRef, select.groupBy) !== '';
  const hasTemplate = useSelector(actorRef, select.templateFile) !== null;
  const headingId = useId();
  const outputId = useId();
  const nameId = useId();
  const t = useTexts('generator', GENERATOR_TEXTS);
  const m = useTexts('mail', MAIL_TEXTS);
  const tr = useTranslate();
  if (!shown) return null;
  const mailing = isMailOutput(output);

  return (
    <section className="gen-step" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.step4}</h2>
      {unmapped && output !== 'efaktur' && (
        <p className="gen-warning" role="note">
          {t.mapAllFirst}
        </p>
      )}
      <div className="gen-toolbar">
        <label htmlFor={outputId}>{t.output}</label>
        <select
          id={outputId}
          value={output}
          disabled={sendingMails}
          onChange={(e) =>
            actorRef.send({
              type: 'generator.outputChanged',
              output: e.currentTarget.value as OutputChoice,
            })
          }
        >
          <option value="merged">{t.mergedOutput}</option>
          <option value="zip">{grouped ? t.zipPerGroupOutput : t.zipOutput}</option>
          {pdfAvailable && <option value="pdf">{t.pdfOutput}</option>}
          {pdfAvailable && (
            <option value="pdfPerRow">{grouped ? t.pdfPerGroupOutput : t.pdfPerRowOutput}</option>
          )}
          {pdfAvailable && (
            <option value="mailPdf">{grouped ? m.pdfOutputGroups : m.pdfOutput}</option>
          )}
          <option value="mailDocx">{grouped ? m.docxOutputGroups : m.docxOutput}</option>
          <option value="efaktur">{t.efakturOutput}</option>
        </select>
        {(output === 'zip' || output === 'pdfPerRow') && (
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
              <ColumnOptions headers={headers} />
            </select>
          </>
        )}
      </div>
      {output === 'efaktur' ? (
        <EfakturOutput actorRef={actorRef} setup={efaktur} />
      ) : mailing ? (
        <>
          {output === 'mailPdf' && (
            <p>
              <small>{t.pdfPrivacy}</small>
            </p>
          )}
          <div className="gen-toolbar">
            <button
              type="button"
              className="secondary outline"
              disabled={!canPreview || sendingMails}
              onClick={() => actorRef.send({ type: 'generator.previewRow' })}
            >
              {t.previewRow}
            </button>
          </div>
          <EmailPanel actorRef={actorRef} />
        </>
      ) : (
        <>
          {pdfAvailable && (
            <p>
              <small>{t.pdfPrivacy}</small>
            </p>
          )}
          <div className="gen-toolbar">
            <button
              type="button"
              disabled={!canGenerate}
              title={generateHint ? tr(generateHint) : undefined}
              aria-busy={generating || undefined}
              onClick={() => actorRef.send({ type: 'generator.generate' })}
            >
              {fill(GENERATE_LABEL[output](t), { count: sections })}
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
          {/* Nothing would be made: the reason shows, not only in the disabled button's title. */}
          {(sections === 0 || !hasTemplate) && generateHint && (
            <p className="gen-generate-hint" role="status">
              {tr(generateHint)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
