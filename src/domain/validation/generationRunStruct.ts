// POST /invoice-summaries/{id}/generation-runs: the run's files, counts and output.
import { coerce, object, optional, string } from 'superstruct';
import { GENERATION_OUTPUT_KINDS, type GenerationOutputKind } from '../billing/generationRun';
import { booleanRule, nonNegativeIntegerRule, type Rule } from './rules';
import { ruled } from './structs';

export const GENERATION_RUN_MESSAGES = {
  CLIENT_RUN_ID: 'client_run_id must be 8 to 100 letters, digits, - or _',
  FILE_NAME: (label: string) => `${label} name is required (at most 255 characters)`,
  SHA256: (label: string) => `${label} SHA-256 must be 64 hexadecimal characters`,
  OUTPUT_KIND: `output_kind must be one of ${GENERATION_OUTPUT_KINDS.join(', ')}`,
  MAX_COUNT: (label: string) => `${label} must be at most 10,000,000`,
} as const;

const M = GENERATION_RUN_MESSAGES;
const MAX_COUNT = 10_000_000;

const fileName =
  (label: string): Rule =>
  (v) =>
    typeof v === 'string' && v.trim() !== '' && v.length <= 255 ? true : M.FILE_NAME(label);
const sha256 =
  (label: string): Rule =>
  (v) =>
    typeof v === 'string' && /^[0-9a-f]{64}$/.test(v) ? true : M.SHA256(label);
const count =
  (label: string): Rule =>
  (v) => {
    const base = nonNegativeIntegerRule(label)(v);
    return base !== true ? base : (v as number) <= MAX_COUNT ? true : M.MAX_COUNT(label);
  };
const lowerTrimmed = <T>(name: string, rule: Rule) =>
  coerce(ruled<T>(name, rule), string(), (s) => s.trim().toLowerCase());
const trimmed = (name: string, rule: Rule) =>
  coerce(ruled<string>(name, rule), string(), (s) => s.trim());

export const generationRunStruct = object({
  client_run_id: ruled<string>('client_run_id', (v) =>
    typeof v === 'string' && /^[A-Za-z0-9_-]{8,100}$/.test(v) ? true : M.CLIENT_RUN_ID,
  ),
  template_name: trimmed('template_name', fileName('Template')),
  template_sha256: lowerTrimmed<string>('template_sha256', sha256('Template')),
  data_name: trimmed('data_name', fileName('Data file')),
  data_sha256: lowerTrimmed<string>('data_sha256', sha256('Data file')),
  rows: ruled<number>('rows', count('Rows')),
  documents: ruled<number>('documents', count('Documents')),
  output_kind: lowerTrimmed<GenerationOutputKind>('output_kind', (v) =>
    (GENERATION_OUTPUT_KINDS as readonly unknown[]).includes(v) ? true : M.OUTPUT_KIND,
  ),
  confirm_duplicate: optional(ruled<boolean>('confirm_duplicate', booleanRule)),
});
