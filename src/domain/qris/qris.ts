// QRIS, Indonesia's EMVCo merchant-presented QR: the merchant's static payload, stored once, is
// checked here, and made per invoice into a dynamic payload carrying the invoice's amount (tag 54)
// and number (tag 62, bill number 01), closed by a new CRC. Every change is made on the parsed
// data objects (tlv.ts), never by replacing text, so a value that happens to contain "5405" or
// "6304" is left alone. Rules in our words: docs/pictures.md.
import { emvAmount, MAX_AMOUNT_CHARACTERS } from './amount';
import { crc16, crc16Hex } from './crc16';
import { characterCount, parseDataObjects, writeDataObjects, type DataObject } from './tlv';

/** Longest payload we write or accept (a QR of version 12 at level M holds about 287 bytes; banks' limit). */
const MAX_QRIS_CHARACTERS = 512;

/** EMVCo's limit for the bill number (tag 62, subtag 01). */
const MAX_BILL_NUMBER_CHARACTERS = 25;

const CRC_TAG = '63';
const DYNAMIC = '12';
/** Amount, tip indicator and the two convenience fees: the static payload's are dropped. */
const REPLACED = new Set(['54', '55', '56', '57', CRC_TAG]);
const ADDITIONAL_DATA = '62';
const BILL_NUMBER = '01';

/** Printable ASCII: what EMVCo's "ans" format allows in the fields we write. */
const PRINTABLE = /^[\x20-\x7e]*$/;

export const qrisMessages = {
  empty: 'The static QRIS is empty: paste the text your QRIS scanner reads from the merchant QR.',
  tooLong: `The static QRIS has more than ${MAX_QRIS_CHARACTERS} characters.`,
  notEmv: (detail: string) => `The static QRIS is not an EMVCo QR payload: ${detail}.`,
  noCrc: 'The static QRIS does not end with its CRC (tag 63, four hexadecimal digits).',
  wrongCrc: (stated: string, computed: string) =>
    `The static QRIS has a wrong CRC: it ends with ${stated}, its content gives ${computed}. Copy the whole text again.`,
  formatIndicator: 'The static QRIS does not start with tag 00 (payload format indicator "01").',
  initiation: 'The static QRIS has no valid tag 01 (point of initiation "11" or "12").',
  merchantAccount: 'The static QRIS has no merchant account information (tags 26 to 51).',
  country: 'The static QRIS is not for Indonesia (tag 58 must be "ID").',
  currency: 'The static QRIS is not in rupiah (tag 53 must be "360").',
} as const;

/** Why an amount or invoice number makes no QRIS (a row warning names it). */
const qrisRowProblems = {
  amount: 'the amount is not a positive number',
  amountTooLong: `the amount has more than ${MAX_AMOUNT_CHARACTERS} characters`,
  noBillNumber: 'the invoice number is empty',
  billNumberTooLong: `the invoice number has more than ${MAX_BILL_NUMBER_CHARACTERS} characters`,
  billNumberCharacters: 'the invoice number has characters a QRIS cannot hold',
  payloadTooLong: `the QRIS would have more than ${MAX_QRIS_CHARACTERS} characters`,
} as const;

function parsed(payload: string): DataObject[] | string {
  try {
    return parseDataObjects(payload);
  } catch (error) {
    return qrisMessages.notEmv((error as Error).message);
  }
}

/** Why a stored static QRIS cannot be used, or null when it can. */
export function staticQrisProblem(input: string): string | null {
  const payload = input.trim();
  if (payload === '') return qrisMessages.empty;
  if (characterCount(payload) > MAX_QRIS_CHARACTERS) return qrisMessages.tooLong;
  const objects = parsed(payload);
  if (typeof objects === 'string') return objects;
  const last = objects[objects.length - 1];
  if (!last || last.tag !== CRC_TAG || !/^[0-9A-Fa-f]{4}$/.test(last.value))
    return qrisMessages.noCrc;
  const computed = crc16Hex(payload.slice(0, payload.length - 4));
  if (computed !== last.value.toUpperCase()) return qrisMessages.wrongCrc(last.value, computed);
  if (objects[0].tag !== '00' || objects[0].value !== '01') return qrisMessages.formatIndicator;
  const value = (tag: string) => objects.find((o) => o.tag === tag)?.value;
  if (!['11', '12'].includes(value('01') ?? '')) return qrisMessages.initiation;
  if (!objects.some((o) => Number(o.tag) >= 26 && Number(o.tag) <= 51))
    return qrisMessages.merchantAccount;
  if (value('58') !== 'ID') return qrisMessages.country;
  if (value('53') !== '360') return qrisMessages.currency;
  return null;
}

