// The CSV reader against random input (issue 21): a table written as a correct CSV, with any
// delimiter, quoting, line ending and encoding, reads back as the same table, both as raw records
// (parseDelimited) and as the sheet the page shows (parseWorkbook + sheetCells: title lines above
// the header skipped, cells trimmed, Indonesian number columns read as numbers). A quote that
// never closes is an error naming the line it opened on.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decodeText, parseDelimited } from '../../src/workers/read/csv';
import { readWorkbook } from '../support/readWorkbook';

type Delimiter = ',' | ';' | '\t';
type Encoding = 'utf8' | 'utf8-bom' | 'cp1252';

const delimiter = fc.constantFrom<Delimiter>(',', ';', '\t');
const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
const encoding = fc.constantFrom<Encoding>('utf8', 'utf8-bom', 'cp1252');

/** Windows-1252 byte of each character it encodes. */
const CP1252 = new Map<string, number>();
for (let b = 0; b < 256; b++) {
  const ch = new TextDecoder('windows-1252').decode(Uint8Array.of(b));
  if (!CP1252.has(ch)) CP1252.set(ch, b);
}

function encode(text: string, as: Encoding): Uint8Array {
  if (as === 'cp1252') return Uint8Array.from(text, (ch) => CP1252.get(ch)!);
  return new TextEncoder().encode(as === 'utf8-bom' ? `\uFEFF${text}` : text);
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Characters a cell is made of. Windows-1252 files get Latin-1 letters only: Node 20's
 * TextDecoder('windows-1252') reads 0x80–0x9F (€, “, ”) as C1 controls, unlike browsers, where
 * the worker runs; UTF-8 files get those and characters beyond Windows-1252.
 */
const LATIN = ['a', 'Z', '1', ' ', 'é', 'ß', 'Ñ'];
const BEYOND = ['€', '“', '”', 'ā', '中', '😀'];
const SPECIAL = ['"', ',', ';', '\t', '\n', '\r', '\r\n'];

/** One field as a correct writer puts it: quoted when it must be, or when `quote` asks. */
function writeField(value: string, by: Delimiter, quote: boolean): string {
  const needs = quote || /["\r\n]/.test(value) || value.includes(by);
  return needs ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Records joined by `eol`; a record of one empty field is `""`, so it is not a blank line. */
function writeCsv(
  rows: readonly (readonly [string, boolean])[][],
  by: Delimiter,
  eol: string,
  trailing: boolean,
): string {
  const text = rows
    .map((row) =>
      row.length === 1 && row[0][0] === ''
        ? '""'
        : row.map(([value, quote]) => writeField(value, by, quote)).join(by),
    )
    .join(eol);
  return trailing && rows.length > 0 ? text + eol : text;
}

/** Line breaks (CRLF, CR or LF each one) in `text`. */
const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

describe('parseDelimited and decodeText: raw records', () => {
  const table = (as: Encoding) => {
    const cell = fc.tuple(
      fc.string({
        unit: fc.constantFrom(...LATIN, ...SPECIAL, ...(as === 'cp1252' ? [] : BEYOND)),
        maxLength: 8,
      }),
      fc.boolean(),
    );
    return fc.integer({ min: 1, max: 6 }).chain((width) =>
      fc.array(fc.array(cell, { minLength: width, maxLength: width }), {
        minLength: 1,
        maxLength: 10,
      }),
    );
  };

  test('any table survives any quoting, delimiter, line ending and encoding', () => {
    fc.assert(
      fc.property(
        encoding.chain((as) => fc.tuple(fc.constant(as), table(as))),
        delimiter,
        lineEnd,
        fc.boolean(),
        ([as, rows], by, eol, trailing) => {
          const text = writeCsv(rows, by, eol, trailing);
          const bytes = encode(text, as);
          // Windows-1252 is read only when the bytes are not UTF-8; ASCII reads the same either way.
          fc.pre(as !== 'cp1252' || !isUtf8(bytes) || [...text].every((ch) => ch < '\u0080'));
          const decoded = decodeText(bytes);
          expect(decoded).toBe(text);
          expect(parseDelimited(decoded, by)).toEqual(rows.map((row) => row.map(([v]) => v)));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('a quote that never closes is an error naming the line it opened on', () => {
    fc.assert(
      fc.property(
        table('utf8'),
        fc.array(fc.string({ unit: fc.constantFrom('x', ' ', '1') }), { maxLength: 3 }),
        fc.string({ unit: fc.constantFrom('a', ' ', ',', ';', '\t', '\n', '\r', '\r\n') }),
        delimiter,
        lineEnd,
        (rows, before, tail, by, eol) => {
          const prefix = writeCsv(rows, by, eol, true) + before.map((v) => v + by).join('');
          const text = `${prefix}"${tail}`;
          const line = 1 + lineBreaks(prefix);
          expect(() => parseDelimited(text, by)).toThrow(
            `CSV file: the quoted field that starts on line ${line} is never closed.`,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('parseWorkbook on CSV bytes: the sheet the page shows', () => {
  const TITLES = ['LAPORAN TAGIHAN LAYANAN VOICE', 'Periode: Oktober 2025', ''];
  const NAMES = ['Nama', 'Alamat', 'Kota', 'Total', 'No HP', 'Tanggal', 'Tujuan', 'Keterangan'];

  /** Text with a letter in it (never a number), with quotes, the delimiter and line breaks. */
  const text = (by: Delimiter) => {
    const breaks = ['\n', '\r\n'];
    return fc
      .tuple(
        fc.constantFrom(' ', '', ...breaks),
        fc.constantFrom('Budi', 'PT Maju Jaya', 'José', 'Müller', 'Jl. Sudirman 1'),
        fc.string({ unit: fc.constantFrom('a', ' ', '"', by, '7', ...breaks), maxLength: 6 }),
        fc.constantFrom(' ', '', ...breaks),
      )
      .map(([lead, word, rest, end]) => `${lead}${word}${rest}${end}`);
  };

  /** An Indonesian number as written and the text the sheet shows for it. */
  const number = fc
    .tuple(
      fc.constantFrom('', 'Rp ', 'Rp. ', '-'),
      fc.integer({ min: 0, max: 999_999_999 }),
      fc.constantFrom('', '5', '25', '05'),
    )
    .map(([prefix, whole, decimals]) => {
      const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
      const written = `${prefix}${grouped}${decimals ? `,${decimals}` : ''}`;
      // The sheet shows a number as it was written (docs/values.md).
      return [written, written] as const;
    });

  /** A phone number: its leading zero keeps the column text. */
  const phone = fc.stringMatching(/^0[1-9]\d{3,10}$/).map((v) => [v, v] as const);

  /** A column: its kind decides every cell, so the whole column agrees. */
  const column = (by: Delimiter, height: number) =>
    fc.oneof(
      fc.array(
        text(by).map((v) => [v, v.trim()] as const),
        { minLength: height, maxLength: height },
      ),
      fc.array(fc.oneof(number, fc.constant(['', ''] as const)), {
        minLength: height,
        maxLength: height,
      }),
      fc.array(phone, { minLength: height, maxLength: height }),
    );

  const sheet = delimiter.chain((by) =>
    fc.record({
      by: fc.constant(by),
      eol: lineEnd,
      as: encoding,
      quoteAll: fc.boolean(),
      titles: fc.subarray(TITLES),
      names: fc.shuffledSubarray(NAMES, { minLength: 2, maxLength: 6 }),
      columns: fc
        .integer({ min: 1, max: 12 })
        .chain((height) =>
          fc.array(column(by, height), { minLength: NAMES.length, maxLength: NAMES.length }),
        ),
    }),
  );

  test('a table below any title lines reads back trimmed, numbers as written', async () => {
    await fc.assert(
      fc.asyncProperty(sheet, fc.boolean(), async (s, trailing) => {
        const columns = s.columns.slice(0, s.names.length);
        const height = columns[0].length;
        const data = Array.from({ length: height }, (_, r) => columns.map((c) => c[r]));
        const records = [
          ...s.titles.map((title) => [[title, false] as [string, boolean]]),
          s.names.map((name) => [name, s.quoteAll] as [string, boolean]),
          ...data.map((row) => row.map(([written]) => [written, s.quoteAll] as [string, boolean])),
        ];
        const expected = data
          .filter((row) => row.some(([, shown]) => shown !== ''))
          .map((row) => Object.fromEntries(row.map(([, shown], c) => [s.names[c], shown])));
        // A header with no data under it is an error of its own (tests/unit/workers/read).
        fc.pre(expected.length > 0);
        const bytes = encode(writeCsv(records, s.by, s.eol, trailing), s.as);
        const { sheet: read } = await readWorkbook(bytes.slice().buffer as ArrayBuffer);
        expect(read.headers).toEqual(s.names);
        expect(read.rows.map((row) => ({ ...row }))).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  // Found by the property above: each quoted line break between two decimal commas gave the `,`
  // reading one more two-field record, so `,` outscored the real `;` until quotes beside a
  // delimiter decided first.
  test('a `;` file with multi-line cells between decimal commas reads as `;`', async () => {
    const row = '"Budi";"0,25";"Jl. Sudirman 1\r\nJakarta";"0,5"';
    const csv = ['"Nama";"Total";"Alamat";"Sisa"', row, row, row].join('\r\n');
    const { sheet: read } = await readWorkbook(encode(csv, 'utf8').slice().buffer as ArrayBuffer);
    expect(read.headers).toEqual(['Nama', 'Total', 'Alamat', 'Sisa']);
  });
});
