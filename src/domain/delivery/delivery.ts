// E-mail delivery rules shared by the page and the server (docs/delivery.md): which addresses a
// cell holds, which texts may go into a mail header, how an attachment is named from its key.

/** One row of a job the page hands to the server (docs/delivery.md, "The job"). */
export interface DeliveryJobRow {
  row: number;
  key: string;
  to: string;
  subject: string;
  message: string;
  /** The row's pages in the merged PDF. */
  pages?: [number, number];
  /** The name of this row's .docx among the job's documents. */
  file?: string;
}

/** One address: a local part, @, a domain with a dot; no spaces, quotes or angle brackets. */
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && ADDRESS.test(text);
}

/** A cell's addresses, separated by `;` or `,`: the valid ones and the ones that are not. */
export function parseAddresses(cell: string): { valid: string[]; invalid: string[] } {
  const parts = cell
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    valid: parts.filter(isEmailAddress),
    invalid: parts.filter((part) => !isEmailAddress(part)),
  };
}

/** CR, LF and every other control character would end or bend a header line (header injection). */
// eslint-disable-next-line no-control-regex
const HEADER_BREAKING = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;
/** A body keeps its line breaks and tabs; other control characters are refused. */
// eslint-disable-next-line no-control-regex
const BODY_BREAKING = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function breaksHeader(text: string): boolean {
  return HEADER_BREAKING.test(text);
}

export function breaksBody(text: string): boolean {
  return BODY_BREAKING.test(text);
}

export type DeliveryRefusal = 'noAddress' | 'badAddress' | 'headerBreaking' | 'noKey';

/** Why a row cannot be sent, or null when it can. */
export function refusalOf(row: {
  to: string;
  subject: string;
  message: string;
  key: string;
}): DeliveryRefusal | null {
  if (!row.key.trim()) return 'noKey';
  if (breaksHeader(row.to) || breaksHeader(row.subject) || breaksBody(row.message))
    return 'headerBreaking';
  const { valid, invalid } = parseAddresses(row.to);
  if (invalid.length) return 'badAddress';
  if (!valid.length) return 'noAddress';
  return null;
}

/** `Tagihan_INV-2025-0001.pdf`: the key with anything a file name cannot hold replaced by `_`. */
export function attachmentName(key: string, extension: 'pdf' | 'docx'): string {
  const safe = key
    .trim()
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    .slice(0, 120);
  return `Tagihan_${safe || 'invoice'}.${extension}`;
}

export const RECIPIENT_STATUSES = [
  'queued',
  'sending',
  'sent',
  'outbox',
  'failed',
  'unknown',
  'cancelled',
] as const;
export type RecipientStatusName = (typeof RECIPIENT_STATUSES)[number];
