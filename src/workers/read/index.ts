// The read stage: workbooks (.xlsx, .xls) into sheets of cells and rows, and a row's values as
// the merge and the export need them. The only module other stages and the worker's surface import.
// Code-page tables for legacy .xls text (Hebrew, Cyrillic, Greek…): loaded with the stage, so they
// ride in the worker bundle only.
import './codepages';

export {
  EMPTY_SHEET_MESSAGE,
  parseWorkbook,
  rowObject,
  sheetCells,
  type NumberCell,
  type SheetCells,
} from './readWorkbook';
export { formattedNumber } from './cellDisplay';
export { formatRows } from './formatRows';
export { hasEnoughData, rowValues } from './rowData';
export { hiddenRowsReader, type HiddenRows } from './hiddenRows';
export { rowMarks } from './rowMarks';
export { firstTable } from './firstTable';
