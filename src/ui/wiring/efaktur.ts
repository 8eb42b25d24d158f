// The e-Faktur panel's calls: the worker (through its bridge) builds the files; src/api records
// the export and the upload and reads the seller and the period.
import { companySettings, efakturRecords, invoiceSummaries } from '../../api';
import type { EfakturAnswer, EfakturJob } from '../../domain/efaktur/job';
import { generatorBridge } from '../../workers/bridge';

export { efakturRecords };

export function buildEfaktur(job: EfakturJob, signal?: AbortSignal): Promise<EfakturAnswer> {
  return generatorBridge.efaktur(job, { signal });
}

export async function loadSeller() {
  const answer = await companySettings.get();
  return answer.success && answer.data ? answer.data : null;
}

/** The invoice summary of a period (YYYY-MM), or null. */
export async function summaryOf(period: string) {
  const answer = await invoiceSummaries.getByPeriod(period);
  return answer.success && answer.data ? answer.data : null;
}

/** Sets the period's uploaded count with the existing progress call. */
export function saveUploaded(summaryId: number | string, count: number) {
  return invoiceSummaries.updateProgress('taxUploaded', summaryId, count);
}
