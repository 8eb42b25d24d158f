// What a conversion answers (./pool.ts, ./chunked.ts, ./shared.ts): the PDF in its own directory,
// or an error naming how it ended.
import type { PdfOutcome } from './stats';

export class PdfConversionError extends Error {
  override readonly name = 'PdfConversionError';
  constructor(
    readonly outcome: Exclude<PdfOutcome, 'ok'>,
    message: string,
  ) {
    super(message);
  }
}

export interface PdfResult {
  /** The PDF, inside the conversion's directory. */
  file: string;
  size: number;
  /** Removes the conversion's directory; call when the answer has ended. */
  dispose(): Promise<void>;
}
