// The pictures stage: what goes into a picture placed per row (docs/pictures.md). QR codes drawn
// as PNG, the images chosen next to the data file read and checked, and the DrawingML a
// placeholder picture (or a typed tag) becomes. The template stage finds the placeholders, the
// merge stage places the pictures.
export {
  drawingTemplate,
  holeValues,
  INLINE_DRAWING,
  renderDrawing,
  type DrawingTemplate,
  type DrawingValues,
} from './drawing';
export { qrPicture } from './qrImage';
export { qrDrawer, useQrThreads, type QrDrawer, type QrThread } from './qrDrawer';
export { answerQrBatch, QR_THREAD_NAME, type QrBatch } from './qrThread';
export type { Picture } from './picture';
export { readImageSet, type ImageSet } from './imageSet';
