// QRIS payloads as data: the data-object parser and writer round-trip, the CRC against a
// bit-by-bit reference, amounts in EMVCo's format for any number, and dynamic payloads that keep
// every other object of the static one.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  crc16,
  dynamicQris,
  emvAmount,
  parseDataObjects,
  staticQrisProblem,
  writeDataObjects,
  type DataObject,
} from '../../src/domain/qris';
import { STATIC_QRIS } from '../support/qris';

/** CRC-16/CCITT-FALSE computed one bit at a time, the way the standard describes it. */
function bitwiseCrc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let k = 0; k < 8; k++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

const tag = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
const value = fc.string({ unit: 'grapheme', maxLength: 99 }).filter((s) => [...s].length <= 99);
const objects = fc.array(fc.record({ tag, value }), { maxLength: 12 });

describe('data objects', () => {
  test('write then parse gives the same objects, for any tags and values', () => {
    fc.assert(
      fc.property(objects, (list: DataObject[]) => {
        expect(parseDataObjects(writeDataObjects(list))).toEqual(list);
      }),
    );
  });

  test('parse then write gives the same payload back', () => {
    fc.assert(
      fc.property(objects, (list) => {
        const text = writeDataObjects(list);
        expect(writeDataObjects(parseDataObjects(text))).toBe(text);
      }),
    );
  });

  test('a payload cut short is refused, never read as something else', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ tag, value: value.filter((v) => v.length > 0) }), { minLength: 1 }),
        (list) => {
          const text = writeDataObjects(list);
          expect(() => parseDataObjects(text.slice(0, -1))).toThrow();
        },
      ),
    );
  });
});

describe('CRC-16/CCITT-FALSE', () => {
  test('the check value of "123456789" is 29B1', () => {
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x29b1);
  });

  test('the table-driven CRC equals the bit-by-bit reference for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        expect(crc16(bytes)).toBe(bitwiseCrc(bytes));
      }),
    );
  });
});

describe('EMVCo amounts', () => {
  test('any number: digits, an optional point with two decimals, at most 13 characters, or null', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.double({ min: 0, max: 1e13 })), (n) => {
        const text = emvAmount(n);
        if (text === null) {
          // Refused only when not positive (to the cent), or too long: 10 digits and cents is 13.
          if (Number.isFinite(n) && Math.round(n * 100) > 0)
            expect(n).toBeGreaterThanOrEqual(9_999_999_999.99);
          return;
        }
        expect(text).toMatch(/^[1-9]\d*(\.\d\d)?$|^0\.\d\d$/);
        expect(text.length).toBeLessThanOrEqual(13);
        expect(Number(text)).toBeCloseTo(Math.round(n * 100) / 100, 2);
      }),
    );
  });

  test('whole rupiah are written without decimals; cents with two', () => {
    expect(emvAmount(150000)).toBe('150000');
    expect(emvAmount(1234.5)).toBe('1234.50');
    expect(emvAmount(0.01)).toBe('0.01');
    expect(emvAmount(9_999_999_999_999)).toBe('9999999999999');
    expect(emvAmount(10_000_000_000_000)).toBeNull();
    expect(emvAmount(0)).toBeNull();
    expect(emvAmount(-5)).toBeNull();
    expect(emvAmount(0.004)).toBeNull();
    expect(emvAmount(Number.NaN)).toBeNull();
  });
});

describe('dynamic payloads', () => {
  const bill = fc.stringMatching(/^[A-Za-z0-9/ .-]{1,25}$/).filter((s) => s.trim() !== '');
  test('any amount and invoice number: valid CRC, tag 54 and 62/01 set, every other object kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), bill, (amount, invoice) => {
        const made = dynamicQris(STATIC_QRIS, amount, invoice);
        if (!('payload' in made)) throw new Error(made.problem);
        expect(staticQrisProblem(made.payload)).toBeNull();
        const out = parseDataObjects(made.payload);
        const get = (t: string) => out.find((o) => o.tag === t)?.value;
        expect(get('01')).toBe('12');
        expect(get('54')).toBe(String(amount));
        expect(parseDataObjects(get('62')!).find((o) => o.tag === '01')?.value).toBe(
          invoice.trim(),
        );
        const kept = (list: DataObject[]) =>
          list.filter((o) => !['01', '54', '55', '56', '57', '62', '63'].includes(o.tag));
        expect(kept(out)).toEqual(kept(parseDataObjects(STATIC_QRIS)));
        expect(out.map((o) => o.tag)).toEqual([...out.map((o) => o.tag)].sort());
        expect(out[out.length - 1].tag).toBe('63');
      }),
    );
  });
});
