const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** '0 Bytes', '512 Bytes', '1.50 KB', '10.00 MB', '2.00 GB' (1024 steps; GB is the largest unit). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  let unit = 0;
  while (unit < UNITS.length - 1 && bytes >= 1024 ** (unit + 1)) unit++;
  if (unit === 0) return `${Math.round(bytes)} Bytes`;
  return `${(bytes / 1024 ** unit).toFixed(2)} ${UNITS[unit]}`;
}
