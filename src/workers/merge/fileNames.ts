/** The local calendar date as YYYY-MM-DD: the date the user sees on their clock. */
export function localDateStamp(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

export function mergedFileName(now: Date): string {
  return `Merged_Invoices_${localDateStamp(now)}.docx`;
}

export function exportFileName(now: Date): string {
  return `Tagihan_Voice_${localDateStamp(now)}.xlsx`;
}
