// The tax of one GoodService line, as Odoo's l10n_id_efaktur_coretax computes it (docs/efaktur.md):
// code 04 taxes 11/12 of the base at 12 % (an effective 11 %); 07 and 08 are not taxed (0 %);
// every other code taxes the base itself at the rate given (12 % unless said otherwise).

export const TRX_CODES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'] as const;
export type TrxCode = (typeof TRX_CODES)[number];
export const DEFAULT_TRX_CODE: TrxCode = '04';
/** Codes whose VAT is not collected or exempted: 0 % only, and AddInfo and FacilityStamp needed. */
export const ZERO_RATED_CODES: ReadonlySet<TrxCode> = new Set(['07', '08']);

/** Rupiah with two decimals, halves away from zero (Odoo's currency rounding). */
export function roundIdr(value: number): number {
  const scaled = Math.abs(value) * 100;
  // The epsilon keeps 91666.665 (stored as 91666.66499…) rounding up as it does on paper.
  return (Math.sign(value) * Math.round(scaled + scaled * 1e-15 + 1e-9)) / 100 || 0;
}

export interface LineAmounts {
  readonly price: number;
  readonly qty: number;
  readonly totalDiscount: number;
}

export interface LineTax {
  /** DPP: price × qty − discount. */
  readonly taxBase: number;
  /** DPP Nilai Lain: 11/12 of the base under code 04, the base itself otherwise. */
  readonly otherTaxBase: number;
  readonly vatRate: number;
  readonly vat: number;
  readonly stlgRate: number;
  readonly stlg: number;
}

/** The standard VAT rate written for codes other than 04, 07 and 08 (UU HPP, from 2025). */
export const STANDARD_VAT_RATE = 12;

export function lineTax(line: LineAmounts, code: TrxCode, rate = STANDARD_VAT_RATE): LineTax {
  const taxBase = roundIdr(line.price * line.qty - line.totalDiscount);
  const otherTaxBase = code === '04' ? roundIdr((taxBase * 11) / 12) : taxBase;
  const vatRate = code === '04' ? 12 : ZERO_RATED_CODES.has(code) ? 0 : rate;
  return {
    taxBase,
    otherTaxBase,
    vatRate,
    vat: roundIdr((otherTaxBase * vatRate) / 100),
    stlgRate: 0,
    stlg: 0,
  };
}
