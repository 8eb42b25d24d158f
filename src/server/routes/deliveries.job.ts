// The job of POST /deliveries (docs/delivery.md), checked before anything is stored: the period,
// the attachment kind, the reply-to and every recipient's texts and pages; a row that breaks a
// rule is refused and named (./deliveries.create.ts).
import { breaksHeader, isEmailAddress, type DeliveryJobRow } from '../../domain/delivery/delivery';
import { isValidPeriod } from '../../domain/billing/period';
import { ApiError } from '../errors';
import { DELIVERY_MESSAGES as M, refusal } from './deliveries.messages';

export interface Job {
  period: string;
  attachment: 'pdf' | 'docx';
  reply_to?: string;
  resend_keys?: string[];
  recipients: DeliveryJobRow[];
}

const MAX_RECIPIENTS = 20_000;
const MAX_TEXT = 20_000;

function isText(value: unknown, max = MAX_TEXT): value is string {
  return typeof value === 'string' && value.length <= max;
}

/** The job's JSON as the page sent it, checked; a 400 (or 413) naming what is wrong otherwise. */
export function parseJob(raw: unknown): Job {
  let job: Partial<Job>;
  try {
    job = JSON.parse(typeof raw === 'string' ? raw : '') as Partial<Job>;
  } catch {
    throw new ApiError(400, M.badJob, 'job');
  }
  if (!job || typeof job !== 'object') throw new ApiError(400, M.badJob, 'job');
  if (typeof job.period !== 'string' || !isValidPeriod(job.period))
    throw new ApiError(400, M.badPeriod, 'period');
  if (job.attachment !== 'pdf' && job.attachment !== 'docx')
    throw new ApiError(400, M.badAttachment, 'attachment');
  if (job.reply_to !== undefined && job.reply_to !== '') {
    if (!isText(job.reply_to, 254) || breaksHeader(job.reply_to) || !isEmailAddress(job.reply_to))
      throw new ApiError(400, M.badReplyTo, 'reply_to');
  }
  if (!Array.isArray(job.recipients) || job.recipients.length === 0)
    throw new ApiError(400, M.noRecipients, 'recipients');
  if (job.recipients.length > MAX_RECIPIENTS)
    throw refusal(413, 'tooManyRecipients', M.tooManyRecipients(MAX_RECIPIENTS), {
      limit: MAX_RECIPIENTS,
    });
  job.recipients.forEach((r, i) => {
    const pagesOk =
      r.pages === undefined ||
      (Array.isArray(r.pages) &&
        r.pages.length === 2 &&
        r.pages.every((p) => Number.isInteger(p) && p >= 1) &&
        r.pages[0] <= r.pages[1]);
    if (
      !r ||
      !Number.isInteger(r.row) ||
      ![r.key, r.to, r.subject, r.message].every((t) => isText(t)) ||
      !pagesOk ||
      (r.file !== undefined && !isText(r.file, 100))
    )
      throw refusal(400, 'badRecipient', M.badRecipient(i + 1), { recipient: i + 1 }, 'recipients');
  });
  if (
    job.resend_keys !== undefined &&
    !(Array.isArray(job.resend_keys) && job.resend_keys.every((k) => isText(k, 500)))
  )
    throw new ApiError(400, M.badJob, 'resend_keys');
  return job as Job;
}
