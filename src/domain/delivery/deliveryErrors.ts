// The delivery API's refusals that carry numbers or names (docs/delivery.md, "Refusals the page
// words"): the server answers a `code` and its `params` beside its English text, and the page words
// them in the language on screen, numbers written the way that language writes them. Pure.
import { countText, fill, type Locale } from '../i18n';

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

/**
 * The delivery API's successful answers that carry a count (`count`): a job queued, mails queued
 * again (Resend, Resend failed). Worded like the refusals, from `notice_<code>`.
 */
export const DELIVERY_NOTICE_CODES = ['queued', 'queuedAgain'] as const;

export type DeliveryNoticeCode = (typeof DELIVERY_NOTICE_CODES)[number];

export type DeliveryNoticeTexts = {
  readonly [K in `notice_${DeliveryNoticeCode}` | `notice_${DeliveryNoticeCode}One`]: string;
};

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
  return fill(texts[`error_${code}`], wordedParams(locale, params));
}

/** A successful answer's notice in the page's language, or null without a code it knows. */
export function deliveryNoticeText(
  texts: DeliveryNoticeTexts,
  locale: Locale,
  code: unknown,
  params: DeliveryErrorParams | undefined,
): string | null {
  if (!(DELIVERY_NOTICE_CODES as readonly unknown[]).includes(code)) return null;
  const count = typeof params?.count === 'number' ? params.count : NaN;
  return fill(
    countText(texts, `notice_${code as DeliveryNoticeCode}`, count),
    wordedParams(locale, params),
  );
}

/** The params as text, numbers written the way the language writes them (`1,000` / `1.000`). */
function wordedParams(
  locale: Locale,
  params: DeliveryErrorParams | undefined,
): Record<string, string> {
  const values: Record<string, string> = {};
  const numbers = locale === 'id' ? 'id-ID' : 'en-US';
  for (const [name, value] of Object.entries(params ?? {}))
    values[name] = typeof value === 'number' ? value.toLocaleString(numbers) : String(value);
  return values;
}
