import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { DeflateCodec } from '../../domain/docx';

/** zlib's smallest output piece. */
const MIN_CHUNK = 64;

/**
 * node:zlib for the sanitiser: native speed, and inflation stops at the declared size. With the
 * size the zip declares, the output is written into one buffer of that size: inflateRawSync
 * otherwise writes 16 KB pieces and joins them, twice the bytes at once (a 20 MB document.xml
 * held 42 MB), and the pieces freed in a thread stayed in glibc's arena after the thread ended.
 */
export const nodeDeflateCodec: DeflateCodec = {
  inflateRaw: (data, maxBytes, expectedBytes) =>
    inflateRawSync(data, {
      maxOutputLength: Math.max(1, maxBytes),
      ...(expectedBytes === undefined
        ? {}
        : { chunkSize: Math.max(MIN_CHUNK, Math.min(expectedBytes, maxBytes)) }),
    }),
  deflateRaw: (data) => deflateRawSync(data, { level: 6 }),
};
