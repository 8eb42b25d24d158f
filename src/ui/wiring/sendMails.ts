// Hands the e-mails of a run to the server once (docs/delivery.md): the worker makes each mail's
// .docx (its row, or its group's rows), and the job with every document goes in one request.
// The server refuses and names what it cannot send, and sends the rest itself.
import { deliveries, type DeliveryCreated } from '../../api/services/deliveries';
import type { ServiceResult } from '../../domain/serviceResult';
import type { RowMail } from '../../domain/mailRows';
import { documentRows } from '../../machines/generator/mail';
import { generationJob } from '../../machines/generator/selectors';
import type { GeneratorContext } from '../../machines/generator/types';
import { generatorBridge } from '../../workers/bridge';

export interface MailJob {
  period: string;
  replyTo: string;
  /** The mails to send with the table index of each mail's row. */
  mails: readonly { mail: RowMail; index: number }[];
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** The size in bytes of the .docx one mail would carry (the row at table index `index`). */
export async function attachmentSize(context: GeneratorContext, index: number): Promise<number> {
  const made = await generatorBridge.generate({
    ...generationJob(context),
    rows: documentRows(context, index),
    output: { kind: 'merged' },
  });
  return made.file.size;
}

export async function sendMails(
  context: GeneratorContext,
  job: MailJob,
): Promise<ServiceResult<DeliveryCreated>> {
  const base = generationJob(context);
  const documents: Record<string, Blob> = {};
  const recipients = [];
  let done = 0;
  for (const { mail, index } of job.mails) {
    const made = await generatorBridge.generate(
      { ...base, rows: documentRows(context, index), output: { kind: 'merged' } },
      undefined,
      { signal: job.signal },
    );
    const file = `row${mail.row}`;
    documents[file] = made.file;
    recipients.push({
      row: mail.row,
      key: mail.key,
      to: mail.to,
      subject: mail.subject,
      message: mail.message,
      file,
    });
    job.onProgress?.(++done, job.mails.length);
  }
  return deliveries.create(
    { period: job.period, attachment: 'docx', replyTo: job.replyTo.trim(), recipients },
    documents,
  );
}
