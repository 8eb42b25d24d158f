import { expect, test } from 'vitest';
import { isSafeDocumentUrl } from '../../../src/domain/validation/url';

test.each([
  'https://drive.google.com/drive/folders/abc?usp=sharing',
  'http://intranet.local/share/tagihan-2024-01.xlsx',
  'HTTPS://EXAMPLE.COM/A',
  `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`,
])('%s is accepted', (url) => {
  expect(isSafeDocumentUrl(url)).toBe(true);
});

test.each([
  ['javascript', 'javascript:alert(1)'],
  ['data', 'data:text/html,<script>alert(1)</script>'],
  ['ftp', 'ftp://example.com/file'],
  ['credentials', 'https://user:pass@example.com/'],
  ['user only', 'https://user@example.com/'],
  ['space inside', 'https://example.com/a b'],
  ['leading space', ' https://example.com/'],
  ['newline', 'https://example.com/\n'],
  ['backslash', 'https:\\\\example.com'],
  ['relative', '/folder/file'],
  ['protocol relative', '//example.com/a'],
  ['no host', 'http://'],
  ['empty', ''],
  ['too long', `https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}`],
])('%s is refused', (_, url) => {
  expect(isSafeDocumentUrl(url)).toBe(false);
});

test('non-strings are refused', () => {
  expect(isSafeDocumentUrl(null)).toBe(false);
  expect(isSafeDocumentUrl(42)).toBe(false);
});
