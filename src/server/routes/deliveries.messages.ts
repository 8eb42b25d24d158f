// The delivery API's answers. Those without numbers the page shows in the user's language by their
// English text; those with numbers or names also carry a code and its params
// (src/domain/delivery/deliveryErrors.ts), which the page words in English or Indonesian.
import type {
  DeliveryErrorCode,
  DeliveryErrorParams,
  DeliveryNoticeCode,
} from '../../domain/delivery/deliveryErrors';
import { ApiError } from '../errors';

export const DELIVERY_MESSAGES = {
  badJob: 'The delivery job is not valid JSON with period, attachment and recipients',
  badPeriod: 'Period must look like 2025-01',
  badAttachment: 'Attachment must be pdf or docx',
  badReplyTo: 'Reply-To must be one e-mail address',
  noRecipients: 'The job has no recipients',
  tooManyRecipients: (n: number) => `A job holds at most ${n.toLocaleString('en-US')} recipients`,
  badRecipient: (n: number) => `Recipient ${n} is incomplete (row, key, to, subject, message)`,
  periodNotFound: (period: string) => `Period ${period} does not exist`,
  nothingToSend: 'No row can be sent',
  noDocument: 'The merged PDF is missing',
  badDocuments: 'The documents part must be a zip of stored .docx files',
  notPdf: 'The merged document is not a PDF',
  badPages: (row: number, pages: number) =>
    `Row ${row}: its pages are not within the PDF's ${pages} pages`,
  missingDocx: (row: number) => `Row ${row}: its .docx file is missing`,
  badDocx: (row: number) => `Row ${row}: its .docx file is not a Word document that can be sent`,
  userJobLimit: (n: number) => `You have started ${n} delivery jobs today, the daily limit`,
  userRecipientLimit: (n: number) =>
    `This job would take you over ${n} recipients today, the daily limit`,
  started: (n: number) => `${n} ${n === 1 ? 'e-mail' : 'e-mails'} queued`,
  paused: 'Delivery paused',
  resumed: 'Delivery resumed',
  cancelled: 'Delivery cancelled',
  resent: (n: number) => `${n} ${n === 1 ? 'e-mail' : 'e-mails'} queued again`,
  markedSent: 'Marked as sent',
  notUnknown: 'Only a mail whose sending is unknown can be marked as sent',
  notResendable: 'This mail is queued or being sent',
  jobEnded: 'This delivery has ended',
} as const;

/** A notice's code and params beside its English text: `N e-mails queued (again)`. */
export function notice(code: DeliveryNoticeCode, count: number) {
  return { code, params: { count } };
}

/** A refusal with its English text, and its code and params for the page to word. */
export function refusal(
  status: number,
  code: DeliveryErrorCode,
  message: string,
  params: DeliveryErrorParams,
  field?: string,
): ApiError {
  return new ApiError(status, message, field, undefined, { code, params });
}
