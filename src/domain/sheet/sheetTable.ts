// A sheet of the generator's workbook in a form that crosses from the worker to the main thread
// for almost nothing: every cell's UTF-8 text in one byte array (row-major) plus an offset table,
// both transferred. Receiving 50,000 × 20 cells as objects cost the main thread one structured-clone
// task of 140–850 ms; this costs a pointer swap, and cells are decoded only when shown.

import { isFilledValue, MIN_FILLED_VALUES } from './rowData';

/** One row keyed by header; built without a prototype, so a header such as '__proto__' is plain data. */
export type SheetRowValues = Readonly<Record<string, string>>;

/** The wire form (plain data: structured-clone safe; its two buffers are transferable). */
export interface PackedSheet {
  readonly headers: readonly string[];
  readonly rowCount: number;
  /** UTF-8 bytes of every cell, row-major, no separators. */
  readonly text: Uint8Array;
  /** rowCount × headers.length + 1 byte offsets into `text`; cell k spans offsets[k]…offsets[k + 1]. */
  readonly offsets: Uint32Array;
  /**
   * Indexes of the rows the merge skips (fewer than 2 filled values), found while packing: in the
   * worker, so the page never walks every row for them (docs/rows.md). Absent: worked out on demand.
   */
  readonly thinRows?: Uint32Array;
  /** The sheet's row (1-based) the column names were read from, when the reader says. */
  readonly headerRow?: number;
  /** Each row's number in the sheet (1-based), when the reader says (docs/rows.md). */
  readonly sheetRowNumbers?: Uint32Array;
  /** Indexes of the rows that look like totals, and of those hidden in the workbook. */
  readonly totalRows?: Uint32Array;
  readonly hiddenRows?: Uint32Array;
  /** How the reader read text columns as numbers (CSV, HTML tables): the preview says so. */
  readonly notes?: readonly string[];
}

/** Encodes rows (keyed by header) into the packed form; a missing value becomes ''. */
export function packSheet(
  headers: readonly string[],
  rows: readonly SheetRowValues[],
): PackedSheet {
  return packCells(
    headers,
    rows.map((row) => headers.map((header) => (Object.hasOwn(row, header) ? row[header] : ''))),
  );
}

/** Encodes rows given as cell texts in header order; a missing value becomes ''. */
export function packCells(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): PackedSheet {
  const columns = headers.length;
  const offsets = new Uint32Array(rows.length * columns + 1);
  const encoder = new TextEncoder();
  let text = new Uint8Array(Math.max(1024, rows.length * columns * 8));
  let at = 0;
  let cell = 0;
  const thin: number[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    let filled = 0;
    for (let c = 0; c < columns; c++) {
      const value = row[c] ?? '';
      if (value) {
        if (filled < MIN_FILLED_VALUES && isFilled(value)) filled++;
        // UTF-8 needs at most 3 bytes per UTF-16 code unit.
        const room = value.length * 3;
        if (at + room > text.length) {
          const grown = new Uint8Array(Math.max(text.length * 2, at + room));
          grown.set(text.subarray(0, at));
          text = grown;
        }
        // ASCII (most cells: numbers, dates, names) is copied byte by byte; a million encodeInto
        // calls, each with its own subarray, cost several times more.
        let i = 0;
        for (; i < value.length; i++) {
          const code = value.charCodeAt(i);
          if (code >= 0x80) break;
          text[at + i] = code;
        }
        at += i < value.length ? encoder.encodeInto(value, text.subarray(at)).written : i;
      }
      offsets[++cell] = at;
    }
    if (filled < MIN_FILLED_VALUES) thin.push(r);
  }
  // A copy of exactly the used bytes, so the transferred buffer carries no slack.
  return {
    headers: [...headers],
    rowCount: rows.length,
    text: text.slice(0, at),
    offsets,
    thinRows: Uint32Array.from(thin),
  };
}

/**
 * isFilledValue (src/domain/sheet/rowData.ts) of a non-empty cell, without trimming the usual one: a
 * cell starting with a printable ASCII character other than '-' is filled.
 */
function isFilled(value: string): boolean {
  const first = value.charCodeAt(0);
  return (first > 0x20 && first < 0x7f && first !== 0x2d) || isFilledValue(value);
}

const NO_ROWS = new Uint32Array(0);

/** How many decoded rows a table keeps: several screens of the preview. */
const DECODED_ROWS_KEPT = 512;

/**
 * Read access to a packed sheet on the main thread: cells are decoded on demand and the last
 * DECODED_ROWS_KEPT rows are kept (least recently used first out), so scrolling the preview decodes
 * only the rows coming into view, and the same row object comes back while it stays cached.
 */
