import { describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import { assertReadable, MAX_FILE_BYTES, summariseZip } from '../../../src/workers/limits';
import { analyseTemplate } from '../../../src/workers/template/analyseTemplate';
import { readWorkbook } from '../../support/readWorkbook';
import { buildDocx, paragraph } from './docxBuilder';

const ELEVEN_MB = 11 * 1024 * 1024;

/** Rewrites the declared uncompressed size of every central-directory entry, as a zip bomb declares it. */
function declareUnpackedSize(buffer: ArrayBuffer, size: number): ArrayBuffer {
  const copy = buffer.slice(0);
  const view = new DataView(copy);
  for (let i = 0; i + 4 <= copy.byteLength; i++) {
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return copy;
}

describe('file limits', () => {
  it('refuses an 11 MB template before reading it', async () => {
    await expect(analyseTemplate(new ArrayBuffer(ELEVEN_MB))).rejects.toThrow(
      'File size must be less than 10MB',
    );
  });

  it('reads data files up to 50 MB and refuses a larger one naming its size and the limit', async () => {
    expect(() => assertReadable(new ArrayBuffer(ELEVEN_MB), 'data')).not.toThrow();
    expect(() => assertReadable(new ArrayBuffer(50 * 1024 * 1024), 'data')).not.toThrow();
    await expect(readWorkbook(new ArrayBuffer(51 * 1024 * 1024))).rejects.toThrow(
      'The data file is 51.00 MB; a data file can be at most 50 MB. Split it into smaller files',
    );
  });

  it('accepts exactly 10 MB (10485760 bytes) as far as size goes', () => {
    expect(() => assertReadable(new ArrayBuffer(MAX_FILE_BYTES))).not.toThrow();
  });

  it('reads entry count and unpacked size from the central directory', () => {
    const zip = new PizZip();
    zip.file('a.txt', 'x'.repeat(1000));
    zip.file('b.txt', 'y'.repeat(500));
    const summary = summariseZip(
      new Uint8Array(zip.generate({ type: 'arraybuffer', compression: 'DEFLATE' })),
    );
    expect(summary).toEqual({ entries: 2, unpackedBytes: 1500, suspiciousRatio: false });
  });

  it('refuses a template whose entries declare more than 200 MB unpacked', async () => {
    const bomb = declareUnpackedSize(buildDocx({ body: paragraph('{a}') }), 150 * 1024 * 1024);
    await expect(analyseTemplate(bomb)).rejects.toThrow(
      /^Invalid DOCX file: .*more than 200 MB.*zip bomb/,
    );
  });

  it('refuses a workbook zip with more than 10,000 entries', async () => {
    const zip = new PizZip();
    for (let i = 0; i < 10_001; i++) zip.file(`xl/f${i}.xml`, '');
    const bomb = zip.generate({ type: 'arraybuffer' });
    await expect(readWorkbook(bomb)).rejects.toThrow(/more than 10000 files.*zip bomb/);
  });

  it('refuses one highly compressed entry that inflates to many megabytes', async () => {
    const zip = new PizZip();
    zip.file('word/document.xml', new Uint8Array(8 * 1024 * 1024));
    const packed = zip.generate({ type: 'arraybuffer', compression: 'DEFLATE' });
    expect(packed.byteLength).toBeLessThan(16 * 1024);
    await expect(analyseTemplate(packed)).rejects.toThrow(
      /^Invalid DOCX file: .*compressed more than 500:1.*zip bomb/,
    );
  });
});
