// e-Faktur arithmetic, escaping and identity checks for any input (fast-check): VAT under code 04
// is 11 % of the base within rounding; a group's lines add up to its sum; any text survives the
// writer and a real parser, and control characters are refused; NPWP/NIK/IDTKU lengths.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildFaktur, groupSum, type SheetRow } from '../../src/domain/efaktur/rows';
import { lineTax, roundIdr } from '../../src/domain/efaktur/tax';
import { escapeXml, isXmlText, taxInvoiceBulk, XmlTextError } from '../../src/domain/efaktur/xml';
import { parseXml } from '../support/efakturXml';

const SELLER = { npwp: '0123456789012345', nitku: '0123456789012345000000' };
const MAPPING = {
  refDesc: 'No',
  buyerNpwp: 'NPWP',
  buyerNik: 'NIK',
  buyerIdtku: 'NITKU',
  buyerName: 'Nama',
  amount: 'Jumlah',
} as const;
const options = { mapping: MAPPING, date: '2026-11-30' };
/** Rupiah amounts as a sheet holds them: up to a trillion, to the sen. */
const amount = fc.integer({ min: 1, max: 100_000_000_000_000 }).map((sen) => sen / 100);
const digitsOf = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));

const row = (n: number, values: Record<string, unknown>): SheetRow => ({
  row: n,
  values: { No: `INV-${n}`, Nama: 'Pelanggan', Jumlah: 1000, ...values },
});

describe('tax', () => {
  test('code 04: VAT is 11 % of the base within a sen, for every amount', () => {
    fc.assert(
      fc.property(amount, (price) => {
        const tax = lineTax({ price, qty: 1, totalDiscount: 0 }, '04');
        expect(tax.vatRate).toBe(12);
        expect(tax.otherTaxBase).toBe(roundIdr((price * 11) / 12));
        expect(Math.abs(tax.vat - price * 0.11)).toBeLessThanOrEqual(0.01 + price * 1e-12);
      }),
    );
  });

  test('07 and 08 are 0 %; the other codes tax the base itself at 12 %', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom('07', '08'), (price, code) => {
        expect(lineTax({ price, qty: 1, totalDiscount: 0 }, code).vat).toBe(0);
      }),
    );
    fc.assert(
      fc.property(
        amount,
        fc.constantFrom('01', '02', '03', '05', '06', '09', '10'),
        (price, code) => {
          const tax = lineTax({ price, qty: 1, totalDiscount: 0 }, code);
          expect(tax.otherTaxBase).toBe(tax.taxBase);
          expect(tax.vat).toBe(roundIdr(price * 0.12));
        },
      ),
    );
  });

  test("a group's lines add up to the group's sum, and 'sum' writes that one line", () => {
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 30 }), (amounts) => {
        const rows = amounts.map((a, i) =>
          row(i + 2, { Jumlah: a, Cust: 'C1', NPWP: '0123456789012345' }),
        );
        const lines = buildFaktur(rows, { ...options, groupBy: 'Cust', lines: 'lines' });
        const sum = buildFaktur(rows, { ...options, groupBy: 'Cust', lines: 'sum' });
        expect(lines.problems).toEqual([]);
        expect(lines.invoices).toHaveLength(1);
        const total = groupSum(lines.invoices[0].lines);
        expect(Math.round(total * 100)).toBe(amounts.reduce((t, a) => t + Math.round(a * 100), 0));
        expect(sum.invoices[0].lines).toHaveLength(1);
        expect(sum.invoices[0].lines[0].price).toBe(total);
      }),
    );
  });
});

