// The e-Faktur XML against Odoo's expected output (tests/fixtures/efaktur/odoo-sample.xml): the
// same invoice written by our writer has the same elements, in the same order, with the same
// texts (numbers as Odoo formats them); and the file is UTF-8 without a BOM.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { efakturFiles, taxInvoiceBulk, type TaxInvoice } from '../../../src/domain/efaktur/xml';
import { structure } from '../../support/efakturXml';

const GOLDEN = readFileSync(
  new URL('../../fixtures/efaktur/odoo-sample.xml', import.meta.url),
  'utf8',
);
const SELLER = { npwp: '1234567890123456', nitku: '1234567890123456000000' };
const ODOO_INVOICE: TaxInvoice = {
  date: '2019-05-01',
  trxCode: '04',
  addInfo: '',
  customDoc: '',
  customDocMonthYear: '',
  refDesc: 'INV/2019/00001',
  facilityStamp: '',
  buyerTin: '1234567890123457',
  buyerDocument: 'TIN',
  buyerCountry: 'IDN',
  buyerDocumentNumber: '',
  buyerName: 'partner_a',
  buyerAddress: 'Indonesia',
  buyerEmail: '',
  buyerIdtku: '1234567890123457000000',
  lines: [
    {
      opt: 'A',
      code: '000000',
      name: 'product_a',
      unit: 'UM.0018',
      price: 100000,
      qty: 1,
      totalDiscount: 0,
    },
  ],
};

describe("Odoo's sample", () => {
  test('the same elements in the same order with the same texts: 100000 → 91666.67 → 11000', () => {
    const ours = taxInvoiceBulk(SELLER, [ODOO_INVOICE]);
    expect(structure(ours)).toEqual(structure(GOLDEN));
    expect(structure(ours)).toContain(
      '/TaxInvoiceBulk/ListOfTaxInvoice/TaxInvoice/ListOfGoodService/GoodService/OtherTaxBase: 91666.67',
    );
  });

  test("byte for byte Odoo's file", () => {
    expect(taxInvoiceBulk(SELLER, [ODOO_INVOICE])).toBe(GOLDEN);
  });

  test('UTF-8 without a BOM, and a name in any script survives', () => {
    const xml = taxInvoiceBulk(SELLER, [
      { ...ODOO_INVOICE, buyerName: 'Warung Bu Sri — 日本 & <Co>' },
    ]);
    const bytes = new TextEncoder().encode(xml);
    expect([...bytes.slice(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    expect(structure(xml)).toContain(
      '/TaxInvoiceBulk/ListOfTaxInvoice/TaxInvoice/BuyerName: Warung Bu Sri — 日本 & <Co>',
    );
  });
});

describe('files of at most 1,000 faktur', () => {
  test('2,001 faktur → eFaktur_{period}_1..3.xml with 1000, 1000 and 1', () => {
    const invoices = Array.from({ length: 2001 }, (_, i) => ({
      ...ODOO_INVOICE,
      refDesc: `INV-${i}`,
    }));
    const files = efakturFiles(SELLER, invoices, '2026-11');
    expect(files.map((f) => f.name)).toEqual([
      'eFaktur_2026-11_1.xml',
      'eFaktur_2026-11_2.xml',
      'eFaktur_2026-11_3.xml',
    ]);
    const counts = files.map((f) => f.text.split('<TaxInvoice>').length - 1);
    expect(counts).toEqual([1000, 1000, 1]);
  });
});
