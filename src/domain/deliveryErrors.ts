// The delivery API's refusals that carry numbers or names (docs/delivery.md, "Refusals the page
// words"): the server answers a `code` and its `params` beside its English text, and the page words
// them in the language on screen, numbers written the way that language writes them. Pure.
import { fill, type Locale } from './i18n';

export const DELIVERY_ERROR_CODES = [
  'tooManyRecipients',
  'badRecipient',
  'periodNotFound',
  'badPages',
  'missingDocx',
  'badDocx',
  'userJobLimit',
  'userRecipientLimit',
] as const;

export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];

/** What each code's text is filled with: `limit`, `row`, `pages`, `recipient`, `period`. */
export type DeliveryErrorParams = Readonly<Record<string, string | number>>;

/** A page's texts for the codes: `error_<code>` with `{param}` places. */
export type DeliveryErrorTexts = { readonly [K in `error_${DeliveryErrorCode}`]: string };

export function isDeliveryErrorCode(code: unknown): code is DeliveryErrorCode {
  return (DELIVERY_ERROR_CODES as readonly unknown[]).includes(code);
}

/** The refusal in the page's language, or null when the answer carries no code it knows. */
export function deliveryErrorText(
  texts: DeliveryErrorTexts,
  locale: Locale,
  code: unknown,
  params: DeliveryErrorParams | undefined,
): string | null {
  if (!isDeliveryErrorCode(code)) return null;
  const values: Record<string, string> = {};
  const numbers = locale === 'id' ? 'id-ID' : 'en-US';
  for (const [name, value] of Object.entries(params ?? {}))
    values[name] = typeof value === 'number' ? value.toLocaleString(numbers) : String(value);
  return fill(texts[`error_${code}`], values);
}
