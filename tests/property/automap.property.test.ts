import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AUTO_MAP_MIN_SCORE,
  autoMap,
  matchKey,
  matchScore,
} from '../../src/domain/generator/automap';

// Names from a small alphabet so that equal, prefix and containment relations actually occur.
const word = fc.constantFrom(
  'nama',
  'alamat',
  'total',
  'tagihan',
  'hp',
  'lokal',
  'ppn',
  'kode',
  'area',
  'no',
  '(11%)',
  '_id',
);
const name = fc
  .array(word, { minLength: 1, maxLength: 3 })
  .chain((words) =>
    fc.constantFrom(words.join(' '), words.join('_'), ` ${words.join('  ').toUpperCase()} `),
  );
const names = fc.uniqueArray(name, { maxLength: 8 });

describe('autoMap properties', () => {
  it('uses every column at most once and only columns that exist', () => {
    fc.assert(
      fc.property(names, names, (fields, columns) => {
        const used = Object.values(autoMap(fields, columns)).filter((c) => c !== '');
        expect(new Set(used).size).toBe(used.length);
        for (const column of used) expect(columns).toContain(column);
      }),
    );
  });

  it('never accepts a fuzzy pair below 40', () => {
    fc.assert(
      fc.property(names, names, (fields, columns) => {
        const result = autoMap(fields, columns);
        for (const field of fields) {
          if (result[field])
            expect(matchScore(field, result[field])).toBeGreaterThanOrEqual(AUTO_MAP_MIN_SCORE);
        }
      }),
    );
  });

  it('always gives a field its exact (normalised) column when one exists', () => {
    const distinct = (list: string[]) => fc.pre(new Set(list.map(matchKey)).size === list.length);
    fc.assert(
      fc.property(names, names, (fields, columns) => {
        distinct(fields);
        distinct(columns);
        const result = autoMap(fields, columns);
        for (const field of fields) {
          const exact = columns.find((c) => matchKey(c) === matchKey(field));
          if (exact !== undefined) expect(result[field]).toBe(exact);
        }
      }),
    );
  });

  it('does not depend on column order when no field has tied columns (the tie-break is the only order rule)', () => {
    fc.assert(
      fc.property(names, names, fc.infiniteStream(fc.nat()), (fields, columns, seeds) => {
        const positive = (f: string) => columns.map((c) => matchScore(f, c)).filter((s) => s > 0);
        fc.pre(fields.every((f) => new Set(positive(f)).size === positive(f).length));
        fc.pre(new Set(columns.map(matchKey)).size === columns.length);
        const shuffled = [...columns];
        const iterator = seeds[Symbol.iterator]();
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = iterator.next().value % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
        }
        expect(autoMap(fields, shuffled)).toEqual(autoMap(fields, columns));
      }),
    );
  });

  it('breaks a tie by taking the column listed first', () => {
    fc.assert(
      fc.property(
        word,
        fc.constantFrom(' a', ' b', ' c'),
        fc.constantFrom(' x', ' y', ' z'),
        (field, s1, s2) => {
          // Two columns that extend the field by the same length score the same.
          const columns = [field + s1, field + s2];
          expect(matchScore(field, columns[0])).toBe(matchScore(field, columns[1]));
          expect(autoMap([field], columns)[field]).toBe(columns[0]);
          expect(autoMap([field], [...columns].reverse())[field]).toBe(columns[1]);
        },
      ),
    );
  });

  it('is idempotent: auto-mapping its own result changes nothing', () => {
    fc.assert(
      fc.property(names, names, (fields, columns) => {
        const once = autoMap(fields, columns);
        expect(autoMap(fields, columns, once)).toEqual(once);
      }),
    );
  });

  it('matches a name written with underscores to the same words with brackets, percent signs or dashes', () => {
    const plain = fc.array(fc.constantFrom('ppn', 'total', 'tagihan', '11', '10', 'hp', 'nama'), {
      minLength: 1,
      maxLength: 4,
    });
    const dressed = (w: string) => fc.constantFrom(w, `(${w}%)`, `${w}%`, `(${w})`, `${w}.`);
    const separator = fc.constantFrom(' ', '  ', ' - ', '/', '_');
    fc.assert(
      fc.property(
        plain.chain((words) =>
          fc.tuple(
            fc.constant(words),
            fc.tuple(...words.map(dressed)),
            fc.array(separator, { minLength: words.length, maxLength: words.length }),
            fc.boolean(),
          ),
        ),
        names,
        ([words, dressedWords, separators, upper], others) => {
          const field = words.join('_');
          let column = dressedWords.map((w, i) => (i === 0 ? w : separators[i] + w)).join('');
          if (upper) column = column.toUpperCase();
          const columns = [...others.filter((c) => matchKey(c) !== matchKey(field)), column];
          expect(autoMap([field], columns)[field]).toBe(column);
        },
      ),
    );
  });

  it('maps ppn_11 to PPN (11%)', () => {
    expect(autoMap(['ppn_11', 'ppn'], ['PPN', 'PPN (11%)'])).toEqual({
      ppn_11: 'PPN (11%)',
      ppn: 'PPN',
    });
  });
});
