import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { DeflateCodec } from '../../domain/docx';

/** node:zlib for the sanitiser: native speed, and inflation stops at the declared size. */
export const nodeDeflateCodec: DeflateCodec = {
  inflateRaw: (data, maxBytes) => inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes) }),
  deflateRaw: (data) => deflateRawSync(data, { level: 6 }),
};
