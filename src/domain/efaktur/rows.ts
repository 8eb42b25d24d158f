// From the sheet's selected rows to TaxInvoice objects, with every problem found at once by row
// and column (docs/efaktur.md "Checks"). Pure: the worker builds, the page shows the problems.
import {
  CORETAX_FIELD_LABELS,
  UNIT_MINUTE,
  VOICE_DEFAULTS,
  type CoretaxDefaults,
  type CoretaxField,
} from './fields';
import { DEFAULT_TRX_CODE, ZERO_RATED_CODES, type TrxCode } from './tax';
import { isXmlText, type GoodService, type TaxInvoice } from './xml';
import { parseAmount as readAmount } from '../values/amount';
import { sheetDate } from '../values/sheetDate';

export interface EfakturOptions {
  readonly mapping: Partial<Record<CoretaxField, string>>;
  readonly defaults?: CoretaxDefaults;
  readonly trxCode?: TrxCode;
  /** Required with 07 and 08 (TD.005xx and TD.011xx). */
  readonly addInfo?: string;
  readonly facilityStamp?: string;
  /** YYYY-MM-DD, used when no date column is mapped. */
  readonly date: string;
  /** One faktur per value of this column; none: one faktur per row. */
  readonly groupBy?: string | null;
  /** With groupBy: one GoodService per row ('lines') or one with the group's sum ('sum'). */
  readonly lines?: 'lines' | 'sum';
}

export interface EfakturProblem {
  /** The sheet's row number as the user sees it. */
  readonly row: number;
  /** The column (or, with no column, the field) the problem is in. */
  readonly column: string;
  readonly message: string;
}

export interface SheetRow {
  readonly row: number;
  readonly values: Readonly<Record<string, unknown>>;
}

export const EFAKTUR_MESSAGES = {
  npwpLength: (n: number) => `NPWP must be 16 digits; it has ${n}`,
  npwpLostZero:
    'NPWP has 15 digits: its leading 0 was lost when the sheet stored it as a number. Format the column as text and write the 0',
  nikLength: (n: number) => `NIK must be 16 digits; it has ${n}`,
  idtkuLength: (n: number) => `NITKU must be 22 digits; it has ${n}`,
  noBuyerId: 'Neither an NPWP nor a NIK: a buyer needs one of them',
  badDate: (text: string) => `"${text}" is not a date (write YYYY-MM-DD or DD/MM/YYYY)`,
  notPositive: (text: string) => `The amount must be a number above zero; it is "${text}"`,
  emptyName: 'The buyer’s name is empty',
  country: (text: string) =>
    `"${text}" is not a three-letter country code (ISO 3166-1 alpha-3, e.g. IDN)`,
  duplicate: (ref: string, first: number) => `"${ref}" was already used by row ${first}`,
  emptyRef: 'The invoice number (RefDesc) is empty',
  control: 'Holds a control character that XML cannot carry; retype the cell',
  addInfo: (code: string) => `Transaction code ${code} needs Additional Info and Facility Stamp`,
} as const;

const M = EFAKTUR_MESSAGES;

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value).trim();
const digits = (value: string) => value.replace(/[\s.-]/g, '');

/** An amount cell: a number as it is, text through the one amount reader (docs/values.md); NaN for anything else. */
export function parseAmount(value: unknown): number {
  if (typeof value === 'number') return value;
  return readAmount(text(value)) ?? NaN;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD of a date cell (`dd/mm/yyyy`, `dd-mm-yyyy`, ISO, or a Date), or null (docs/values.md). */
export function parseDate(value: unknown): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return value.toISOString().slice(0, 10);
  const date = sheetDate(text(value));
  return date ? `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}` : null;
}

interface RowFaktur {
  readonly row: number;
  /** The row's faktur holding its own line; the first row of a group takes the group's lines. */
  readonly invoice: TaxInvoice & { lines: GoodService[] };
  readonly group: string;
}

