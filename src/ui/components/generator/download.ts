import type { DownloadParams } from '../../../machines/generator/types';

/** Starts a browser download of a produced file: an object URL clicked through a temporary <a download>. */
export function downloadFile({ bytes, fileName, mimeType }: DownloadParams): void {
  const blob = new Blob([bytes], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click only starts the download; give the browser time to read the blob before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
