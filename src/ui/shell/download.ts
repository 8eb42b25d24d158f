// Hands a file made in the page (a generated document, an export from the server) to the
// browser's downloads: an object URL clicked through a temporary <a download>.
export function downloadBlob(blob: Blob, fileName: string): void {
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
