// The Language control (issue 16): on the auth pages and in the user dropdown. Always labelled
// 'Language', so it can be found whatever language is on screen; each language is named in itself.
import { useId } from 'react';
import { isLocale, LANGUAGE_NAMES, LOCALES } from '../../domain/i18n';
import { setLanguage, useCommonTexts, useLanguage } from './i18n';

export function LanguageSelect() {
  const id = useId();
  const language = useLanguage();
  const t = useCommonTexts();
  return (
    <div className="app-language">
      <label htmlFor={id}>{t.language}</label>
      <select
        id={id}
        value={language}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (isLocale(value)) setLanguage(value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
