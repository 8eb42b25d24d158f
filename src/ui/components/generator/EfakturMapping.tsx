// Step 3 with the e-Faktur output: each Coretax field mapped to a column (auto-mapped from the
// headers, the voice-billing default where none is chosen), and with Group rows by the lines of a
// faktur: one GoodService per row, or one with the group's sum (docs/efaktur.md).
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { CORETAX_FIELDS, CORETAX_FIELD_LABELS } from '../../../domain/efaktur/fields';
import { EFAKTUR_TEXTS } from '../../../domain/i18n/en/efaktur';
import { select } from '../../../machines/generator/selectors';
import { useTexts } from '../../layout/i18n';
import type { EfakturSetup } from './efakturSetup';
import type { StepProps } from './types';

export function EfakturMapping({ actorRef, setup }: StepProps & { setup: EfakturSetup }) {
  const t = useTexts('efaktur', EFAKTUR_TEXTS);
  const headers = useSelector(actorRef, select.headers);
  const grouped = useSelector(actorRef, select.groupBy) !== '';
  const id = useId();
  return (
    <>
      {grouped && (
        <fieldset>
          <legend>{t.groupLines}</legend>
          <label>
            <input
              type="radio"
              name={`${id}-lines`}
              checked={setup.lines === 'lines'}
              onChange={() => setup.setLines('lines')}
            />
            {t.linesPerRow}
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-lines`}
              checked={setup.lines === 'sum'}
              onChange={() => setup.setLines('sum')}
            />
            {t.linesSum}
          </label>
        </fieldset>
      )}
      <p>
        <small>{t.mappingLead}</small>
      </p>
      <div className="app-table-scroll">
        <table className="gen-mapping">
          <thead>
            <tr>
              <th scope="col">{t.field}</th>
              <th scope="col">{t.column}</th>
            </tr>
          </thead>
          <tbody>
            {CORETAX_FIELDS.map((field) => (
              <tr key={field}>
                <th scope="row">
                  <label htmlFor={`${id}-${field}`}>{CORETAX_FIELD_LABELS[field]}</label>
                </th>
                <td>
                  <select
                    id={`${id}-${field}`}
                    value={setup.mapping[field] ?? ''}
                    onChange={(e) => setup.setColumn(field, e.currentTarget.value)}
                  >
                    <option value="">{t.useDefault}</option>
                    {headers.map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
