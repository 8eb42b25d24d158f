import { useSelector } from '@xstate/react';
import { memo, useId } from 'react';
import { fill } from '../../../domain/i18n';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import { select } from '../../../machines/generator/selectors';
import { fieldRole, type FieldRole } from '../../../machines/generator/groups';
import { computedField } from '../../../domain/generator/grouping';
import {
  DEFAULT_VALUE_FORMAT,
  VALUE_FORMATS,
  type ValueFormat,
} from '../../../domain/values/valueFormat';
import { useTexts } from '../../layout/i18n';
import { pictureFieldOf, type PictureKind } from '../../../domain/word/pictureField';
import type { EfakturSetup } from './efakturSetup';
import { EfakturMapping } from './EfakturMapping';
import { GroupByControl } from './GroupByControl';
import type { StepProps } from './types';
import { ColumnOptions } from './ColumnOptions';

interface FieldRowProps {
  placeholder: string;
  role: FieldRole;
  column: string;
  format: ValueFormat;
  /** Whether the template's Word field formats this one itself (its switches). */
  hasSwitches: boolean;
  headers: readonly string[];
  onChange: (placeholder: string, column: string) => void;
  onFormatChange: (placeholder: string, format: ValueFormat) => void;
  /** While work runs (StepsLock). */
  disabled: boolean;
}

/**
 * Which of step 3's controls are disabled while work runs, a few at a time
 * (useStagedDisable in InvoiceDocumentGeneratorPage.tsx): the controls above the table, and the
 * table's first `rows` rows. Each row's two selects restyle their options when disabled.
 */
export interface StepsLock {
  controls: boolean;
  rows: number;
}

type Texts = { readonly [K in keyof typeof GENERATOR_TEXTS]: string };

/** What fills a field that takes no column ({count}, {sum:…}, a loop over the group), in words. */
function filledBy(role: FieldRole, placeholder: string, t: Texts): string | null {
  const computed = computedField(placeholder);
  const column = computed?.kind === 'sum' ? computed.column : '';
  if (role === 'count') return t.countField;
  if (role === 'sum') return fill(t.sumField, { column });
  if (role === 'sumWithoutColumn') return fill(t.sumWithoutColumn, { column });
  if (role === 'loop') return t.loopField;
  return null;
}

const FieldRow = memo(function FieldRow({
  placeholder,
  role,
  column,
  format,
  hasSwitches,
  headers,
  onChange,
  onFormatChange,
  disabled,
}: FieldRowProps) {
  const id = useId();
  const t = useTexts('generator', GENERATOR_TEXTS);
  const filled = filledBy(role, placeholder, t);
  const unmapped = role === 'sumWithoutColumn' || (filled === null && column === '');
  const noteId = useId();
  const picture = pictureFieldOf(placeholder);
  const pictureNote: Record<PictureKind, string> = {
    qr: t.imageFieldQr,
    qris: t.imageFieldQris,
    image: t.imageFieldFile,
  };
  // Rupiah and Terbilang read the same in both languages.
  const formatLabels: Partial<Record<ValueFormat, string>> = {
    sheet: t.asInSheet,
    number: t.numberFormat,
    date: t.dateFormat,
    upper: t.upperCase,
    field: t.asWordFieldSays,
  };
  const offered = VALUE_FORMATS.filter(
    (f) => f.id !== 'field' || hasSwitches || format === 'field',
  );
  return (
    <tr className={unmapped ? 'gen-unmapped' : undefined}>
      <td>
        {filled === null ? (
          <label htmlFor={id} className="gen-field-name">
            {placeholder}
          </label>
        ) : (
          <span className="gen-field-name">{placeholder}</span>
        )}
        {unmapped && (
          <span
            className="gen-unmapped-icon"
            role="img"
            title={t.notMapped}
            aria-label={t.notMapped}
          >
            ⚠
          </span>
        )}
      </td>
      <td>
        {filled !== null ? (
          <small className={unmapped ? 'gen-warning' : undefined}>{filled}</small>
        ) : (
          <select
            id={id}
            value={column}
            disabled={disabled}
            aria-invalid={unmapped ? true : undefined}
            aria-describedby={role === 'unmatchedSection' || picture ? noteId : undefined}
            onChange={(e) => onChange(placeholder, e.currentTarget.value)}
          >
            <option value="">{t.selectColumn}</option>
            <ColumnOptions headers={headers} />
          </select>
        )}
        {role === 'unmatchedSection' && (
          <small id={noteId} className="gen-field-note">
            {fill(t.sectionWithoutColumn, { name: placeholder })}
          </small>
        )}
        {picture && (
          <small id={noteId} className="gen-field-note">
            {pictureNote[picture.kind]}
          </small>
        )}
      </td>
      <td>
        {/* A loop is filled with rows, not a value, and a picture is drawn: neither has a format. */}
        {picture && <small className="gen-field-kind">{t.imageField}</small>}
        {role !== 'loop' && !picture && (
          <select
            aria-label={fill(t.formatFor, { field: placeholder })}
            value={format}
            disabled={disabled}
            onChange={(e) => onFormatChange(placeholder, e.currentTarget.value as ValueFormat)}
          >
            {offered.map((f) => (
              <option key={f.id} value={f.id}>
                {formatLabels[f.id] ?? f.label}
              </option>
            ))}
          </select>
        )}
      </td>
    </tr>
  );
});

