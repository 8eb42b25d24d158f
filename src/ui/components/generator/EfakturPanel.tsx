// The generator's e-Faktur XML (Coretax) output (issue 33, docs/efaktur.md): shown once a sheet has
// rows, template or not. Coretax fields are auto-mapped to columns; the worker checks the selected
// rows and lists every problem by row and column, or builds the files; the export is recorded for
// the period (a key exported before warns first), and the upload sets the fifth step's count.
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  CORETAX_FIELDS,
  CORETAX_FIELD_LABELS,
  autoMapCoretax,
  type CoretaxField,
} from '../../../domain/efaktur/fields';
import type { EfakturProblem } from '../../../domain/efaktur/rows';
import { DEFAULT_TRX_CODE, TRX_CODES, type TrxCode } from '../../../domain/efaktur/tax';
import { EFAKTUR_TEXTS } from '../../../domain/i18n/en/efaktur';
import { fill } from '../../../domain/i18n';
import { currentPeriod } from '../../../domain/period';
import { exportJob, select } from '../../../machines/generator/selectors';
import { useTexts, useTranslate } from '../../layout/i18n';
import { Alert } from '../Alert';
import {
  buildEfaktur,
  efakturRecords,
  loadSeller,
  saveUploaded,
  summaryOf,
} from '../../wiring/efaktur';
import type { EfakturRecord, RepeatedKey } from '../../../api/services/efakturRecords';
import { fakturCount } from '../../../domain/efaktur/count';
import { downloadFile } from './download';
import type { StepProps } from './types';

type Built = {
  file: Blob;
  fileName: string;
  count: number;
  keys: readonly string[];
  files: { name: string; sha256: string }[];
};

