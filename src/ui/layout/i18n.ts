// The chosen language (docs/product.md#limits: en, default, and id): remembered in localStorage, set on
// <html lang>, and the texts of the chosen catalogue for the components. English is the
// catalogue each screen imports (src/domain/i18n/en); Indonesian loads on demand, so the sign-in
// page stays small for the default language.
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, isLocale, LANGUAGE_STORAGE_KEY, type Locale } from '../../domain/i18n';
import { COMMON_TEXTS } from '../../domain/i18n/en/common';
import type { IdCatalogue } from '../../domain/i18n/id';

type Section =
  | 'common'
  | 'signIn'
  | 'auth'
  | 'shell'
  | 'users'
  | 'profile'
  | 'generator'
  | 'history'
  | 'company'
  | 'efaktur'
  | 'delivery'
  | 'mail';

let chosen: Locale = DEFAULT_LOCALE;
let indonesian: IdCatalogue | null = null;
let loading = false;
const listeners = new Set<() => void>();

try {
  const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLocale(stored)) chosen = stored;
} catch {
  // Blocked storage: English.
}

function changed(): void {
  for (const listener of listeners) listener();
}

function loadIndonesian(): void {
  if (loading) return;
  loading = true;
  void import('../../domain/i18n/id').then((module) => {
    indonesian = module.ID_CATALOGUE;
    changed();
  });
}

function applyLang(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = chosen;
}

applyLang();
if (chosen === 'id') loadIndonesian();

/** The language in force on screen (Indonesian once its catalogue is there). */
function shown(): Locale {
  return chosen === 'id' && indonesian ? 'id' : 'en';
}

export function setLanguage(locale: Locale): void {
  chosen = locale;
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Blocked storage: the choice lasts for this page.
  }
  applyLang();
  if (locale === 'id') loadIndonesian();
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen language (what the Language control shows). */
export function useLanguage(): Locale {
  return useSyncExternalStore(
    subscribe,
    () => chosen,
    () => DEFAULT_LOCALE,
  );
}

/** The texts of one group of screens in the language on screen; `english` is its English catalogue. */
export function useTexts<T extends Record<string, string>>(
  section: Section,
  english: T,
): { readonly [K in keyof T]: string } {
  const locale = useSyncExternalStore(subscribe, shown, () => 'en' as Locale);
  return locale === 'id' && indonesian ? (indonesian[section] as unknown as T) : english;
}

/**
 * Translates a text made elsewhere (validation, notices, server answers, route titles) by its
 * English wording: a known phrase, else the patterns of texts with counts and names in them.
 */
export function useTranslate(): (text: string | undefined | null) => string {
  const locale = useSyncExternalStore(subscribe, shown, () => 'en' as Locale);
  return (text) => {
    if (!text) return text ?? '';
    return locale === 'id' && indonesian
      ? (indonesian.phrases.get(text) ??
          indonesian.patterns.reduce((t, [pattern, to]) => t.replace(pattern, to), text))
      : text;
  };
}

/** The language on screen (Indonesian once its catalogue is there), for dates made here. */
export function useShownLanguage(): Locale {
  return useSyncExternalStore(subscribe, shown, () => 'en' as Locale);
}

/** The texts every page has (notifications, message boxes, 'Reconnecting…', Language). */
export function useCommonTexts(): { readonly [K in keyof typeof COMMON_TEXTS]: string } {
  return useTexts('common', COMMON_TEXTS);
}
