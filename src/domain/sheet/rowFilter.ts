// The preview step's row filter and its virtualised window, as pure functions: the worker runs
// matchingRows on its copy of the rows, the page asks rowWindow which rows to put in the DOM.

/**
 * Indexes of the rows with a cell containing `query` (trimmed, case-insensitive), in table order.
 * A match never spans two cells. An empty query matches every row.
 */
export function matchingRows(rows: readonly (readonly string[])[], query: string): Uint32Array {
  const needle = query.trim().toLocaleLowerCase();
  const out = new Uint32Array(rows.length);
  let n = 0;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let c = 0; c < row.length; c++) {
      if (row[c].toLocaleLowerCase().includes(needle)) {
        out[n++] = r;
        break;
      }
    }
  }
  return n === out.length ? out : out.slice(0, n);
}

/** The rows the table shows: all of them, or the filter's matches (table indexes). */
interface RowWindowInput {
  /** Rows of the sheet. */
  readonly total: number;
  /** The filter's matches, or null while no filter is typed. */
  readonly matches: Uint32Array | null;
  /** Position (among the rows shown) of the first row in view, and how many rows fit in view. */
  readonly firstInView: number;
  readonly inView: number;
  /** Rows kept in the DOM above and below the view, so a fast scroll shows no gap. */
  readonly overscan: number;
}

interface RowWindow {
  /** How many rows the table shows (its scroll height). */
  readonly shown: number;
  /** Position of the first row rendered. */
  readonly start: number;
  /** The table index of each row rendered, from `start` on. */
  readonly indexes: readonly number[];
}

/** Which rows are rendered: those in view plus `overscan` on each side, clamped to the rows shown. */
export function rowWindow({
  total,
  matches,
  firstInView,
  inView,
  overscan,
}: RowWindowInput): RowWindow {
  const shown = matches ? matches.length : total;
  const start = Math.min(shown, Math.max(0, firstInView - overscan));
  const end = Math.min(shown, Math.max(start, firstInView + inView + overscan));
  const indexes: number[] = [];
  for (let p = start; p < end; p++) indexes.push(matches ? matches[p] : p);
  return { shown, start, indexes };
}
