// Builds a delivery job as the page hands it over: one merged PDF (a page per row, holding the
// row's key and customer) and the recipients with their page ranges.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

export interface JobRow {
  row: number;
  key: string;
  to: string;
  subject: string;
  message: string;
  pages?: [number, number];
}

export async function mergedPdf(
  rows: readonly { key: string; customer: string }[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const row of rows) {
    const page = doc.addPage([300, 200]);
    page.drawText(`Invoice ${row.key}`, { x: 20, y: 150, size: 14, font });
    page.drawText(`Customer ${row.customer}`, { x: 20, y: 120, size: 12, font });
  }
  return doc.save();
}

export function jobForm(
  job: { period: string; reply_to?: string; resend_keys?: string[]; recipients: JobRow[] },
  pdf: Uint8Array,
): FormData {
  const form = new FormData();
  form.set('job', JSON.stringify({ attachment: 'pdf', ...job }));
  form.set(
    'merged',
    new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    'merged.pdf',
  );
  return form;
}

export function rowsFor(addresses: readonly string[], prefix = 'INV-2025-'): JobRow[] {
  return addresses.map((to, i) => {
    const key = `${prefix}${String(i + 1).padStart(4, '0')}`;
    return {
      row: i + 2,
      key,
      to,
      subject: `Tagihan ${key} periode 2025-11`,
      message: `Yth. Pelanggan ${i + 1},\nterlampir tagihan ${key}.`,
      pages: [i + 1, i + 1],
    };
  });
}
