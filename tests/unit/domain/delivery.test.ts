// The delivery rules the page and the server share (src/domain/delivery/delivery.ts): addresses in a cell,
// header injection, why a row cannot go, and the attachment's name.
import { describe, expect, it } from 'vitest';
import {
  attachmentName,
  breaksHeader,
  parseAddresses,
  refusalOf,
} from '../../../src/domain/delivery/delivery';

const row = (over: Partial<{ to: string; subject: string; message: string; key: string }>) => ({
  to: 'ana@example.com',
  subject: 'Tagihan INV-1',
  message: 'Yth.\nterlampir.',
  key: 'INV-1',
  ...over,
});

describe('delivery rules', () => {
  it('reads several addresses separated by ; or , and names the ones that are not addresses', () => {
    expect(parseAddresses(' ana@example.com; budi@example.co.id ,citra@x.id ')).toEqual({
      valid: ['ana@example.com', 'budi@example.co.id', 'citra@x.id'],
      invalid: [],
    });
    expect(parseAddresses('ana@example.com; budi at example.com')).toEqual({
      valid: ['ana@example.com'],
      invalid: ['budi at example.com'],
    });
    expect(parseAddresses(' ; ')).toEqual({ valid: [], invalid: [] });
  });

  it('refuses CR, LF and other control characters in headers, keeps line breaks in the body', () => {
    expect(breaksHeader('Tagihan\r\nBcc: all@example.com')).toBe(true);
    expect(breaksHeader('Tagihan\u2028x')).toBe(true);
    expect(refusalOf(row({ subject: 'a\nBcc: x@example.com' }))).toBe('headerBreaking');
    expect(refusalOf(row({ to: 'ana@example.com\r\nBcc: x@example.com' }))).toBe('headerBreaking');
    expect(refusalOf(row({ message: 'a\u0000b' }))).toBe('headerBreaking');
    expect(refusalOf(row({}))).toBeNull();
  });

  it('names why a row cannot be sent', () => {
    expect(refusalOf(row({ to: '' }))).toBe('noAddress');
    expect(refusalOf(row({ to: 'not-an-address' }))).toBe('badAddress');
    expect(refusalOf(row({ key: '  ' }))).toBe('noKey');
  });

  it('names the attachment from the key, without characters a file name cannot hold', () => {
    expect(attachmentName('INV-2025-0001', 'pdf')).toBe('Tagihan_INV-2025-0001.pdf');
    expect(attachmentName('INV/2025/0001', 'docx')).toBe('Tagihan_INV_2025_0001.docx');
    expect(attachmentName('', 'pdf')).toBe('Tagihan_invoice.pdf');
  });
});
