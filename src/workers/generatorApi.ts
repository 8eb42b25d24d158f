import * as Comlink from 'comlink';
import type { WorkBook } from 'xlsx';
import { analyseTemplate } from './analyseTemplate';
import { describeWorkbook, parseWorkbook, sheetData, type SheetData, type WorkbookData } from './readWorkbook';
import { mergeDocuments, type MergeProgress, type MergeResult } from './mergeDocuments';
import { exportRows, type ExportResult } from './exportRows';

export interface WorkerMergeArgs {
  template: ArrayBuffer;
  rows: Record<string, string>[];
  mapping: Record<string, string>;
  rowNumbers?: number[];
  now?: Date;
}

export interface WorkerExportArgs {
  rows: Record<string, string>[];
  mapping: Record<string, string>;
  now?: Date;
}

export const NO_WORKBOOK_MESSAGE = 'No Excel file has been read yet';

/**
 * The API the generator worker exposes. It keeps the parsed workbook of the current Excel file,
 * so a sheet change re-reads one sheet without parsing the file again.
 */
export function createGeneratorApi() {
  let workbook: WorkBook | null = null;

  return {
    analyseTemplate(buffer: ArrayBuffer) {
      return analyseTemplate(buffer);
    },

    async readWorkbook(buffer: ArrayBuffer): Promise<WorkbookData> {
      workbook = null;
      const parsed = parseWorkbook(buffer);
      workbook = parsed;
      return describeWorkbook(parsed);
    },

    /** Reads a sheet of the cached workbook; with a buffer, parses (and caches) that file first. */
    async readSheet(sheetName: string, buffer?: ArrayBuffer): Promise<SheetData> {
      if (buffer) workbook = parseWorkbook(buffer);
      if (!workbook) throw new Error(NO_WORKBOOK_MESSAGE);
      return sheetData(workbook, sheetName);
    },

    async mergeDocuments(args: WorkerMergeArgs, onProgress?: (progress: MergeProgress) => void): Promise<MergeResult> {
      const result = await mergeDocuments({ ...args, onProgress: onProgress ? (p) => void onProgress(p) : undefined });
      return Comlink.transfer(result, [result.buffer]);
    },

    async exportRows(args: WorkerExportArgs): Promise<ExportResult> {
      const result = await exportRows(args);
      return Comlink.transfer(result, [result.buffer]);
    },
  };
}

export type GeneratorApi = ReturnType<typeof createGeneratorApi>;
