// Auto-map of docs/product.md#input-rules: pairs template placeholders with Excel columns by name.

/** Below this score a fuzzy pair is not accepted. */
export const AUTO_MAP_MIN_SCORE = 40;

/**
 * Lower case, drop characters other than word characters, whitespace and / + ( ) -, collapse
 * spaces, trim. One addition to docs/product.md#input-rules: an underscore counts as a space, because template tags are
 * usually written `{nama_pelanggan}` for the column 'Nama Pelanggan' (without it that pair never
 * matches, and `nomor_tagihan` would fall to the column 'No').
 */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/[^\w\s/+()-]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The key two names are compared by: the docs/product.md#input-rules normalised name with every run of punctuation,
 * brackets and symbols read as one space, so `ppn_11`, `PPN (11%)` and `PPN-11` are one name.
 * Letters and digits of any script are kept.
 */
export function matchKey(name: string): string {
  return normaliseName(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Up to 10 points for similar length: 10 × shorter/longer, rounded. */
export function lengthBonus(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 0 : Math.round((10 * Math.min(a.length, b.length)) / longer);
}

/**
 * Score of a (field, column) pair on their match keys: equal 100, column starts with field 80,
 * field starts with column 70, column contains field 60, field contains column 50, else 0;
 * a pair with a positive score gets the length bonus on top (so equal names score 110).
 */
export function matchScore(field: string, column: string): number {
  return keyScore(matchKey(field), matchKey(column));
}

/** matchScore of two match keys. */
function keyScore(f: string, c: string): number {
  if (f === '' || c === '') return 0;
  let base = 0;
  if (f === c) base = 100;
  else if (c.startsWith(f)) base = 80;
  else if (f.startsWith(c)) base = 70;
  else if (c.includes(f)) base = 60;
  else if (f.includes(c)) base = 50;
  return base === 0 ? 0 : base + lengthBonus(f, c);
}

export type Mapping = Record<string, string>;

/**
 * Fills the unmapped fields; fields already mapped keep their column and that column is not
 * offered again. First every field takes an unused column with the same normalised name, then
 * each remaining field, in field order, takes its best-scoring unused column if it scores at
 * least 40. Tie-break: among equal scores the column listed first wins. Each column is used once.
 * Returns a mapping with every field as a key ('' = unmapped), in field order.
 */
export function autoMap(
  fields: readonly string[],
  columns: readonly string[],
  current: Readonly<Mapping> = {},
): Mapping {
  const result = new Map<string, string>();
  const used = new Set<string>();
  for (const field of fields) {
    const existing = Object.hasOwn(current, field) ? current[field] : '';
    result.set(field, existing ?? '');
    if (existing) used.add(existing);
  }
  const columnKeys = columns.map(matchKey);

  for (const field of fields) {
    if (result.get(field)) continue;
    const key = matchKey(field);
    if (key === '') continue;
    const index = columns.findIndex((column, i) => !used.has(column) && columnKeys[i] === key);
    if (index >= 0) {
      result.set(field, columns[index]);
      used.add(columns[index]);
    }
  }

  for (const field of fields) {
    if (result.get(field)) continue;
    const key = matchKey(field);
    let best = '';
    let bestScore = 0;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      if (used.has(column)) continue;
      const score = keyScore(key, columnKeys[i]);
      if (score > bestScore) {
        best = column;
        bestScore = score;
      }
    }
    if (bestScore >= AUTO_MAP_MIN_SCORE) {
      result.set(field, best);
      used.add(best);
    }
  }
  return Object.fromEntries(result);
}
