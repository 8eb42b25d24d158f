// Languages of the interface (docs/product.md#limits: locales en and id, default en). The texts live in one
// catalogue per language: English in ./en (one module per group of screens, so the sign-in page
// carries only its own texts), Indonesian in ./id (loaded only when chosen). Pure: no I/O.

export type Locale = 'en' | 'id';
export const LOCALES: readonly Locale[] = ['en', 'id'];
export const DEFAULT_LOCALE: Locale = 'en';
/** Each language named in itself, as the Language control lists them. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  id: 'Bahasa Indonesia',
};
/** localStorage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'id';
}

/**
 * The text of `key` for a count of `count`: its `…One` form when the count is one and the
 * catalogue has one (English writes "1 e-mail", not "1 e-mails"), else `key`'s own.
 */
export function countText<K extends string>(
  texts: Readonly<Record<K, string>> & Partial<Readonly<Record<`${K}One`, string>>>,
  key: K,
  count: number,
): string {
  const one = count === 1 ? (texts as Partial<Record<string, string>>)[`${key}One`] : undefined;
  return one ?? texts[key];
}

/** 'Showing {from}–{to} of {total}' with its values. Unknown names stay as they are. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
