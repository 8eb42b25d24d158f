// The e-Faktur output's work (docs/efaktur.md): the worker checks the selected rows and builds the
// files (or lists every problem), the export is recorded for the period before anything downloads
// (a key exported before warns first), and Record uploaded sets the period's fifth step.
import { useState } from 'react';
import type { EfakturRecord, RepeatedKey } from '../../../api/services/efakturRecords';
import type { EfakturProblem } from '../../../domain/efaktur/rows';
import type { TrxCode } from '../../../domain/efaktur/tax';
import { EFAKTUR_TEXTS } from '../../../domain/i18n/en/efaktur';
import { fill } from '../../../domain/i18n';
import { exportJob } from '../../../machines/generator/selectors';
import { useTexts } from '../../layout/i18n';
import {
  buildEfaktur,
  efakturRecords,
  loadSeller,
  saveUploaded,
  summaryOf,
} from '../../wiring/efaktur';
import { downloadFile } from './download';
import type { EfakturSetup } from './efakturSetup';
import type { StepProps } from './types';

type Built = {
  file: Blob;
  fileName: string;
  count: number;
  keys: readonly string[];
  files: { name: string; sha256: string }[];
};

export type EfakturMessage = { type: 'success' | 'error' | 'warning'; text: string };

/** What the output's own controls choose (step 4); the mapping and the lines come from step 3. */
export interface EfakturChoices {
  readonly period: string;
  readonly date: string;
  readonly trxCode: TrxCode;
  readonly addInfo: string;
  readonly facilityStamp: string;
}

export function useEfakturExport({ actorRef, setup }: StepProps & { setup: EfakturSetup }) {
  const t = useTexts('efaktur', EFAKTUR_TEXTS);
  const [problems, setProblems] = useState<readonly EfakturProblem[]>([]);
  const [message, setMessage] = useState<EfakturMessage | null>(null);
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

  async function busyWith(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  const download = (choices: EfakturChoices) =>
    busyWith(async () => {
      setMessage(null);
      setProblems([]);
      setRepeated(null);
      const [seller, summary] = await Promise.all([loadSeller(), summaryOf(choices.period)]);
      if (!seller || !seller.seller_npwp || !seller.seller_nitku) {
        setMessage({ type: 'error', text: t.noSeller });
        return;
      }
      if (!summary || summary.id === null) {
        setMessage({ type: 'error', text: t.noSummary });
        return;
      }
      const context = actorRef.getSnapshot().context;
      const { data, rows } = exportJob(context);
      const answer = await buildEfaktur({
        data,
        rows,
        period: choices.period,
        seller: { npwp: seller.seller_npwp, nitku: seller.seller_nitku },
        options: {
          mapping: setup.mapping,
          date: choices.date,
          trxCode: choices.trxCode,
          addInfo: choices.addInfo,
          facilityStamp: choices.facilityStamp,
          groupBy: context.groupBy || null,
          lines: setup.lines,
        },
      });
      if (!answer.ok) {
        setProblems(answer.problems);
        return;
      }
      await record(summary.id, { ...answer, files: [...answer.files] }, false);
    });

  const exportAgain = () =>
    busyWith(async () => {
      if (repeated) await record(repeated.summaryId, repeated.built, true);
    });

  const recordUploaded = () =>
    busyWith(async () => {
      if (!exported) return;
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
    });

  return {
    busy,
    problems,
    message,
    repeatedKeys: repeated?.keys ?? null,
    canRecordUpload: exported !== null,
    history,
    download,
    exportAgain,
    recordUploaded,
  };
}

export type EfakturExport = ReturnType<typeof useEfakturExport>;
