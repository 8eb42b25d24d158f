import type { PdfOutcome } from './stats';

export const PDF_MESSAGES = {
  disabled: 'PDF conversion is not available on this server.',
  busy: (seconds: number) =>
    `The PDF converter is busy. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  userBusy: (limit: number, seconds: number) =>
    `You already have ${limit} PDF conversion${limit === 1 ? '' : 's'} running or waiting. Please wait for one to finish, then try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  contentType:
    'Send the Word document as application/vnd.openxmlformats-officedocument.wordprocessingml.document (or application/octet-stream).',
  failed: 'LibreOffice could not open this Word document, so no PDF was made.',
  timeout: (seconds: number) =>
    `The PDF conversion took longer than ${seconds} seconds and was stopped. Try fewer rows at once.`,
  crashed: 'The PDF converter stopped unexpectedly. Please try again.',
  aborted: 'The PDF conversion was cancelled.',
  progressId: 'The progress id must be 16 to 64 letters, digits, - or _.',
  progressInUse: 'A conversion with this progress id is already running.',
  markers: 'markers must be keep or drop.',
  progressUnknown: 'No conversion of yours is running with this progress id.',
  chunk: (first: number, last: number, reason: string) =>
    `Rows ${first}–${last} of the document could not be converted to PDF: ${reason}`,
} as const;

/** HTTP status of a conversion that produced no PDF. */
export const OUTCOME_STATUS: Record<Exclude<PdfOutcome, 'ok'>, number> = {
  failed: 422,
  timeout: 504,
  crashed: 502,
  aborted: 499,
};
