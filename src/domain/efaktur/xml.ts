// The TaxInvoiceBulk XML (DJP template v1.4, the element names and order of Odoo's
// l10n_id_efaktur_coretax; docs/efaktur.md). Written as text by hand: a dozen fixed elements per
// faktur do not need a DOM, and the escaping below is checked by property tests with a real parser.
import type { TrxCode } from './tax';
import { lineTax } from './tax';

export type BuyerDocument = 'TIN' | 'National ID' | 'Passport' | 'Other ID';

export interface GoodService {
  readonly opt: 'A' | 'B';
  readonly code: string;
  readonly name: string;
  readonly unit: string;
  readonly price: number;
  readonly qty: number;
  readonly totalDiscount: number;
}

export interface TaxInvoice {
  /** YYYY-MM-DD. */
  readonly date: string;
  readonly trxCode: TrxCode;
  readonly addInfo: string;
  readonly customDoc: string;
  /** MMYYYY or ''. */
  readonly customDocMonthYear: string;
  /** Our invoice number: the key that tells one faktur from another. */
  readonly refDesc: string;
  readonly facilityStamp: string;
  readonly buyerTin: string;
  readonly buyerDocument: BuyerDocument;
  /** ISO 3166-1 alpha-3. */
  readonly buyerCountry: string;
  readonly buyerDocumentNumber: string;
  readonly buyerName: string;
  readonly buyerAddress: string;
  readonly buyerEmail: string;
  readonly buyerIdtku: string;
  readonly lines: readonly GoodService[];
  /** The VAT rate of codes other than 04/07/08 (12 unless said otherwise). */
  readonly vatRate?: number;
}

export interface Seller {
  /** 16 digits. */
  readonly npwp: string;
  /** 22 digits: the NPWP and the TKU. */
  readonly nitku: string;
}

/**
 * Characters XML 1.0 cannot hold: C0 controls but tab, LF and CR, U+FFFE/U+FFFF, and a surrogate
 * without its pair (matched per UTF-16 unit, so no /u flag).
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Any character NOT_XML could refuse; one pass without lookarounds clears almost every cell. */
// eslint-disable-next-line no-control-regex
const SUSPECT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Whether `text` can be written into XML 1.0 at all. */
export function isXmlText(text: string): boolean {
  return !SUSPECT.test(text) || !NOT_XML.test(text);
}

export class XmlTextError extends Error {}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
  // Line ends a parser may fold into '\n' (XML 1.1 end-of-line rules, which some parsers apply,
  // @xmldom/xmldom among them): written as references they come back as themselves.
  '\u0085': '&#x85;',
  '\u2028': '&#x2028;',
  '\u2029': '&#x2029;',
};

/** Text as element content; a character XML cannot hold throws (the checks refuse it first). */
export function escapeXml(text: string): string {
  if (!isXmlText(text)) throw new XmlTextError('text holds a control character');
  return text.replace(/[&<>"'\r\u0085\u2028\u2029]/g, (ch) => ESCAPES[ch]);
}

/** A number as Odoo writes a float: 100000.0, 91666.67. */
export function decimal(value: number): string {
  return Number.isInteger(value) ? `${value}.0` : String(value);
}

function element(out: string[], indent: string, name: string, value: string): void {
  out.push(
    value === '' ? `${indent}<${name}/>` : `${indent}<${name}>${escapeXml(value)}</${name}>`,
  );
}

function goodService(out: string[], line: GoodService, invoice: TaxInvoice): void {
  const tax = lineTax(line, invoice.trxCode, invoice.vatRate);
  const i = '          ';
  out.push('        <GoodService>');
  element(out, i, 'Opt', line.opt);
  element(out, i, 'Code', line.code);
  element(out, i, 'Name', line.name);
  element(out, i, 'Unit', line.unit);
  element(out, i, 'Price', decimal(line.price));
  element(out, i, 'Qty', decimal(line.qty));
  element(out, i, 'TotalDiscount', decimal(line.totalDiscount));
  element(out, i, 'TaxBase', decimal(tax.taxBase));
  element(out, i, 'OtherTaxBase', decimal(tax.otherTaxBase));
  element(out, i, 'VATRate', String(tax.vatRate)); // Odoo writes the rate as 12
  element(out, i, 'VAT', decimal(tax.vat));
  element(out, i, 'STLGRate', decimal(tax.stlgRate));
  element(out, i, 'STLG', decimal(tax.stlg));
  out.push('        </GoodService>');
}

function taxInvoice(out: string[], invoice: TaxInvoice, seller: Seller): void {
  const i = '      ';
  out.push('    <TaxInvoice>');
  element(out, i, 'TaxInvoiceDate', invoice.date);
  element(out, i, 'TaxInvoiceOpt', 'Normal');
  element(out, i, 'TrxCode', invoice.trxCode);
  element(out, i, 'AddInfo', invoice.addInfo);
  element(out, i, 'CustomDoc', invoice.customDoc);
  element(out, i, 'CustomDocMonthYear', invoice.customDocMonthYear);
  element(out, i, 'RefDesc', invoice.refDesc);
  element(out, i, 'FacilityStamp', invoice.facilityStamp);
  element(out, i, 'SellerIDTKU', seller.nitku);
  element(out, i, 'BuyerTin', invoice.buyerTin);
  element(out, i, 'BuyerDocument', invoice.buyerDocument);
  element(out, i, 'BuyerCountry', invoice.buyerCountry);
  element(out, i, 'BuyerDocumentNumber', invoice.buyerDocumentNumber);
  element(out, i, 'BuyerName', invoice.buyerName);
  element(out, i, 'BuyerAdress', invoice.buyerAddress);
  element(out, i, 'BuyerEmail', invoice.buyerEmail);
  element(out, i, 'BuyerIDTKU', invoice.buyerIdtku);
  out.push('      <ListOfGoodService>');
  for (const line of invoice.lines) goodService(out, line, invoice);
  out.push('      </ListOfGoodService>');
  out.push('    </TaxInvoice>');
}

/** One TaxInvoiceBulk file: UTF-8 text without a BOM (encode with TextEncoder). */
export function taxInvoiceBulk(seller: Seller, invoices: readonly TaxInvoice[]): string {
  const out: string[] = [
    "<?xml version='1.0' encoding='UTF-8'?>",
    '<TaxInvoiceBulk xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="TaxInvoice.xsd">',
  ];
  element(out, '  ', 'TIN', seller.npwp);
  out.push('  <ListOfTaxInvoice>');
  for (const invoice of invoices) taxInvoice(out, invoice, seller);
  out.push('  </ListOfTaxInvoice>', '</TaxInvoiceBulk>', '');
  return out.join('\n');
}

/** Coretax takes at most this many faktur in one file. */
export const FAKTUR_PER_FILE = 1000;

/** The files of a period: one per 1,000 faktur, named eFaktur_{period}_{k}.xml (k from 1). */
export function efakturFiles(
  seller: Seller,
  invoices: readonly TaxInvoice[],
  period: string,
): { name: string; text: string }[] {
  const files: { name: string; text: string }[] = [];
  for (let start = 0, k = 1; start < invoices.length; start += FAKTUR_PER_FILE, k++) {
    files.push({
      name: `eFaktur_${period}_${k}.xml`,
      text: taxInvoiceBulk(seller, invoices.slice(start, start + FAKTUR_PER_FILE)),
    });
  }
  return files;
}
