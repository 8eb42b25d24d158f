import * as Comlink from 'comlink';
import type { WorkBook } from 'xlsx';
import { packCells, type PackedSheet } from '../domain/sheetTable';
import { analyseTemplate } from './template';
import {
  EMPTY_SHEET_MESSAGE,
  parseWorkbook,
  rowObject,
  sheetCells,
  type SheetCells,
  type SheetRow,
  formatRows,
  type FieldFormats,
} from './read';
import {
  largeDocumentWarning,
  mergeDocuments,
  type MergeProgress,
  type MergeResult,
  exportRows,
  type ExportResult,
  zipPerRow,
  type ZipPerRowResult,
  previewRow,
} from './merge';
import type { DocumentPreview } from '../domain/documentPreview';

/** Rows of the worker's current sheet, named by their 0-based index in the preview. */
export interface SheetSelection {
  sheetName: string;
  rowIndexes: Uint32Array;
}

export interface WorkerMergeArgs extends SheetSelection {
  template: ArrayBuffer;
  mapping: Record<string, string>;
  /** placeholder → format of its value (default: as in the sheet). */
  formats?: FieldFormats;
  now?: Date;
}

export interface WorkerZipArgs extends WorkerMergeArgs {
  /** The column whose text names each row's file. */
  nameColumn: string;
}

export interface WorkerPreviewArgs {
  template: ArrayBuffer;
  sheetName: string;
  /** 0-based index of the row in the preview table. */
  rowIndex: number;
  mapping: Record<string, string>;
  formats?: FieldFormats;
}

/** A zip's result plus the fields whose values could not all take their format. */
export interface FormattedZipResult extends ZipPerRowResult {
  warnings: string[];
}

/** A merge's result plus the fields whose values could not all take their format. */
export interface FormattedMergeResult extends MergeResult {
  warnings: string[];
}

export interface WorkerExportArgs extends SheetSelection {
  mapping: Record<string, string>;
  now?: Date;
}

/** What the main thread receives for a workbook: names, and the first sheet packed (see sheetTable). */
export interface PackedWorkbook {
  sheetNames: string[];
  sheetName: string;
  sheet: PackedSheet;
}

export const NO_WORKBOOK_MESSAGE = 'No Excel file has been read yet';

export function missingRowMessage(index: number, sheetName: string): string {
  return `Row ${index + 1} is not in sheet "${sheetName}"`;
}

/** A packed sheet whose two buffers move to the main thread instead of being copied. */
function transferred(sheet: SheetCells): PackedSheet {
  const packed = packCells(sheet.headers, sheet.cells);
  return Comlink.transfer(packed, [packed.text.buffer, packed.offsets.buffer]);
}

/**
 * The API the generator worker exposes. It keeps the parsed workbook of the current Excel file and
 * the rows of the sheet last read, so the main thread holds only a packed copy for the preview, a
 * sheet change re-reads one sheet without parsing the file again, and a merge or export is sent row
 * indexes, not rows.
 */