export function EfakturPanel({ actorRef }: StepProps) {
  const t = useTexts('efaktur', EFAKTUR_TEXTS);
  const tr = useTranslate();
  const headers = useSelector(actorRef, select.headers);
  const selected = useSelector(actorRef, select.selectedCount);
  const rowCount = useSelector(actorRef, (s) => s.context.table.rowCount);
  const table = useSelector(actorRef, select.table);
  const selection = useSelector(actorRef, select.selection);
  const auto = useMemo(() => autoMapCoretax(headers), [headers]);
  const [mapping, setMapping] = useState<Partial<Record<CoretaxField, string>>>(auto);
  useEffect(() => setMapping(auto), [auto]);
  const [period, setPeriod] = useState(currentPeriod());
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [trxCode, setTrxCode] = useState<TrxCode>(DEFAULT_TRX_CODE);
  const [addInfo, setAddInfo] = useState('');
  const [facilityStamp, setFacilityStamp] = useState('');
  const [groupBy, setGroupBy] = useState('');
  const [lines, setLines] = useState<'lines' | 'sum'>('lines');
  const faktur = useMemo(
    () => fakturCount(table, selection, groupBy || null),
    [table, selection, groupBy],
  );
  const [problems, setProblems] = useState<readonly EfakturProblem[]>([]);
  const [message, setMessage] = useState<{
    type: 'success' | 'error' | 'warning';
    text: string;
  } | null>(null);
  const [repeated, setRepeated] = useState<{
    summaryId: number | string;
    built: Built;
    keys: RepeatedKey[];
  } | null>(null);
  const [exported, setExported] = useState<{ summaryId: number | string; count: number } | null>(
    null,
  );
  const [history, setHistory] = useState<EfakturRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const id = useId();

  if (rowCount === 0) return null;

  async function loadHistory(summaryId: number | string) {
    const answer = await efakturRecords.list(summaryId);
    if (answer.success && answer.data) setHistory(answer.data);
  }

  async function record(summaryId: number | string, built: Built, confirm: boolean) {
    const answer = await efakturRecords.record(summaryId, {
      kind: 'export',
      invoice_keys: built.keys,
      files: built.files,
      ...(confirm ? { confirm_repeat: true } : {}),
    });
    if (answer.repeated) {
      setRepeated({ summaryId, built, keys: answer.repeated });
      setMessage({ type: 'warning', text: answer.error ?? '' });
      return;
    }
    if (!answer.success) {
      setMessage({ type: 'error', text: answer.error ?? '' });
      return;
    }
    downloadFile({ file: built.file, fileName: built.fileName });
    setRepeated(null);
    setExported({ summaryId, count: built.count });
    setMessage({
      type: 'success',
      text: fill(t.downloaded, { count: built.count, file: built.fileName }),
    });
    await loadHistory(summaryId);
  }

  async function download() {
    setBusy(true);
    setMessage(null);
    setProblems([]);
    setRepeated(null);
    try {
      const [seller, summary] = await Promise.all([loadSeller(), summaryOf(period)]);
      if (!seller || !seller.seller_npwp || !seller.seller_nitku) {
        setMessage({ type: 'error', text: t.noSeller });
        return;
      }
      if (!summary || summary.id === null) {
        setMessage({ type: 'error', text: t.noSummary });
        return;
      }
      const { data, rows } = exportJob(actorRef.getSnapshot().context);
      const answer = await buildEfaktur({
        data,
        rows,
        period,
        seller: { npwp: seller.seller_npwp, nitku: seller.seller_nitku },
        options: {
          mapping,
          date,
          trxCode,
          addInfo,
          facilityStamp,
          groupBy: groupBy || null,
          lines,
        },
      });
      if (!answer.ok) {
        setProblems(answer.problems);
        return;
      }
      await record(summary.id, { ...answer, files: [...answer.files] }, false);
    } finally {
      setBusy(false);
    }
  }

  async function recordUploaded() {
    if (!exported) return;
    setBusy(true);
    try {
      const answer = await efakturRecords.record(exported.summaryId, {
        kind: 'upload',
        faktur: exported.count,
      });
      const saved = answer.success
        ? await saveUploaded(exported.summaryId, exported.count)
        : answer;
      setMessage(
        saved.success
          ? { type: 'success', text: fill(t.uploadedSaved, { count: exported.count }) }
          : { type: 'error', text: saved.error ?? '' },
      );
      await loadHistory(exported.summaryId);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="gen-step gen-efaktur" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t.heading}</h2>
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
                <th scope="row">{CORETAX_FIELD_LABELS[field]}</th>
                <td>
                  <select
                    aria-label={CORETAX_FIELD_LABELS[field]}
                    value={mapping[field] ?? ''}
                    onChange={(e) =>
                      setMapping((m) => ({ ...m, [field]: e.currentTarget.value || undefined }))
                    }
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
      <div className="grid">
        <label>
          {t.groupBy}
          <select value={groupBy} onChange={(e) => setGroupBy(e.currentTarget.value)}>
            <option value="">{t.noGrouping}</option>
            {headers.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </label>
        {groupBy && (
          <fieldset>
            <label>
              <input
                type="radio"
                name={`${id}-lines`}
                checked={lines === 'lines'}
                onChange={() => setLines('lines')}
              />
              {t.linesPerRow}
            </label>
            <label>
              <input
                type="radio"
                name={`${id}-lines`}
                checked={lines === 'sum'}
                onChange={() => setLines('sum')}
              />
              {t.linesSum}
            </label>
          </fieldset>
        )}
      </div>
      <button
        type="button"
        disabled={busy || selected === 0}
        aria-busy={busy || undefined}
        onClick={() => void download()}
      >
        {fill(t.download, { count: faktur })}
      </button>
      {problems.length > 0 && (
        <div role="alert" className="gen-efaktur-problems">
          <p>{t.problemsTitle}</p>
          <div className="app-table-scroll">
            <table aria-label={t.problemsTitle}>
              <thead>
                <tr>
                  <th scope="col">{t.row}</th>
                  <th scope="col">{t.column}</th>
                  <th scope="col">{t.problem}</th>
                </tr>
              </thead>
              <tbody>
                {problems.map((p, i) => (
                  <tr key={i}>
                    <td>{p.row || ''}</td>
                    <td>{p.column}</td>
                    <td>{tr(p.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {message && <Alert type={message.type}>{tr(message.text)}</Alert>}
      {repeated && (
        <>
          <ul>
            {repeated.keys.map((k) => (
              <li key={k.key}>
                {k.key} — {k.by}, {k.recorded_at.slice(0, 10)}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => void record(repeated.summaryId, repeated.built, true)}
          >
            {t.repeated}
          </button>
        </>
      )}
      {exported && (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => void recordUploaded()}
        >
          {t.recordUploaded}
        </button>
      )}
      {history.length > 0 && (
        <>
          <h3>{t.history}</h3>
          <ul>
            {history.map((r) => (
              <li key={r.id}>
                {fill(r.kind === 'export' ? t.exported : t.uploaded, { count: r.faktur })} —{' '}
                {r.recorded_by_name}, {new Date(r.recorded_at).toLocaleString()}
                {r.files.length > 0 && ` (${r.files.map((f) => f.name).join(', ')})`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
