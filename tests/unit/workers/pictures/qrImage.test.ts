// The QR codes' PNG images: the symbol taken from the QR library's own steps is, module by module,
// the one its public call draws; the PNG holds exactly those modules at the chosen scale, with its
// quiet zone; and an independent decoder (ZXing) reads the text back.
import encodeQR from 'qr';
import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { qrLayout, qrMatrix, qrPicture } from '../../../../src/workers/pictures/qrImage';
import { dynamicQris } from '../../../../src/domain/qris';
import { crc32 } from '../../../../src/domain/zip/crc32';
import { decodeQr } from '../../../support/qrDecode';
import { STATIC_QRIS } from '../../../support/qris';

function qris(amount: number, invoice: string): string {
  const made = dynamicQris(STATIC_QRIS, amount, invoice);
  if (!('payload' in made)) throw new Error(made.problem);
  return made.payload;
}

const TEXTS = [
  '1',
  '0123456789'.repeat(30),
  'HTTPS://EXAMPLE.COM/PAY $%*+-./:',
  'https://portal.example.com/tagihan?no=INV%2F2025%2F000123',
  'Pelanggan Jalan Merdeka № 17 — Surabaya 🇮🇩',
  'x'.repeat(2331), // the most bytes a version 40 code holds at level M
  qris(150_000, 'INV/2025/000001'),
  qris(1_234.5, 'INV/2025/000002'),
  // Around version boundaries: each length fills or just passes a version's capacity.
  ...[14, 15, 26, 27, 42, 43, 62, 63, 84, 85, 106, 107, 122, 123, 213, 214].map((n) =>
    'a'.repeat(n),
  ),
];

/** The PNG's pixels (true = black) read with a general inflater, and its size. */
function pixels(png: Uint8Array): { width: number; dark: (x: number, y: number) => boolean } {
  const view = new DataView(png.buffer, png.byteOffset);
  let at = 8;
  let width = 0;
  const idat: Uint8Array[] = [];
  while (at < png.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      expect([png[at + 16], png[at + 17]]).toEqual([1, 0]); // 1 bit, grey scale
    }
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat)); // checks the zlib stream's Adler-32 too
  const stride = 1 + Math.ceil(width / 8);
  expect(raw.length).toBe(stride * width);
  for (let y = 0; y < width; y++) expect(raw[y * stride]).toBe(0); // filter: none
  return {
    width,
    dark: (x, y) => ((raw[y * stride + 1 + (x >>> 3)] >>> (7 - (x & 7))) & 1) === 0,
  };
}

describe('QR codes as PNG', () => {
  test('the symbol is, module by module, the one the library’s public call draws', () => {
    for (const text of TEXTS) {
      const grid = encodeQR(text, 'raw', { ecc: 'medium', border: 1 });
      const m = qrMatrix(text);
      expect(m.size, text.slice(0, 20)).toBe(grid.length - 2);
      for (let y = 0; y < m.size; y++)
        for (let x = 0; x < m.size; x++)
          expect(((m.v[y * m.words + (x >>> 5)] >>> (x & 31)) & 1) === 1).toBe(grid[y + 1][x + 1]);
    }
  });

  test('a text too long for any QR code is refused', () => {
    expect(() => qrPicture('x'.repeat(2332), 914_400)).toThrow();
    expect(() => qrLayout('x'.repeat(2332), 914_400)).toThrow();
  });

  test('the size placed before drawing (a picture thread draws later) is the size drawn', () => {
    for (const text of TEXTS)
      for (const widthEmu of [720_000, 1_260_000])
        expect(qrLayout(text, widthEmu).size, text.slice(0, 20)).toBe(
          qrPicture(text, widthEmu).width,
        );
  });

  test('the PNG holds the symbol, a quiet zone of four modules, each module whole pixels at 300 dpi or more', () => {
    for (const [text, widthEmu] of [
      [qris(50_000, 'INV/2025/000003'), 1_260_000], // 3.5 cm
      ['https://example.com', 720_000], // 2 cm
      ['A', 5_000_000], // large: 16 pixels a module at most
    ] as const) {
      const picture = qrPicture(text, widthEmu);
      const grid = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
      const { width, dark } = pixels(picture.bytes);
      expect(width).toBe(picture.width);
      const scale = width / grid.length;
      expect(Number.isInteger(scale)).toBe(true);
      expect(scale).toBeLessThanOrEqual(16);
      if (scale < 16) expect(width / (widthEmu / 914_400)).toBeGreaterThanOrEqual(300);
      for (let y = 0; y < width; y++)
        for (let x = 0; x < width; x++)
          if (dark(x, y) !== grid[Math.floor(y / scale)][Math.floor(x / scale)])
            throw new Error(`${text}: pixel ${x},${y} differs`);
    }
  });

  test('the CRC-32 a picture states (its zip entry’s) is its bytes’ CRC-32', () => {
    for (const text of TEXTS)
      for (const widthEmu of [100_000, 720_000, 1_260_000, 5_000_000]) {
        const picture = qrPicture(text, widthEmu);
        expect(picture.crc, text.slice(0, 20)).toBe(crc32(picture.bytes));
      }
  });

  test('a decoder reads each text back from its PNG', async () => {
    for (const text of [qris(99_999, 'INV/2025/000004'), 'https://example.com/ä', '0123456789'])
      expect(await decodeQr(qrPicture(text, 1_260_000).bytes)).toEqual([text]);
  });
});
