// Hands the e-mails of a run to the server once (docs/delivery.md, "The page"). The documents are
// made in one go, never one worker call per mail:
// - PDF: the worker merges the mails' rows (or groups) into one document marked per section, the
//   server converts it once (the PDF path of Generate), the worker finds each section's pages, and
//   the job carries the one PDF with each recipient's page range (the server cuts them);
// - .docx: the worker makes every mail's .docx in one call (the per-row zip of Generate, its files
//   stored) and that zip is the one document part; each recipient names its file in it.
// The server refuses and names what it cannot send, and sends the rest itself.
import { documents, FALLBACK } from '../../api';
import {
  deliveries,
  type DeliveryCreated,
  type DeliveryJobRow,
} from '../../api/services/deliveries';
import { OUTPUT_MIME } from '../../domain/generator/generationJob';
import type { ServiceResult } from '../../domain/serviceResult';
import type { RowMail } from '../../domain/delivery/mailRows';
import { documentRows, groupRowsOf } from '../../machines/generator/mail';
import { generationJob } from '../../machines/generator/selectors';
import type { GeneratorContext } from '../../machines/generator/types';
import { CancelledError, generatorBridge, type GeneratorBridge } from '../../workers/bridge';

export type MailAttachment = 'pdf' | 'docx';

/** Where the making of the attachments is: the worker's merge, or the server's conversion. */
export type MailProgress = { step: 'making'; done: number; total: number } | { step: 'converting' };

export interface MailJob {
  period: string;
  replyTo: string;
  attachment: MailAttachment;
  /** The mails to send with the table index of each mail's row. */
  mails: readonly { mail: RowMail; index: number }[];
  onProgress?: (progress: MailProgress) => void;
  signal?: AbortSignal;
}

/** The documents made are not one per mail (they must be: the rows mailed are those Generate makes). */
export class MailDocumentsMismatch extends Error {
  constructor(
    readonly made: number,
    readonly mails: number,
  ) {
    super(`${made} documents were made for ${mails} e-mails`);
    this.name = 'MailDocumentsMismatch';
  }
}

/** The size in bytes of the attachment one mail would carry (the row at table index `index`). */
export async function attachmentSize(
  context: GeneratorContext,
  index: number,
  attachment: MailAttachment,
  signal?: AbortSignal,
): Promise<number> {
  // No signal to the worker: aborting a call there ends the worker and every call it holds (a
  // sheet being read, a generation), and this one row's merge is short; its answer is dropped.
  const made = await generatorBridge.generate({
    ...generationJob(context),
    rows: documentRows(context, index),
    output: { kind: 'merged' },
  });
  if (signal?.aborted) throw new CancelledError();
  if (attachment === 'docx') return made.file.size;
  const converted = await documents.convertToPdf(made.file, { signal });
  if (!converted.success || !converted.data)
    throw new Error(converted.error ?? FALLBACK.pdfConversion);
  return converted.data.size;
}

/** The table rows the worker merges for these mails: their rows, or their groups' selected rows. */
function rowsOfMails(context: GeneratorContext, indexes: readonly number[]): Uint32Array {
  return context.groupBy ? groupRowsOf(context, indexes) : Uint32Array.from(indexes);
}

export interface MailDocuments {
  recipients: DeliveryJobRow[];
  documents: Record<string, Blob>;
}

/** Every mail's document, made in one worker call (and one conversion for PDF). */
export async function mailDocuments(
  context: GeneratorContext,
  job: Pick<MailJob, 'attachment' | 'mails' | 'onProgress' | 'signal'>,
  bridge: GeneratorBridge = generatorBridge,
): Promise<MailDocuments> {
  const { mails, signal } = job;
  const rows = rowsOfMails(
    context,
    mails.map((m) => m.index),
  );
  const onProgress = ({ processed, total }: { processed: number; total: number }) =>
    job.onProgress?.({ step: 'making', done: processed, total });
  const base = generationJob(context);
  const row = ({ mail }: (typeof mails)[number]) => ({
    row: mail.row,
    key: mail.key,
    to: mail.to,
    subject: mail.subject,
    message: mail.message,
  });
  if (job.attachment === 'docx') {
    // One zip of stored .docx files, handed over as it is: the server reads each row's file out
    // of it by name. A Blob part per mail cost the page ~1.4 ms per slice and more to build the
    // body (tests/bench/delivery.ts).
    const made = await bridge.generate(
      { ...base, rows, output: { kind: 'zip', nameColumn: '' } },
      onProgress,
      { signal },
    );
    const names = made.sectionNames ?? [];
    if (names.length !== mails.length) throw new MailDocumentsMismatch(names.length, mails.length);
    return {
      recipients: mails.map((m, i) => ({ ...row(m), file: names[i] })),
      documents: { documents: made.file },
    };
  }
  const merged = await bridge.generate(
    { ...base, rows, output: { kind: 'pdfPerRow', nameColumn: '' } },
    onProgress,
    { signal },
  );
  if (merged.count !== mails.length) throw new MailDocumentsMismatch(merged.count, mails.length);
  job.onProgress?.({ step: 'converting' });
  const converted = await documents.convertToPdf(merged.file, { signal });
  if (!converted.success || !converted.data)
    throw new Error(converted.error ?? FALLBACK.pdfConversion);
  const pdf = new Blob([converted.data], { type: OUTPUT_MIME.pdf });
  const pages = await bridge.pdfSectionPages(await pdf.arrayBuffer(), mails.length, { signal });
  return {
    recipients: mails.map((m, i) => ({ ...row(m), pages: pages[i] })),
    documents: { merged: pdf },
  };
}

export async function sendMails(
  context: GeneratorContext,
  job: MailJob,
): Promise<ServiceResult<DeliveryCreated>> {
  const { recipients, documents: files } = await mailDocuments(context, job);
  return deliveries.create(
    {
      period: job.period,
      attachment: job.attachment,
      replyTo: job.replyTo.trim(),
      recipients,
    },
    files,
  );
}
