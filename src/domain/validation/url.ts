// Document links are opened by other users, so only plain http(s) URLs are stored (docs/product.md#input-rules).

export const MAX_DOCUMENT_URL_LENGTH = 2048;

/**
 * True for an absolute http: or https: URL of at most 2048 characters with a host, no
 * user name or password, and no whitespace, control characters or backslashes anywhere.
 * javascript:, data:, relative and protocol-relative URLs are refused.
 */
export function isSafeDocumentUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_DOCUMENT_URL_LENGTH)
    return false;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(url)) return false;
  if (!/^https?:\/\//i.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  return parsed.hostname !== '';
}
