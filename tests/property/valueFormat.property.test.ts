import { expect, test } from 'vitest';
import fc from 'fast-check';
import { spellInteger, terbilang, TERBILANG_MAX } from '../../src/domain/values/terbilang';
import { formatNumberId, formatRupiahValue } from '../../src/domain/values/valueFormat';

// An independent reader of Indonesian number words: it knows the words, not how spellInteger builds
// them. Units accumulate into a group below a thousand; a scale word multiplies what came before it.
const UNITS: Record<string, number> = {
  nol: 0,
  satu: 1,
  dua: 2,
  tiga: 3,
  empat: 4,
  lima: 5,
  enam: 6,
  tujuh: 7,
  delapan: 8,
  sembilan: 9,
  sepuluh: 10,
  sebelas: 11,
  seratus: 100,
};
const SCALES: Record<string, bigint> = {
  ribu: 1_000n,
  juta: 1_000_000n,
  miliar: 1_000_000_000n,
  triliun: 1_000_000_000_000n,
};

function readWords(text: string): bigint {
  let total = 0n;
  let group = 0n;
  let lastScale = 10n ** 18n;
  for (const word of text.split(' ')) {
    if (word === 'seribu') {
      if (group !== 0n) throw new Error('seribu after units');
      total += 1000n;
      lastScale = 1000n;
    } else if (word in UNITS) {
      group += BigInt(UNITS[word]);
    } else if (word === 'belas') {
      group += 10n;
    } else if (word === 'puluh') {
      const unit = group % 10n;
      group = group - unit + unit * 10n;
    } else if (word === 'ratus') {
      group *= 100n;
    } else if (word in SCALES) {
      const scale = SCALES[word];
      if (scale >= lastScale || group === 0n) throw new Error(`misplaced ${word}`);
      total += group * scale;
      group = 0n;
      lastScale = scale;
    } else {
      throw new Error(`unknown word ${word}`);
    }
  }
  return total + group;
}

function readRupiah(text: string): { negative: boolean; whole: bigint; sen: bigint } {
  const match = /^(minus )?(.+?) rupiah(?: (.+) sen)?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return {
    negative: Boolean(match[1]),
    whole: readWords(match[2]),
    sen: match[3] ? readWords(match[3]) : 0n,
  };
}

test('every integer 0 … 10^15 − 1 reads back through the parser', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: TERBILANG_MAX }), (n) => {
      const read = readRupiah(terbilang(n)!);
      expect(read).toEqual({ negative: false, whole: BigInt(n), sen: 0n });
    }),
    { numRuns: 2000 },
  );
});

test('small numbers and every power of ten read back (the se- forms and zero groups)', () => {
  for (let n = 0; n <= 2100; n++) expect(readWords(spellInteger(n)!)).toBe(BigInt(n));
  for (let p = 0; p < 15; p++) {
    for (const m of [1, 10, 11, 100, 101, 1000, 1001]) {
      const n = 10 ** p * m;
      if (n <= TERBILANG_MAX) expect(readWords(spellInteger(n)!)).toBe(BigInt(n));
    }
  }
});

test('negative amounts start with minus and read back', () => {
  fc.assert(
    fc.property(fc.integer({ min: -TERBILANG_MAX, max: -1 }), (n) => {
      expect(readRupiah(terbilang(n)!)).toEqual({ negative: true, whole: BigInt(-n), sen: 0n });
    }),
  );
});

test('decimals are read as whole sen after the rupiah', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1e12 }),
      fc.integer({ min: 0, max: 99 }),
      (whole, sen) => {
        const read = readRupiah(terbilang(Number(`${whole}.${String(sen).padStart(2, '0')}`))!);
        expect(read).toEqual({ negative: false, whole: BigInt(whole), sen: BigInt(sen) });
      },
    ),
  );
});

test('amounts terbilang cannot spell give null, never a wrong text', () => {
  fc.assert(fc.property(fc.double({ min: 1e15, noNaN: true }), (n) => terbilang(n) === null));
  expect(terbilang(Number.NaN)).toBeNull();
});

const digitsOf = (text: string) => text.replace(/[^\d,]/g, '').replace(',', '.');

test('Number and Rupiah never lose a digit of an integer', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (big) => {
      const n = Number(big);
      const expected = BigInt(n).toString().replace('-', '');
      expect(digitsOf(formatNumberId(n))).toBe(expected);
      expect(digitsOf(formatRupiahValue(n))).toBe(expected);
      expect(formatNumberId(n)).toMatch(/^-?\d{1,3}(\.\d{3})*$/);
      expect(formatRupiahValue(n)).toMatch(/^-?Rp \d{1,3}(\.\d{3})*$/);
      expect(formatRupiahValue(n).startsWith('-')).toBe(n < 0);
    }),
  );
});

test('Number and Rupiah keep every decimal a cell holds (15 significant digits)', () => {
  fc.assert(
    fc.property(fc.double({ min: -1e14, max: 1e14, noNaN: true }), (n) => {
      const cell = Number(n.toPrecision(15));
      const text = formatNumberId(n);
      expect(Number(text.replace(/\./g, '').replace(',', '.'))).toBe(cell === 0 ? 0 : cell);
      // Rupiah writes sen with two digits: 980,5 → Rp 980,50.
      const sen = text.replace(/,(\d)$/, ',$10');
      expect(formatRupiahValue(n)).toBe(sen.startsWith('-') ? `-Rp ${sen.slice(1)}` : `Rp ${sen}`);
    }),
  );
});
