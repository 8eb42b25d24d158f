// Step 4 with Output e-Faktur XML (Coretax) (docs/efaktur.md): the period and the faktur's own
// choices, and `Download e-Faktur (n faktur)` — one faktur per selected row, or per group with
// Group rows by. The template is not needed: the rows are the source.
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fakturCount } from '../../../domain/efaktur/count';
import { DEFAULT_TRX_CODE, TRX_CODES, type TrxCode } from '../../../domain/efaktur/tax';
import { EFAKTUR_TEXTS } from '../../../domain/i18n/en/efaktur';
import { fill } from '../../../domain/i18n';
import { currentPeriod } from '../../../domain/billing/period';
import { select } from '../../../machines/generator/selectors';
import { useTexts } from '../../layout/i18n';
import type { EfakturSetup } from './efakturSetup';
import { EfakturResults } from './EfakturResults';
import { useEfakturExport } from './useEfakturExport';
import type { StepProps } from './types';

export function EfakturOutput({ actorRef, setup }: StepProps & { setup: EfakturSetup }) {
  const t = useTexts('efaktur', EFAKTUR_TEXTS);
  const table = useSelector(actorRef, select.table);
  const selection = useSelector(actorRef, select.selection);
  const selected = useSelector(actorRef, select.selectedCount);
  const groupBy = useSelector(actorRef, select.groupBy);
  const faktur = useMemo(
    () => fakturCount(table, selection, groupBy || null),
    [table, selection, groupBy],
  );
  const [period, setPeriod] = useState(currentPeriod());
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [trxCode, setTrxCode] = useState<TrxCode>(DEFAULT_TRX_CODE);
  const [addInfo, setAddInfo] = useState('');
  const [facilityStamp, setFacilityStamp] = useState('');
  const work = useEfakturExport({ actorRef, setup });

  return (
    <>
      <p className="app-muted">{t.lead}</p>
      <div className="grid">
        <label>
          {t.period}
          <input type="month" value={period} onChange={(e) => setPeriod(e.currentTarget.value)} />
        </label>
        <label>
          {t.date}
          <input type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
        </label>
        <label>
          {t.trxCode}
          <select value={trxCode} onChange={(e) => setTrxCode(e.currentTarget.value as TrxCode)}>
            {TRX_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
      </div>
      {(trxCode === '07' || trxCode === '08') && (
        <div className="grid">
          <label>
            {t.addInfo}
            <input
              value={addInfo}
              placeholder="TD.00501"
              onChange={(e) => setAddInfo(e.currentTarget.value)}
            />
          </label>
          <label>
            {t.facilityStamp}
            <input
              value={facilityStamp}
              placeholder="TD.01101"
              onChange={(e) => setFacilityStamp(e.currentTarget.value)}
            />
          </label>
        </div>
      )}
      <div className="gen-toolbar">
        <button
          type="button"
          disabled={work.busy || selected === 0}
          aria-busy={work.busy || undefined}
          onClick={() => void work.download({ period, date, trxCode, addInfo, facilityStamp })}
        >
          {fill(t.download, { count: faktur })}
        </button>
      </div>
      <EfakturResults work={work} />
    </>
  );
}