export class SheetTable {
  readonly headers: readonly string[];
  readonly rowCount: number;
  /** The sheet's row (1-based) the column names were read from; null when not known. */
  readonly headerRow: number | null;
  /** Indexes of the rows that look like totals, and of those hidden in the sheet (they start unselected). */
  readonly totalRows: Uint32Array;
  readonly hiddenRows: Uint32Array;
  private readonly sheetRowNumbers: Uint32Array | null;
  /** The reader's notes on how columns were read (PackedSheet.notes). */
  readonly notes: readonly string[];
  private readonly text: Uint8Array;
  private readonly offsets: Uint32Array;
  private readonly decoder = new TextDecoder();
  private readonly decoded = new Map<number, SheetRowValues>();
  private thin: Uint32Array | null = null;

  constructor(packed: PackedSheet) {
    const expected = packed.rowCount * packed.headers.length + 1;
    if (packed.offsets.length !== expected)
      throw new Error(`A packed sheet needs ${expected} offsets, not ${packed.offsets.length}`);
    this.headers = packed.headers;
    this.rowCount = packed.rowCount;
    this.headerRow = packed.headerRow ?? null;
    this.sheetRowNumbers = packed.sheetRowNumbers ?? null;
    this.totalRows = packed.totalRows ?? NO_ROWS;
    this.hiddenRows = packed.hiddenRows ?? NO_ROWS;
    this.notes = packed.notes ?? [];
    this.text = packed.text;
    this.offsets = packed.offsets;
    this.thin = packed.thinRows ?? null;
  }

  static fromRows(headers: readonly string[], rows: readonly SheetRowValues[]): SheetTable {
    return new SheetTable(packSheet(headers, rows));
  }

  /** The row's number in the sheet (1-based); without the reader's numbers, its position + 1. */
  sheetRow(index: number): number {
    return this.sheetRowNumbers?.[index] ?? index + 1;
  }

  /** The text of one cell ('' when empty). */
  cell(row: number, column: number): string {
    if (!this.has(row) || !(column >= 0 && column < this.headers.length)) return '';
    const k = row * this.headers.length + column;
    const start = this.offsets[k];
    const end = this.offsets[k + 1];
    return start === end ? '' : this.decoder.decode(this.text.subarray(start, end));
  }

  /**
   * Indexes of the rows the merge skips (fewer than 2 filled values, src/domain/sheet/rowData.ts): the
   * packer's (PackedSheet.thinRows), else worked out once per table. A cell starting with a printable ASCII character other than '-' is
   * filled without decoding it, so 50,000 rows take a few milliseconds.
   */
  thinRows(): Uint32Array {
    if (this.thin) return this.thin;
    const found: number[] = [];
    const columns = this.headers.length;
    for (let row = 0; row < this.rowCount; row++) {
      let filled = 0;
      for (let c = 0; c < columns && filled < MIN_FILLED_VALUES; c++) {
        const k = row * columns + c;
        const start = this.offsets[k];
        if (start === this.offsets[k + 1]) continue;
        const first = this.text[start];
        if ((first > 0x20 && first < 0x7f && first !== 0x2d) || isFilledValue(this.cell(row, c)))
          filled++;
      }
      if (filled < MIN_FILLED_VALUES) found.push(row);
    }
    this.thin = Uint32Array.from(found);
    return this.thin;
  }

  /**
   * A cell's identity without decoding it: its UTF-8 bytes, one character each ('' when empty).
   * Two cells have the same key exactly when they hold the same text; grouping 50,000 rows by a
   * column this way takes a few milliseconds, decoding each cell several times that.
   */
  cellKey(row: number, column: number): string {
    if (!this.has(row) || !(column >= 0 && column < this.headers.length)) return '';
    const k = row * this.headers.length + column;
    let key = '';
    for (let i = this.offsets[k]; i < this.offsets[k + 1]; i++)
      key += String.fromCharCode(this.text[i]);
    return key;
  }

  /** One row keyed by header; an unknown index gives an empty row. */
  row(index: number): SheetRowValues {
    const cached = this.decoded.get(index);
    if (cached) {
      // Re-inserting marks it most recently used (a Map iterates in insertion order).
      this.decoded.delete(index);
      this.decoded.set(index, cached);
      return cached;
    }
    const values = this.decodeRow(index);
    if (!this.has(index)) return values;
    this.decoded.set(index, values);
    if (this.decoded.size > DECODED_ROWS_KEPT)
      this.decoded.delete(this.decoded.keys().next().value as number);
    return values;
  }

  /** Every row, decoded and not kept (for tests and small sheets; the screen reads rows one by one). */
  rows(): SheetRowValues[] {
    return Array.from({ length: this.rowCount }, (_, i) => this.decodeRow(i));
  }

  private decodeRow(index: number): SheetRowValues {
    const values: Record<string, string> = Object.create(null);
    for (let c = 0; c < this.headers.length; c++) values[this.headers[c]] = this.cell(index, c);
    return values;
  }

  private has(row: number): boolean {
    return Number.isInteger(row) && row >= 0 && row < this.rowCount;
  }
}

/** The table of no sheet (before a workbook is read, and after a reset). */
export const EMPTY_SHEET_TABLE = new SheetTable({
  headers: [],
  rowCount: 0,
  text: new Uint8Array(0),
  offsets: new Uint32Array(1),
});