/** Where `tag` goes among `objects`: before the first whose tag sorts after it (tags are in order). */
function placeOf(objects: readonly DataObject[], tag: string): number {
  const at = objects.findIndex((o) => o.tag > tag);
  return at < 0 ? objects.length : at;
}

/**
 * The static payload made ready for the rows, parsed once (a run makes a QRIS per invoice from the
 * same payload): its objects written out around where tags 54 and 62 go, tag 62's other subtags
 * around its bill number, and the CRC of the text before tag 54.
 */
interface PreparedStatic {
  readonly beforeAmount: string;
  readonly beforeAdditional: string;
  readonly afterAdditional: string;
  readonly beforeBill: string;
  readonly afterBill: string;
  readonly crcBeforeAmount: number;
}

const encoder = new TextEncoder();
let prepared: { readonly payload: string; readonly made: PreparedStatic | string } | null = null;

function prepare(staticPayload: string): PreparedStatic | string {
  if (prepared?.payload === staticPayload) return prepared.made;
  let made: PreparedStatic | string;
  try {
    const objects: DataObject[] = [];
    let additional: DataObject[] = [];
    for (const object of parseDataObjects(staticPayload.trim())) {
      if (REPLACED.has(object.tag)) continue;
      if (object.tag === ADDITIONAL_DATA)
        additional = parseDataObjects(object.value).filter((o) => o.tag !== BILL_NUMBER);
      else objects.push(object.tag === '01' ? { tag: '01', value: DYNAMIC } : object);
    }
    const amountAt = placeOf(objects, '54');
    const additionalAt = placeOf(objects, ADDITIONAL_DATA);
    const billAt = placeOf(additional, BILL_NUMBER);
    const beforeAmount = writeDataObjects(objects.slice(0, amountAt));
    made = {
      beforeAmount,
      beforeAdditional: writeDataObjects(objects.slice(amountAt, additionalAt)),
      afterAdditional: writeDataObjects(objects.slice(additionalAt)),
      beforeBill: writeDataObjects(additional.slice(0, billAt)),
      afterBill: writeDataObjects(additional.slice(billAt)),
      crcBeforeAmount: crc16(encoder.encode(beforeAmount)),
    };
  } catch (error) {
    made = qrisMessages.notEmv((error as Error).message);
  }
  prepared = { payload: staticPayload, made };
  return made;
}

/** A data object as a payload writes it, or null when its value is longer than two digits say. */
function dataObject(tag: string, value: string): string | null {
  const length = characterCount(value);
  return length > 99 ? null : `${tag}${length < 10 ? '0' : ''}${length}${value}`;
}

type DynamicQris = { readonly payload: string } | { readonly problem: string };

/**
 * The dynamic QRIS for one invoice: the static payload (checked with staticQrisProblem first) with
 * tag 01 set to "12", tags 54–57 and 63 dropped, tag 54 holding the amount, tag 62's bill number
 * the invoice number, and "6304" with the CRC-16 of everything before it appended.
 */
export function dynamicQris(
  staticPayload: string,
  amount: number,
  invoiceNumber: string,
): DynamicQris {
  const amountText = emvAmount(amount);
  if (amountText === null)
    return {
      problem:
        Number.isFinite(amount) && amount > 0
          ? qrisRowProblems.amountTooLong
          : qrisRowProblems.amount,
    };
  const billNumber = invoiceNumber.trim();
  if (billNumber === '') return { problem: qrisRowProblems.noBillNumber };
  if (!PRINTABLE.test(billNumber)) return { problem: qrisRowProblems.billNumberCharacters };
  if (billNumber.length > MAX_BILL_NUMBER_CHARACTERS)
    return { problem: qrisRowProblems.billNumberTooLong };
  const ready = prepare(staticPayload);
  if (typeof ready === 'string') return { problem: ready };
  const bill = dataObject(BILL_NUMBER, billNumber);
  const additional =
    bill === null
      ? null
      : dataObject(ADDITIONAL_DATA, `${ready.beforeBill}${bill}${ready.afterBill}`);
  if (additional === null) return { problem: qrisRowProblems.payloadTooLong };
  // What follows the text before tag 54, up to and including "6304": its CRC goes on from there.
  const rest = `${dataObject('54', amountText)}${ready.beforeAdditional}${additional}${ready.afterAdditional}${CRC_TAG}04`;
  const crc = crc16(encoder.encode(rest), ready.crcBeforeAmount);
  const payload = `${ready.beforeAmount}${rest}${crc.toString(16).toUpperCase().padStart(4, '0')}`;
  if (characterCount(payload) > MAX_QRIS_CHARACTERS)
    return { problem: qrisRowProblems.payloadTooLong };
  return { payload };
}
