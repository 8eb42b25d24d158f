// The e-mail of each sheet row (docs/delivery.md, "The page"): which column holds the addresses,
// which names the invoice, how `{fields}` of the subject and message are filled from the row with
// the mapping's formats, and which rows will not be sent and why. Pure: the page, the worker and
// the tests share it.
import { attachmentName, isEmailAddress, refusalOf, type DeliveryRefusal } from './delivery';
import type { Formats, Mapping } from '../generator/generationJob';
import { applyValueFormat, isTemplateFormat } from '../values/valueFormat';

/** A column is the address column when most of its filled cells hold only valid addresses. */
const ADDRESS_SHARE = 0.5;
/** The guess reads at most this many filled cells of a column (docs/delivery.md, "The page"). */
export const ADDRESS_SAMPLE = 200;
/** …among at most this many rows, so an empty column of 100,000 rows is not walked to its end. */
export const ADDRESS_SCAN_ROWS = 5000;

/** Whether a cell holds only valid addresses (`a@x.id; b@x.id` counts). */
function holdsAddresses(text: string): boolean {
  // Most cells of a sheet hold no '@': they are not addresses, without splitting them.
  if (!text.includes('@')) return false;
  const parts = text
    .split(/[;,]/)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every(isEmailAddress);
}

/**
 * The first column most of whose filled cells are addresses (`a@x.id; b@x.id` counts), or ''.
 * Decided from a bounded sample, so the page's first render after 100,000 rows arrive stays short
 * (docs/delivery.md, "The page"): a column's first `sample` filled cells, looked for in its first
 * ADDRESS_SCAN_ROWS rows; a column stops being read as soon as it cannot win.
 */
export function addressColumn(
  headers: readonly string[],
  cell: (row: number, column: number) => string,
  rowCount: number,
  sample = ADDRESS_SAMPLE,
): string {
  const rows = Math.min(rowCount, ADDRESS_SCAN_ROWS);
  for (let c = 0; c < headers.length; c++) {
    let filled = 0;
    let addresses = 0;
    for (let r = 0; r < rows && filled < sample; r++) {
      const text = cell(r, c).trim();
      if (!text) continue;
      filled++;
      if (holdsAddresses(text)) addresses++;
      // With ADDRESS_SHARE one half, a column wins when its addresses outnumber the rest: once the
      // rest are half the sample, it cannot.
      else if (filled - addresses >= sample / 2) break;
    }
    if (filled > 0 && addresses / filled > ADDRESS_SHARE) return headers[c];
  }
  return '';
}

const KEY_NAME = /^(nomor|no|invoice|tagihan)(\b|_|\s|\.|$)/i;
/** Words of a name that says which invoice: `Nomor Tagihan`, `No. Invoice`, `Invoice No`. */
const INVOICE_WORD = /(^|[\s_.])(invoice|tagihan|faktur)([\s_.]|$)/i;
const NUMBER_WORD = /(^|[\s_.])(nomor|no|number|nr)([\s_.]|$)/i;
const namesInvoice = (h: string) => INVOICE_WORD.test(h) && NUMBER_WORD.test(h);

/**
 * The invoice key's default (docs/delivery.md): the first column whose name says an invoice's
 * number (`Nomor Tagihan`, `No_Invoice`), else the first named like Nomor/No, else the first. A bare
 * `No` is usually the sheet's row number, which names no invoice a customer knows.
 */
export function keyColumn(headers: readonly string[]): string {
  const named = headers.filter((h) => KEY_NAME.test(h.trim()));
  return named.find((h) => namesInvoice(h.trim())) ?? named[0] ?? headers[0] ?? '';
}

export interface MailSource {
  headers: readonly string[];
  mapping: Mapping;
  formats: Formats;
}

/**
 * `Tagihan {Nomor_Tagihan} periode {Periode}` with each `{name}` replaced by the row's value: a
 * template field through its mapped column and format, else a column of that name as in the sheet.
 * A name that is neither stays as written, so the preview shows the mistake.
 */
export function fillMailText(
  text: string,
  source: MailSource,
  row: Readonly<Record<string, string>>,
): string {
  return text.replace(/\{([^{}\r\n]{1,100})\}/g, (whole, raw: string) => {
    const name = raw.trim();
    const column = source.mapping[name];
    if (column !== undefined && Object.hasOwn(row, column)) {
      const format = source.formats[name];
      const value = row[column];
      if (isTemplateFormat(format)) return value;
      return applyValueFormat(format!, value) ?? value;
    }
    if (source.headers.includes(name) && Object.hasOwn(row, name)) return row[name];
    return whole;
  });
}

export interface MailSettings {
  sendTo: string;
  subject: string;
  message: string;
  keyColumn: string;
}

export interface RowMail {
  /** The sheet's row number (1-based, as the user sees it). */
  row: number;
  key: string;
  to: string;
  subject: string;
  message: string;
  attachment: string;
  refusal: DeliveryRefusal | null;
}

/** One row's mail, with the reason it cannot go (or null). */
export function rowMail(
  settings: MailSettings,
  source: MailSource,
  values: Readonly<Record<string, string>>,
  rowNumber: number,
  extension: 'pdf' | 'docx',
): RowMail {
  const mail = {
    row: rowNumber,
    key: (values[settings.keyColumn] ?? '').trim(),
    to: (values[settings.sendTo] ?? '').trim(),
    subject: fillMailText(settings.subject, source, values),
    message: fillMailText(settings.message, source, values),
  };
  return { ...mail, attachment: attachmentName(mail.key, extension), refusal: refusalOf(mail) };
}

export type NotSentReason = DeliveryRefusal | 'duplicateKey' | 'sentBefore';

/**
 * The rows that will not be sent, by reason, in row order; a key twice keeps its first row, a key
 * the server says was sent (or is queued) for the period is left out.
 */
export function notSent(
  mails: readonly RowMail[],
  sentBefore: ReadonlySet<string> = new Set(),
): Map<NotSentReason, number[]> {
  const out = new Map<NotSentReason, number[]>();
  const seen = new Set<string>();
  const add = (reason: NotSentReason, row: number) => {
    const rows = out.get(reason);
    if (rows) rows.push(row);
    else out.set(reason, [row]);
  };
  for (const mail of mails) {
    if (mail.refusal) add(mail.refusal, mail.row);
    else if (sentBefore.has(mail.key)) add('sentBefore', mail.row);
    else if (seen.has(mail.key)) add('duplicateKey', mail.row);
    else seen.add(mail.key);
  }
  return out;
}
