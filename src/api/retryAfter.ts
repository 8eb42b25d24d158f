// The wait a 429 or 503 answer names in Retry-After (RFC 9110 §10.2.3): delay-seconds or an
// HTTP date. The screens say it ('Try again in 7 minutes') instead of 'please wait'.

/** Seconds to wait, rounded up; undefined when the header is missing or unreadable. */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its day and month ('Tue, 24 Nov 2026 19:07:00 GMT'); '-3' is no date.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