describe('escaping', () => {
  test('any text XML can hold comes back from a real parser unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }).filter(isXmlText), (name) => {
        const xml = taxInvoiceBulk(SELLER, [
          {
            date: '2026-11-30',
            trxCode: '04',
            addInfo: '',
            customDoc: '',
            customDocMonthYear: '',
            refDesc: name,
            facilityStamp: '',
            buyerTin: '0123456789012345',
            buyerDocument: 'TIN',
            buyerCountry: 'IDN',
            buyerDocumentNumber: '',
            buyerName: name,
            buyerAddress: name,
            buyerEmail: '',
            buyerIdtku: '0123456789012345000000',
            lines: [
              {
                opt: 'B',
                code: '170102',
                name,
                unit: 'UM.0024',
                price: 1,
                qty: 1,
                totalDiscount: 0,
              },
            ],
          },
        ]);
        const doc = parseXml(xml);
        for (const tag of ['RefDesc', 'BuyerName', 'BuyerAdress', 'Name'])
          expect(doc.getElementsByTagName(tag)[0].textContent ?? '').toBe(name);
      }),
    );
  });

  test('CR, NEL and the Unicode line and paragraph separators come back as themselves', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('\r', '\r\n', '\u0085', '\u2028', '\u2029'),
        fc.string(),
        (before, end, after) => {
          const text = before + end + after;
          fc.pre(isXmlText(text));
          const doc = parseXml(`<a>${escapeXml(text)}</a>`);
          expect(doc.documentElement?.textContent).toBe(text);
        },
      ),
    );
  });

  test('&, <, > and quotes are escaped; control characters are refused, never written', () => {
    expect(escapeXml(`a & b < c > "d" 'e'`)).toBe(
      'a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;',
    );
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(
          '\u0000',
          '\u0001',
          '\u0008',
          '\u000b',
          '\u000c',
          '\u001f',
          '\ufffe',
          '\ud800',
        ),
        fc.string(),
        (before, control, after) => {
          expect(() => escapeXml(before + control + after)).toThrow(XmlTextError);
        },
      ),
    );
  });

  test('a control character in a cell is a problem of that row and column', () => {
    const { problems } = buildFaktur(
      [row(4, { Nama: 'PT A\u0007B', NPWP: '0123456789012345' })],
      options,
    );
    expect(problems).toEqual([expect.objectContaining({ row: 4, column: 'Nama' })]);
  });
});

describe('identity numbers', () => {
  test('an NPWP of 16 digits passes; any other length is named, 15 as a lost leading zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }).chain((n) => fc.tuple(fc.constant(n), digitsOf(n))),
        ([n, npwp]) => {
          fc.pre(!/^0+$/.test(npwp));
          const { problems } = buildFaktur([row(2, { NPWP: npwp })], options);
          if (n === 16) expect(problems).toEqual([]);
          else {
            expect(problems).toHaveLength(1);
            expect(problems[0]).toMatchObject({ row: 2, column: 'NPWP' });
            expect(problems[0].message).toMatch(n === 15 ? /leading 0/ : new RegExp(`has ${n}`));
          }
        },
      ),
    );
  });

  test('a NIK-only buyer: 16 digits pass with BuyerTin 0000000000000000; others are named', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }).chain((n) => fc.tuple(fc.constant(n), digitsOf(n))),
        ([n, nik]) => {
          const { problems, invoices } = buildFaktur([row(3, { NIK: nik })], options);
          if (n === 16) {
            expect(problems).toEqual([]);
            expect(invoices[0]).toMatchObject({
              buyerTin: '0000000000000000',
              buyerDocument: 'National ID',
              buyerDocumentNumber: nik,
              buyerIdtku: `${nik}000000`,
            });
          } else expect(problems).toEqual([expect.objectContaining({ row: 3, column: 'NIK' })]);
        },
      ),
    );
  });

  test('an IDTKU given must have 22 digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }).chain((n) => fc.tuple(fc.constant(n), digitsOf(n))),
        ([n, idtku]) => {
          const { problems } = buildFaktur(
            [row(5, { NPWP: '0123456789012345', NITKU: idtku })],
            options,
          );
          expect(problems.length === 0).toBe(n === 22);
        },
      ),
    );
  });
});
