import type { DownloadParams } from '../../../machines/generator/types';
import { downloadBlob } from '../../shell/download';

/** Starts a browser download of a produced file. */
export function downloadFile({ bytes, fileName, mimeType }: DownloadParams): void {
  downloadBlob(new Blob([bytes], { type: mimeType }), fileName);
}
