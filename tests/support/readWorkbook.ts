// Whole-sheet reads for tests and the bench: the product never builds every row as an object
// (the worker keeps packed cells and sends rows by index), so these live here, not in src/workers.
import type * as XLSX from 'xlsx';
import {
  EMPTY_SHEET_MESSAGE,
  parseWorkbook,
  rowObject,
  sheetCells,
  type SheetRow,
} from '../../src/workers/read/readWorkbook';

export interface SheetData {
  headers: string[];
  rows: SheetRow[];
}

export interface WorkbookData {
  sheetNames: string[];
  /** The first sheet's name and data. */
  sheetName: string;
  sheet: SheetData;
}

export function sheetData(workbook: XLSX.WorkBook, sheetName: string): SheetData {
  const { headers, cells } = sheetCells(workbook, sheetName);
  return { headers, rows: cells.map((values) => rowObject(headers, values)) };
}

/** Sheet names plus the first sheet's data, from a parsed workbook. */
export function describeWorkbook(workbook: XLSX.WorkBook): WorkbookData {
  const sheetName = workbook.SheetNames[0];
  if (sheetName === undefined) throw new Error(EMPTY_SHEET_MESSAGE);
  return { sheetNames: [...workbook.SheetNames], sheetName, sheet: sheetData(workbook, sheetName) };
}

export async function readWorkbook(buffer: ArrayBuffer): Promise<WorkbookData> {
  return describeWorkbook(parseWorkbook(buffer));
}

export async function readSheet(buffer: ArrayBuffer, sheetName: string): Promise<SheetData> {
  return sheetData(parseWorkbook(buffer), sheetName);
}
