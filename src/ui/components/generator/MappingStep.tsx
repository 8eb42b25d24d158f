import { useSelector } from '@xstate/react';
import { memo, useId } from 'react';
import { showsMappingStep } from '../../../machines/generator.machine';
import { DEFAULT_VALUE_FORMAT, VALUE_FORMATS, type ValueFormat } from '../../../domain/valueFormat';
import type { StepProps } from './types';

interface FieldRowProps {
  placeholder: string;
  column: string;
  format: ValueFormat;
  headers: readonly string[];
  onChange: (placeholder: string, column: string) => void;
  onFormatChange: (placeholder: string, format: ValueFormat) => void;
}

const FieldRow = memo(function FieldRow({ placeholder, column, format, headers, onChange, onFormatChange }: FieldRowProps) {
  const id = useId();
  const unmapped = column === '';
  return (
    <tr className={unmapped ? 'gen-unmapped' : undefined}>
      <td>
        <label htmlFor={id} className="gen-field-name">
          {placeholder}
        </label>
        {unmapped && (
          <span className="gen-unmapped-icon" role="img" title="This field is not mapped yet" aria-label="This field is not mapped yet">
            ⚠
          </span>
        )}
      </td>
      <td>
        <select id={id} value={column} aria-invalid={unmapped ? true : undefined} onChange={(e) => onChange(placeholder, e.currentTarget.value)}>
          <option value="">-- Select column --</option>
          {headers.map((header) => (
            <option key={header} value={header}>
              {header}
            </option>
          ))}
        </select>
      </td>
      <td>
        <select
          aria-label={`Format for ${placeholder}`}
          value={format}
          onChange={(e) => onFormatChange(placeholder, e.currentTarget.value as ValueFormat)}
        >
          {VALUE_FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
});

/** Step 3: each template field mapped to an Excel column. */
export function MappingStep({ actorRef }: StepProps) {
  const shown = useSelector(actorRef, (s) => showsMappingStep(s.context));
  const placeholders = useSelector(actorRef, (s) => s.context.placeholders);
  const headers = useSelector(actorRef, (s) => s.context.headers);
  const mapping = useSelector(actorRef, (s) => s.context.mapping);
  const formats = useSelector(actorRef, (s) => s.context.formats);
  const headingId = useId();
  if (!shown) return null;

  const onChange = (placeholder: string, column: string) =>
    actorRef.send({ type: 'generator.mappingChanged', placeholder, column });
  const onFormatChange = (placeholder: string, format: ValueFormat) =>
    actorRef.send({ type: 'generator.formatChanged', placeholder, format });

  return (
    <section className="gen-step" aria-labelledby={headingId}>
      <h2 id={headingId}>Step 3: Map Template Fields</h2>
      <div className="gen-toolbar">
        <button type="button" className="secondary" onClick={() => actorRef.send({ type: 'generator.autoMap' })}>
          Auto-Map Similar Names
        </button>
        <button type="button" className="secondary outline" onClick={() => actorRef.send({ type: 'generator.clearMappings' })}>
          Clear All Mappings
        </button>
      </div>
      <table className="gen-mapping">
        <thead>
          <tr>
            <th scope="col">Template Field</th>
            <th scope="col">Excel Column</th>
            <th scope="col">Format</th>
          </tr>
        </thead>
        <tbody>
          {placeholders.map((placeholder) => (
            <FieldRow
              key={placeholder}
              placeholder={placeholder}
              column={mapping[placeholder] ?? ''}
              format={Object.hasOwn(formats, placeholder) ? formats[placeholder] : DEFAULT_VALUE_FORMAT}
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
