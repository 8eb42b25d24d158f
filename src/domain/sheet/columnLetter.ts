// A spreadsheet column's letters, as Excel and LibreOffice head their columns. Written once for
// the server's .xlsx export (cell references) and the worker's reader (a header cell left blank is
// named `Column C`).

/** 0 → A, 25 → Z, 26 → AA, 701 → ZZ, 702 → AAA (bijective base 26). */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
