import { useSelector } from '@xstate/react';
import { memo, useId } from 'react';
import { fill } from '../../../domain/i18n';
import { GENERATOR_TEXTS } from '../../../domain/i18n/en/generator';
import { select } from '../../../machines/generator/selectors';
import { DEFAULT_VALUE_FORMAT, VALUE_FORMATS, type ValueFormat } from '../../../domain/valueFormat';
import { useTexts } from '../../layout/i18n';
import type { StepProps } from './types';

interface FieldRowProps {
  placeholder: string;
  column: string;
  format: ValueFormat;
  /** Whether the template's Word field formats this one itself (its switches). */
  hasSwitches: boolean;
  headers: readonly string[];
  onChange: (placeholder: string, column: string) => void;
  onFormatChange: (placeholder: string, format: ValueFormat) => void;
}

const FieldRow = memo(function FieldRow({
  placeholder,
  column,
  format,
  hasSwitches,
  headers,
  onChange,
  onFormatChange,
}: FieldRowProps) {
  const id = useId();
  const unmapped = column === '';
  const t = useTexts('generator', GENERATOR_TEXTS);
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
        <label htmlFor={id} className="gen-field-name">
          {placeholder}
        </label>
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
        <select
          id={id}
          value={column}
          aria-invalid={unmapped ? true : undefined}
          onChange={(e) => onChange(placeholder, e.currentTarget.value)}
        >
          <option value="">{t.selectColumn}</option>
          {headers.map((header) => (
            <option key={header} value={header}>
              {header}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select
          aria-label={fill(t.formatFor, { field: placeholder })}
          value={format}
          onChange={(e) => onFormatChange(placeholder, e.currentTarget.value as ValueFormat)}
        >
          {offered.map((f) => (
            <option key={f.id} value={f.id}>
              {formatLabels[f.id] ?? f.label}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
});

/** Step 3: each template field mapped to an Excel column. */
export function MappingStep({ actorRef }: StepProps) {
  const shown = useSelector(actorRef, select.showsMappingStep);
  const placeholders = useSelector(actorRef, select.placeholders);
  const headers = useSelector(actorRef, select.headers);
  const mapping = useSelector(actorRef, select.mapping);
  const formats = useSelector(actorRef, select.formats);
  const fieldFormats = useSelector(actorRef, select.fieldFormats);
  const headingId = useId();
  const t = useTexts('generator', GENERATOR_TEXTS);
  if (!shown) return null;

  const onChange = (placeholder: string, column: string) =>
    actorRef.send({ type: 'generator.mappingChanged', placeholder, column });
  const onFormatChange = (placeholder: string, format: ValueFormat) =>
    actorRef.send({ type: 'generator.formatChanged', placeholder, format });

  return (
    <section className="gen-step" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.step3}</h2>
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
      <table className="gen-mapping">
        <thead>
          <tr>
            <th scope="col">{t.templateField}</th>
            <th scope="col">{t.excelColumn}</th>
            <th scope="col">{t.format}</th>
          </tr>
        </thead>
        <tbody>
          {placeholders.map((placeholder) => (
            <FieldRow
              key={placeholder}
              placeholder={placeholder}
              column={mapping[placeholder] ?? ''}
              format={
                Object.hasOwn(formats, placeholder) ? formats[placeholder] : DEFAULT_VALUE_FORMAT
              }
              hasSwitches={fieldFormats[placeholder] === 'field'}
              headers={headers}
              onChange={onChange}
              onFormatChange={onFormatChange}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}
