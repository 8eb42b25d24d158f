// The package stage: deflating parts and writing zips (the merged .docx, one file per row, the
// PDF split, e-Faktur), for every other stage. The only module other stages import from it;
// why the deflate is written here and how is docs/deflate.md.
export { crc32 } from '../../domain/zip/crc32';
export { StreamingDeflate } from './compressedParts';
export {
  deflatedFromChunks,
  deflatedInFrame,
  deflateSmall,
  framedLength,
  partFrame,
  staticFrame,
  writeFromChunks,
  type DeflatedPart,
  type PartFrame,
} from './smallParts';
export { FramedDeflate } from './framedDeflate';
export { LineShape, LinesDeflate } from './linesDeflate';
export { SharedZip } from './sharedZip';
export { sealingEntryBlock, zipBlob } from './zipBlob';
export {
  deflatedEntry,
  EntryBlock,
  entriesOf,
  MAX_CLASSIC_ENTRIES,
  nativeDeflatedEntry,
  writeZip,
  type ZipEntry,
} from './zipWriter';
