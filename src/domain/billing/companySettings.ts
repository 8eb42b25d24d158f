// The seller's identity for the e-Faktur XML and the merchant's static QRIS, kept once by an
// administrator on Pengaturan Perusahaan. Rules shared by the form and the server (docs/efaktur.md).
import { coerce, object, optional, string, type Struct } from 'superstruct';
import { staticQrisProblem } from '../qris';
import { ruled } from '../validation/structs';
import type { Rule } from '../validation/rules';

export interface CompanySettings {
  seller_npwp: string;
  seller_nitku: string;
  seller_name: string;
  /** The static QRIS payload, '' when none is stored. */
  qris_static: string;
}

export const COMPANY_SETTINGS_FIELDS = [
  'seller_npwp',
  'seller_nitku',
  'seller_name',
  'qris_static',
] as const;

export const EMPTY_COMPANY_SETTINGS: CompanySettings = {
  seller_npwp: '',
  seller_nitku: '',
  seller_name: '',
  qris_static: '',
};

export const COMPANY_SETTINGS_MESSAGES = {
  npwp: 'NPWP Penjual must be exactly 16 digits (0-9, no dots or dashes)',
  nitku:
    'NITKU Penjual must be exactly 22 digits: the 16-digit NPWP and a 6-digit TKU (000000 for the head office)',
  nitkuPrefix: 'NITKU Penjual must start with the 16 digits of NPWP Penjual',
  nameRequired: 'Nama Penjual is required',
  nameMax: 'Nama Penjual must be at most 200 characters',
} as const;

const M = COMPANY_SETTINGS_MESSAGES;

/** Digits only: the NPWP and NITKU as DJP writes them. Dots, dashes and spaces are taken out first. */
export function digitsOnly(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

export const npwpRule: Rule = (v) => (typeof v === 'string' && /^\d{16}$/.test(v) ? true : M.npwp);
export const nitkuRule: Rule = (v) =>
  typeof v === 'string' && /^\d{22}$/.test(v) ? true : M.nitku;
export const sellerNameRule: Rule = (v) =>
  typeof v !== 'string' || v.trim() === '' ? M.nameRequired : v.length > 200 ? M.nameMax : true;
/** Optional: empty means no QRIS; otherwise the static payload's own checks (src/domain/qris). */
export const qrisStaticRule: Rule = (v) =>
  typeof v !== 'string' || v.trim() === '' ? true : (staticQrisProblem(v) ?? true);

/** Every problem of a settings form, by field (empty when it may be saved). */
export function companySettingsProblems(
  settings: CompanySettings,
): Partial<Record<keyof CompanySettings, string>> {
  const problems: Partial<Record<keyof CompanySettings, string>> = {};
  const rules: Record<keyof CompanySettings, Rule> = {
    seller_npwp: npwpRule,
    seller_nitku: nitkuRule,
    seller_name: sellerNameRule,
    qris_static: qrisStaticRule,
  };
  for (const field of COMPANY_SETTINGS_FIELDS) {
    const verdict = rules[field](settings[field]);
    if (verdict !== true) problems[field] = verdict;
  }
  if (!problems.seller_npwp && !problems.seller_nitku) {
    if (!settings.seller_nitku.startsWith(settings.seller_npwp))
      problems.seller_nitku = M.nitkuPrefix;
  }
  return problems;
}

const digits = <T>(struct: Struct<T, null>) => coerce(struct, string(), digitsOnly);
const trimmed = <T>(struct: Struct<T, null>) => coerce(struct, string(), (s) => s.trim());

/** PUT /company-settings: all four fields (qris_static may be '' or left out). */
export const companySettingsStruct = object({
  seller_npwp: digits(ruled<string>('seller_npwp', npwpRule)),
  seller_nitku: digits(ruled<string>('seller_nitku', nitkuRule)),
  seller_name: trimmed(ruled<string>('seller_name', sellerNameRule)),
  qris_static: optional(trimmed(ruled<string>('qris_static', qrisStaticRule))),
});
