// Reads QR codes back out of images with ZXing (C++, compiled to WebAssembly): an independent
// decoder, not the library that drew them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let prepared = false;

/** The texts of the QR codes in an image file (PNG, JPEG, GIF). */
export async function decodeQr(image: Uint8Array): Promise<string[]> {
  if (!prepared) {
    const wasm = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer } });
    prepared = true;
  }
  const results = await readBarcodes(new Blob([image.slice()]), { formats: ['QRCode'] });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
