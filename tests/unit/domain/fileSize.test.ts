import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../../src/domain/text/fileSize';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 * 1024, '1.00 MB'],
    [10485760, '10.00 MB'],
    [11 * 1024 * 1024 + 512 * 1024, '11.50 MB'],
    [3 * 1024 ** 3, '3.00 GB'],
    [2048 * 1024 ** 3, '2048.00 GB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
