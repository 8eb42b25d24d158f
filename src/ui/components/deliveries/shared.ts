// What the Pengiriman screen's parts share (docs/delivery.md): its texts' type, a successful
// action's notice in the page's language, and a time as the browser writes it.
import { deliveryNoticeText } from '../../../domain/delivery/deliveryErrors';
import type { DELIVERY_TEXTS } from '../../../domain/i18n/en/delivery';
import type { ServiceResult } from '../../../domain/serviceResult';

export type Texts = { readonly [K in keyof typeof DELIVERY_TEXTS]: string };

/** A successful action's answer with a count (`N e-mails queued again`) in the page's language. */
export function noticeOf(t: Texts, locale: 'en' | 'id', answer: ServiceResult<unknown>): string {
  return deliveryNoticeText(t, locale, answer.code, answer.params) ?? '';
}
export const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
