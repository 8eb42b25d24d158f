import type { DownloadParams } from '../../../machines/generator/types';
import { downloadBlob } from '../../shell/download';

/** Starts a browser download of a produced file. */
export function downloadFile({ file, fileName }: DownloadParams): void {
  downloadBlob(file, fileName);
}
