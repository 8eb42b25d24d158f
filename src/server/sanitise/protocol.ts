// Messages between the server and the sanitiser's thread.
import type { DocxRefusal, SanitiseMode } from '../../domain/docx';
import type { sanitiseDocx } from '../../domain/docx';
import type { DocxCut } from '../pdf/chunks';

/** How the sanitised package is cut for the PDF converter (docs/pdf-chunks.md): in the thread. */
export interface CutRequest {
  size: number;
  dropMarkers: boolean;
}

export interface SanitiseRequest {
  body: Uint8Array;
  options: {
    mode: SanitiseMode;
    maxUnpackedBytes: number;
    maxPartBytes: number;
    maxTokens: number;
    cut?: CutRequest;
  };
}

export type SanitiseAnswer =
  | ({ kind: 'sanitised'; cut?: DocxCut } & ReturnType<typeof sanitiseDocx>)
  | { kind: 'refused'; reason: DocxRefusal }
  | { kind: 'failed'; message: string };