/** One row: its faktur fields and its line, with its problems pushed to `problems`. */
function readRow(
  row: SheetRow,
  options: EfakturOptions,
  fields: readonly CoretaxField[],
  problems: EfakturProblem[],
): RowFaktur {
  const defaults = options.defaults ?? VOICE_DEFAULTS;
  const mapping = options.mapping;
  const get = (field: CoretaxField): string => {
    const column = mapping[field];
    return column ? text(row.values[column]) : '';
  };
  const where = (field: CoretaxField) => mapping[field] ?? CORETAX_FIELD_LABELS[field];
  const problem = (field: CoretaxField, message: string) =>
    problems.push({ row: row.row, column: where(field), message });

  for (const field of fields) if (!isXmlText(get(field))) problem(field, M.control);

  const npwp = digits(get('buyerNpwp'));
  const nik = digits(get('buyerNik'));
  const npwpGiven = npwp !== '' && !/^0+$/.test(npwp);
  if (npwpGiven && npwp.length !== 16)
    problem('buyerNpwp', npwp.length === 15 ? M.npwpLostZero : M.npwpLength(npwp.length));
  if (!npwpGiven && nik !== '' && nik.length !== 16) problem('buyerNik', M.nikLength(nik.length));
  if (!npwpGiven && nik === '') problem(mapping.buyerNpwp ? 'buyerNpwp' : 'buyerNik', M.noBuyerId);
  const id = npwpGiven ? npwp : nik;
  const idtkuText = digits(get('buyerIdtku'));
  if (idtkuText !== '' && idtkuText.length !== 22)
    problem('buyerIdtku', M.idtkuLength(idtkuText.length));

  const dateText = get('date');
  const date = mapping.date ? parseDate(row.values[mapping.date]) : options.date;
  if (!date) problem('date', M.badDate(dateText));

  const amountField: CoretaxField = mapping.price && mapping.qty ? 'price' : 'amount';
  const price = parseAmount(mapping[amountField] ? row.values[mapping[amountField]!] : '');
  const qty = amountField === 'price' ? parseAmount(row.values[mapping.qty!]) : 1;
  if (!(price > 0) || !Number.isFinite(price))
    problem(amountField, M.notPositive(get(amountField)));
  if (amountField === 'price' && !(qty > 0)) problem('qty', M.notPositive(get('qty')));

  const name = get('buyerName');
  if (name === '') problem('buyerName', M.emptyName);
  const country = (get('buyerCountry') || defaults.country).toUpperCase();
  if (!/^[A-Z]{3}$/.test(country)) problem('buyerCountry', M.country(get('buyerCountry')));
  const refDesc = get('refDesc');
  if (refDesc === '') problem('refDesc', M.emptyRef);

  const trxCode = options.trxCode ?? DEFAULT_TRX_CODE;
  return {
    row: row.row,
    group: options.groupBy ? text(row.values[options.groupBy]) : '',
    invoice: {
      date: date ?? '',
      trxCode,
      addInfo: ZERO_RATED_CODES.has(trxCode) ? (options.addInfo ?? '') : '',
      customDoc: '',
      customDocMonthYear: '',
      refDesc,
      facilityStamp: ZERO_RATED_CODES.has(trxCode) ? (options.facilityStamp ?? '') : '',
      buyerTin: npwpGiven ? npwp : '0000000000000000',
      buyerDocument: npwpGiven ? 'TIN' : 'National ID',
      buyerCountry: country,
      buyerDocumentNumber: npwpGiven ? '' : nik,
      buyerName: name,
      buyerAddress: get('buyerAddress').replace(/\s*[\r\n]+\s*/g, ' '),
      buyerEmail: get('buyerEmail'),
      buyerIdtku: idtkuText || `${id}000000`,
      lines: [
        {
          opt: defaults.opt,
          code: defaults.code,
          name: get('itemName') || defaults.itemName,
          unit: amountField === 'price' ? UNIT_MINUTE : defaults.unit,
          price: Number.isFinite(price) ? price : 0,
          qty: Number.isFinite(qty) ? qty : 0,
          totalDiscount: 0,
        },
      ],
    },
  };
}

/**
 * The faktur of the selected rows and every problem, by row and column. Nothing may be written
 * while `problems` is not empty (the page lists them; fixing the sheet or deselecting rows clears them).
 */
export function buildFaktur(
  rows: readonly SheetRow[],
  options: EfakturOptions,
): { invoices: TaxInvoice[]; problems: EfakturProblem[] } {
  const problems: EfakturProblem[] = [];
  const trxCode = options.trxCode ?? DEFAULT_TRX_CODE;
  if (ZERO_RATED_CODES.has(trxCode) && !(options.addInfo && options.facilityStamp))
    problems.push({ row: 0, column: 'TrxCode', message: M.addInfo(trxCode) });
  const fields = Object.keys(options.mapping) as CoretaxField[];
  const groups = new Map<string, RowFaktur[]>();
  const ungrouped: RowFaktur[][] = [];
  for (const row of rows) {
    const read = readRow(row, options, fields, problems);
    if (!options.groupBy) ungrouped.push([read]);
    else {
      const group = groups.get(read.group);
      if (group) group.push(read);
      else groups.set(read.group, [read]);
    }
  }
  const invoices: TaxInvoice[] = [];
  const firstRowOf = new Map<string, number>();
  for (const members of options.groupBy ? groups.values() : ungrouped) {
    const first = members[0];
    const ref = first.invoice.refDesc;
    const earlier = firstRowOf.get(ref);
    if (ref !== '' && earlier !== undefined)
      problems.push({
        row: first.row,
        column: options.mapping.refDesc ?? CORETAX_FIELD_LABELS.refDesc,
        message: M.duplicate(ref, earlier),
      });
    else firstRowOf.set(ref, first.row);
    if (members.length > 1) {
      const lines = members.map((m) => m.invoice.lines[0]);
      first.invoice.lines =
        options.lines === 'sum' ? [{ ...lines[0], qty: 1, price: groupSum(lines) }] : lines;
    }
    invoices.push(first.invoice);
  }
  problems.sort((a, b) => a.row - b.row);
  return { invoices, problems };
}

/** The group's total: every line's price × qty, to the sen. */
export function groupSum(lines: readonly Pick<GoodService, 'price' | 'qty'>[]): number {
  const sen = lines.reduce((total, line) => total + Math.round(line.price * line.qty * 100), 0);
  return sen / 100;
}