/**
 * Step 3: each template field mapped to an Excel column; with the e-Faktur output, each Coretax
 * field (docs/efaktur.md). Group rows by serves both.
 */
export function MappingStep({
  actorRef,
  efaktur,
  lock,
}: StepProps & { efaktur: EfakturSetup; lock: StepsLock }) {
  const shown = useSelector(actorRef, select.showsMappingStep);
  const coretax = useSelector(actorRef, select.output) === 'efaktur';
  const placeholders = useSelector(actorRef, select.placeholders);
  const headers = useSelector(actorRef, select.headers);
  const mapping = useSelector(actorRef, select.mapping);
  const formats = useSelector(actorRef, select.formats);
  const fieldFormats = useSelector(actorRef, select.fieldFormats);
  const sections = useSelector(actorRef, select.sections);
  const groupBy = useSelector(actorRef, select.groupBy);
  const hasQrisField = useSelector(actorRef, select.hasQrisField);
  const invoiceColumn = useSelector(actorRef, select.qrisInvoiceColumn);
  const qrisPayload = useSelector(actorRef, select.qrisPayload);
  const invoiceId = useId();
  const headingId = useId();
  const t = useTexts('generator', GENERATOR_TEXTS);
  if (!shown) return null;
  if (coretax)
    return (
      <section className="gen-step" aria-labelledby={headingId}>
        <h2 id={headingId}>{t.step3Efaktur}</h2>
        <fieldset className="gen-step-fields" disabled={lock.controls}>
          <GroupByControl actorRef={actorRef} />
          <EfakturMapping actorRef={actorRef} setup={efaktur} />
        </fieldset>
      </section>
    );

  const onChange = (placeholder: string, column: string) =>
    actorRef.send({ type: 'generator.mappingChanged', placeholder, column });
  const onFormatChange = (placeholder: string, format: ValueFormat) =>
    actorRef.send({ type: 'generator.formatChanged', placeholder, format });

  return (
    <section className="gen-step" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.step3}</h2>
      <fieldset className="gen-step-fields" disabled={lock.controls}>
        <div className="gen-toolbar">
          <button
            type="button"
            className="secondary"
            onClick={() => actorRef.send({ type: 'generator.autoMap' })}
          >
            {t.autoMap}
          </button>
          <button
            type="button"
            className="secondary outline"
            onClick={() => actorRef.send({ type: 'generator.clearMappings' })}
          >
            {t.clearMappings}
          </button>
        </div>
        <GroupByControl actorRef={actorRef} />
        {hasQrisField && (
          <div className="gen-toolbar">
            <label htmlFor={invoiceId}>{t.qrisInvoiceColumn}</label>
            <select
              id={invoiceId}
              value={invoiceColumn}
              aria-invalid={invoiceColumn === '' ? true : undefined}
              onChange={(e) =>
                actorRef.send({
                  type: 'generator.qrisInvoiceColumnChanged',
                  column: e.currentTarget.value,
                })
              }
            >
              {invoiceColumn === '' && <option value="">{t.selectColumn}</option>}
              <ColumnOptions headers={headers} />
            </select>
          </div>
        )}
        {hasQrisField && qrisPayload === null && (
          <p className="gen-warning" role="status">
            {t.noStaticQris}
          </p>
        )}
      </fieldset>
      <table className="gen-mapping">
        <thead>
          <tr>
            <th scope="col">{t.templateField}</th>
            <th scope="col">{t.excelColumn}</th>
            <th scope="col">{t.format}</th>
          </tr>
        </thead>
        <tbody>
          {placeholders.map((placeholder, index) => (
            <FieldRow
              key={placeholder}
              placeholder={placeholder}
              role={fieldRole(placeholder, { headers, sections, groupBy })}
              column={mapping[placeholder] ?? ''}
              format={
                Object.hasOwn(formats, placeholder) ? formats[placeholder] : DEFAULT_VALUE_FORMAT
              }
              hasSwitches={fieldFormats[placeholder] === 'field'}
              headers={headers}
              onChange={onChange}
              onFormatChange={onFormatChange}
              disabled={index < lock.rows}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}
