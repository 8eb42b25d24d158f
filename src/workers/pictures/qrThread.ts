// The picture thread's side (docs/pictures.md, "Speed"): QR codes drawn as PNG in batches, beside
// the merge. A batch comes in as texts and widths; it goes back as one buffer of the PNGs one after
// another (transferred, not copied), where each ends, and each one's CRC-32 for its zip entry.
import { qrPicture } from './qrImage';

/** The name the generator worker starts its picture thread under (generator.worker.ts). */
export const QR_THREAD_NAME = 'qr-pictures';

/** QR codes to draw, in order. */
export interface QrBatch {
  readonly texts: readonly string[];
  readonly widths: readonly number[];
}

/** A batch drawn: the PNGs in `bytes`, the k-th from `ends[k − 1]` (0 for the first) to `ends[k]`. */
export interface QrAnswer {
  readonly bytes: ArrayBuffer;
  readonly ends: Uint32Array;
  readonly crcs: Uint32Array;
}

/** Draws a batch; the answer's buffers are its own, to transfer. */
export function drawQrBatch({ texts, widths }: QrBatch): QrAnswer {
  const pictures = texts.map((text, k) => qrPicture(text, widths[k]));
  const pngs = pictures.map((picture) => picture.bytes);
  const ends = new Uint32Array(pngs.length);
  const crcs = new Uint32Array(pngs.length);
  let length = 0;
  pngs.forEach((png, k) => {
    length += png.length;
    ends[k] = length;
    crcs[k] = pictures[k].crc;
  });
  const bytes = new Uint8Array(length);
  pngs.forEach((png, k) => bytes.set(png, k === 0 ? 0 : ends[k - 1]));
  return { bytes: bytes.buffer, ends, crcs };
}

/** What a thread answers through: a dedicated worker's global scope or Node's parent port. */
interface AnswerPort {
  postMessage(answer: QrAnswer, transfer: Transferable[]): void;
}

/** Answers one batch. */
export function answerQrBatch(port: AnswerPort, batch: QrBatch): void {
  const answer = drawQrBatch(batch);
  port.postMessage(answer, [answer.bytes, answer.ends.buffer, answer.crcs.buffer]);
}
