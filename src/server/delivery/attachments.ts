// A recipient's attachment: its pages of the job's merged PDF (stored once), or its own .docx.
import type { Kysely, Selectable } from 'kysely';
import type { Database, DeliveryRecipientsTable } from '../db/schema';
import { storedFile } from './fileChunks';
import { openCutter, type MergedPdf } from './pdfCut';

type Recipient = Selectable<DeliveryRecipientsTable>;

export const PDF_TYPE = 'application/pdf';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** pdf-lib is large and few starts send invoices: loaded on the first one. */
export const pdfLib = () => import('@cantoo/pdf-lib');

/**
 * Merged PDFs being cut, a few at a time: every row of a job reads the same one. Each is read
 * through a few of its stored chunks (./fileChunks.ts; one blob for a file stored before them)
 * and what the lazy reader keeps of it (docs/delivery.md, "Memory").
 */
export class AttachmentSource {
  private readonly parsed = new Map<number, Promise<MergedPdf>>();
  constructor(
    private readonly db: Kysely<Database>,
    private readonly keep = 2,
  ) {}

  private pdf(fileId: number): Promise<MergedPdf> {
    let doc = this.parsed.get(fileId);
    if (!doc) {
      doc = Promise.all([storedFile(this.db, fileId), pdfLib()]).then(([file, lib]) =>
        openCutter(lib, file),
      );
      doc.catch(() => this.parsed.delete(fileId));
      this.parsed.set(fileId, doc);
      while (this.parsed.size > this.keep) this.parsed.delete(this.parsed.keys().next().value!);
    }
    return doc;
  }

  async of(row: Recipient): Promise<{ content: Buffer; contentType: string }> {
    if (row.file_id === null) throw new Error('this mail has no document');
    if (row.page_from === null || row.page_to === null)
      return {
        content: asBuffer(await (await storedFile(this.db, row.file_id)).whole()),
        contentType: DOCX_TYPE,
      };
    const merged = await this.pdf(row.file_id);
    const count = merged.pageCount;
    if (row.page_to > count)
      throw new Error(`pages ${row.page_from}–${row.page_to} are beyond the PDF's ${count} pages`);
    return { content: await merged.cut(row.page_from, row.page_to), contentType: PDF_TYPE };
  }
}