export function createGeneratorApi() {
  let workbook: WorkBook | null = null;
  let current: { name: string; data: SheetCells } | null = null;

  function open(buffer: ArrayBuffer): WorkBook {
    workbook = null;
    current = null;
    workbook = parseWorkbook(buffer);
    return workbook;
  }

  function sheet(sheetName: string): SheetCells {
    if (!workbook) throw new Error(NO_WORKBOOK_MESSAGE);
    if (current?.name !== sheetName)
      current = { name: sheetName, data: sheetCells(workbook, sheetName) };
    return current.data;
  }

  /** The current sheet, checked to hold every selected row. */
  function sheetWith({ sheetName, rowIndexes }: SheetSelection): SheetCells {
    const data = sheet(sheetName);
    for (const index of rowIndexes)
      if (index >= data.cells.length) throw new Error(missingRowMessage(index, sheetName));
    return data;
  }

  /** Row objects only for the selected rows (what the pure merge and export modules take). */
  function rowsAt(selection: SheetSelection): SheetRow[] {
    const { headers, cells } = sheetWith(selection);
    return Array.from(selection.rowIndexes, (index) => rowObject(headers, cells[index]));
  }

  return {
    analyseTemplate(buffer: ArrayBuffer) {
      return analyseTemplate(buffer);
    },

    async readWorkbook(buffer: ArrayBuffer): Promise<PackedWorkbook> {
      const { SheetNames } = open(buffer);
      const sheetName = SheetNames[0];
      if (sheetName === undefined) throw new Error(EMPTY_SHEET_MESSAGE);
      return { sheetNames: [...SheetNames], sheetName, sheet: transferred(sheet(sheetName)) };
    },

    /** Parses and keeps a file without answering its rows (a fresh worker after a cancel needs it back). */
    async openWorkbook(buffer: ArrayBuffer): Promise<string[]> {
      return [...open(buffer).SheetNames];
    },

    /** Reads a sheet of the cached workbook; with a buffer, parses (and caches) that file first. */
    async readSheet(sheetName: string, buffer?: ArrayBuffer): Promise<PackedSheet> {
      if (buffer) open(buffer);
      return transferred(sheet(sheetName));
    },

    async mergeDocuments(
      args: WorkerMergeArgs,
      onProgress?: (progress: MergeProgress) => void,
    ): Promise<FormattedMergeResult> {
      const { rows, mapping, warnings } = formatRows(
        sheetWith(args),
        args.rowIndexes,
        args.mapping,
        args.formats,
      );
      const result = await mergeDocuments({
        template: args.template,
        rows,
        // 'Row n: …' names the row as the preview numbers it.
        rowNumbers: Array.from(args.rowIndexes, (index) => index + 1),
        mapping,
        now: args.now,
        onProgress: onProgress ? (p) => void onProgress(p) : undefined,
      });
      const large = largeDocumentWarning(result.parts);
      return Comlink.transfer({ ...result, warnings: large ? [...warnings, large] : warnings }, [
        result.buffer,
      ]);
    },

    async zipPerRow(
      args: WorkerZipArgs,
      onProgress?: (progress: MergeProgress) => void,
    ): Promise<FormattedZipResult> {
      const data = sheetWith(args);
      const { rows, mapping, warnings } = formatRows(
        data,
        args.rowIndexes,
        args.mapping,
        args.formats,
      );
      const nameAt = data.headers.indexOf(args.nameColumn);
      const result = await zipPerRow({
        template: args.template,
        rows,
        mapping,
        names: Array.from(args.rowIndexes, (index) =>
          nameAt < 0 ? '' : (data.cells[index][nameAt] ?? ''),
        ),
        rowNumbers: Array.from(args.rowIndexes, (index) => index + 1),
        now: args.now,
        onProgress: onProgress ? (p) => void onProgress(p) : undefined,
      });
      return Comlink.transfer({ ...result, warnings }, [result.buffer]);
    },

    /**
     * Indexes of the rows of a sheet with a cell containing `query` (case-insensitive), in table
     * order. Runs here so 50,000 rows are searched without holding up the page.
     */
    async filterRows(sheetName: string, query: string): Promise<Uint32Array> {
      const { cells } = sheet(sheetName);
      const needle = query.trim().toLocaleLowerCase();
      const out = new Uint32Array(cells.length);
      let n = 0;
      for (let r = 0; r < cells.length; r++) {
        const row = cells[r];
        for (let c = 0; c < row.length; c++) {
          if (row[c].toLocaleLowerCase().includes(needle)) {
            out[n++] = r;
            break;
          }
        }
      }
      const matches = out.slice(0, n);
      return Comlink.transfer(matches, [matches.buffer]);
    },

    async previewRow(args: WorkerPreviewArgs): Promise<DocumentPreview> {
      const rowIndexes = [args.rowIndex];
      const data = sheetWith({
        sheetName: args.sheetName,
        rowIndexes: Uint32Array.from(rowIndexes),
      });
      const { rows, mapping } = formatRows(data, rowIndexes, args.mapping, args.formats);
      return previewRow({
        template: args.template,
        row: rows[0],
        mapping,
        rowNumber: args.rowIndex + 1,
      });
    },

    async exportRows(args: WorkerExportArgs): Promise<ExportResult> {
      const data = sheetWith(args);
      const columnAt = new Map(data.headers.map((header, i) => [header, i]));
      const result = await exportRows({
        rows: rowsAt(args),
        mapping: args.mapping,
        numberAt: (position, column) => {
          const c = columnAt.get(column);
          return c === undefined ? undefined : data.numbers[args.rowIndexes[position]]?.[c];
        },
        now: args.now,
      });
      return Comlink.transfer(result, [result.buffer]);
    },
  };
}

export type GeneratorApi = ReturnType<typeof createGeneratorApi>;
