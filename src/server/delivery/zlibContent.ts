// A page's content streams inflated by zlib when a cut looks for the resources they name
// (src/domain/pdf/pageResources.ts): pdf-lib's inflate, written in JavaScript, was a quarter of
// a recipient's cut (docs/delivery.md, "The cut's garbage"). Only a stream whose one filter is
// FlateDecode without parameters; any other, or one zlib refuses, is left to pdf-lib as before.
import { inflateSync } from 'node:zlib';
import type { StreamDecoder } from '../../domain/pdf/pageResources';

type Lib = typeof import('@cantoo/pdf-lib');

export function zlibContent(lib: Lib): StreamDecoder {
  const { PDFArray, PDFName, PDFRawStream } = lib;
  const filterKey = PDFName.of('Filter');
  const parametersKey = PDFName.of('DecodeParms');
  const flate = PDFName.of('FlateDecode');
  return (stream) => {
    if (!(stream instanceof PDFRawStream) || stream.dict.get(parametersKey) !== undefined)
      return undefined;
    const filter = stream.dict.get(filterKey);
    const flateOnly =
      filter === flate ||
      (filter instanceof PDFArray && filter.size() === 1 && filter.get(0) === flate);
    if (!flateOnly) return undefined;
    try {
      return inflateSync(stream.contents);
    } catch {
      return undefined;
    }
  };
}
