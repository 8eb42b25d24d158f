// POST /invoice-summaries/{id}/efaktur-records: an export (the invoice keys and the files
// downloaded) or an upload to Coretax (how many faktur). Shared messages, docs/efaktur.md.
import { object, optional } from 'superstruct';
import { ruled } from '../validation/structs';
import type { Rule } from '../validation/rules';

export const EFAKTUR_RECORD_MESSAGES = {
  kind: 'kind must be export or upload',
  keys: 'invoice_keys must be a list of 1 to 100,000 invoice numbers, each 1 to 200 characters',
  files:
    'files must be a list of 1 to 1,000 { name, sha256 }: a name of at most 255 characters and 64 hexadecimal characters',
  faktur: 'faktur must be a whole number from 0 to 10,000,000',
  confirm: 'confirm_repeat must be true or false',
  repeated: (count: number) =>
    `${count} of these invoices were exported to e-Faktur before. Export them again only if Coretax did not take the earlier file.`,
} as const;

const M = EFAKTUR_RECORD_MESSAGES;

const keysRule: Rule = (v) =>
  Array.isArray(v) &&
  v.length >= 1 &&
  v.length <= 100_000 &&
  v.every((k) => typeof k === 'string' && k.trim() !== '' && k.length <= 200)
    ? true
    : M.keys;
const filesRule: Rule = (v) =>
  Array.isArray(v) &&
  v.length >= 1 &&
  v.length <= 1000 &&
  v.every(
    (f) =>
      f !== null &&
      typeof f === 'object' &&
      typeof f.name === 'string' &&
      f.name.trim() !== '' &&
      f.name.length <= 255 &&
      typeof f.sha256 === 'string' &&
      /^[0-9a-f]{64}$/.test(f.sha256),
  )
    ? true
    : M.files;

export interface EfakturFile {
  name: string;
  sha256: string;
}

export const efakturRecordStruct = object({
  kind: ruled<'export' | 'upload'>('kind', (v) =>
    v === 'export' || v === 'upload' ? true : M.kind,
  ),
  invoice_keys: optional(ruled<string[]>('invoice_keys', keysRule)),
  files: optional(ruled<EfakturFile[]>('files', filesRule)),
  faktur: optional(
    ruled<number>('faktur', (v) =>
      typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10_000_000 ? true : M.faktur,
    ),
  ),
  confirm_repeat: optional(
    ruled<boolean>('confirm_repeat', (v) => (typeof v === 'boolean' ? true : M.confirm)),
  ),
});
