// The rows a picture field drew nothing for (merge/pictures.ts), counted per field: one warning a
// field naming how many rows and the first (docs/pictures.md).

interface Problem {
  count: number;
  firstRow: number;
  detail: string;
  /** The row last counted (a field may show twice in a row: in the body and the header). */
  lastRow: number;
}

export class PictureProblems {
  private readonly problems = new Map<string, Problem>();

  /** Counts `field` as drawing nothing in the run's `rowCount`-th row, numbered `rowNumber`. */
  add(field: string, detail: string, rowNumber: number, rowCount: number): void {
    const known = this.problems.get(field);
    if (!known)
      this.problems.set(field, { count: 1, firstRow: rowNumber, detail, lastRow: rowCount });
    else if (known.lastRow !== rowCount) {
      known.count++;
      known.lastRow = rowCount;
    }
  }

  /** One line per picture field some rows got no picture for. */
  warnings(): string[] {
    return [...this.problems].map(([field, { count, firstRow, detail }]) => {
      const rows = count === 1 ? '1 row' : `${count} rows`;
      return `${field}: no picture for ${rows} (first at row ${firstRow}: ${detail})`;
    });
  }
}
