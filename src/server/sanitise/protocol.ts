// Messages between the server and the sanitiser's thread.
import type { DocxRefusal, SanitiseMode } from '../../domain/docx';
import type { sanitiseDocx } from '../../domain/docx';

export interface SanitiseRequest {
  body: Uint8Array;
  options: {
    mode: SanitiseMode;
    maxUnpackedBytes: number;
    maxPartBytes: number;
    maxTokens: number;
  };
}

export type SanitiseAnswer =
  | ({ kind: 'sanitised' } & ReturnType<typeof sanitiseDocx>)
  | { kind: 'refused'; reason: DocxRefusal }
  | { kind: 'failed'; message: string };
