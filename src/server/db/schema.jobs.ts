// The tables of the server's queued work (./schema.ts): e-mail deliveries, their recipients and
// the keys they counted (docs/delivery.md), and long PDF conversions whose chunks any node may
// take (docs/pdf-chunks.md).
import type { Generated } from 'kysely';
import type { Count, Timestamp } from './schema.columns';

export type DeliveryStatus = 'active' | 'paused' | 'cancelled' | 'done';
export type RecipientStatus =
  'queued' | 'sending' | 'sent' | 'outbox' | 'failed' | 'unknown' | 'cancelled';

/** One e-mail delivery job of a period (migrations/deliveries.ts). */
export interface DeliveriesTable {
  id: Generated<number>;
  invoice_summary_id: number;
  created_by: number | null;
  created_by_name: string;
  created_at: Timestamp;
  status: DeliveryStatus;
  attachment_kind: 'pdf' | 'docx';
  sender: string;
  reply_to: string | null;
  total: number;
  count_capped: Count;
  ended_at: Timestamp | null;
  purged_at: Timestamp | null;
}

/**
 * A job's document (migrations/deliveries.ts). Stored before migrations/deliveryFileChunks.ts:
 * `bytes` whole and `size` null; since: `bytes` empty, `size` its length, its bytes in chunks.
 */
export interface DeliveryFilesTable {
  id: Generated<number>;
  delivery_id: number;
  bytes: Buffer;
  size: number | null;
}

/** A piece of a job's document, about 1 MB (src/server/delivery/fileChunks.ts). */
export interface DeliveryFileChunksTable {
  file_id: number;
  /** 0, 1, ...: the chunks in the file's order. */
  seq: number;
  /** Its first byte's offset in the file. */
  start: number;
  bytes: Buffer;
}

/** One recipient (one invoice, one mail) of a job; also its queue item (src/server/jobs). */
export interface DeliveryRecipientsTable {
  id: Generated<number>;
  delivery_id: number;
  invoice_summary_id: number;
  row_number: number;
  invoice_key: string;
  /** The addresses of the To header, joined with ', '. */
  addresses: string;
  subject: string;
  /** Null once retention removed it. */
  body: string | null;
  attachment_name: string;
  file_id: number | null;
  page_from: number | null;
  page_to: number | null;
  status: RecipientStatus;
  run_after: Timestamp;
  attempts: Count;
  claimed_by: string | null;
  claimed_at: Timestamp | null;
  finished_at: Timestamp | null;
  message_id: string | null;
  server_answer: string | null;
  counted: Count;
}

/** An invoice key of a period that raised its delivered count (migrations/deliveryCountedKeys.ts). */
export interface DeliveryCountedKeysTable {
  invoice_summary_id: number;
  invoice_key: string;
  recipient_id: number;
}

/** A long PDF conversion whose chunks any node may take (docs/pdf-chunks.md, "Across nodes"). */
export interface PdfJobsTable {
  id: Generated<number>;
  /** The node that received the request: it joins and answers. */
  node: string;
  status: 'active' | 'cancelled' | 'failed';
  created_at: string;
  /** The user who sent the job and the id their page polls its progress by (docs/pdf-chunks.md). */
  user_id: string | null;
  progress_key: string | null;
  /** Written by the receiving node while the job lives; an old one means that node died. */
  heartbeat_at: string | null;
  /** The document's sections (the job's progress). */
  sections: number | null;
}

/** One chunk of sections of a PdfJobsTable job; also its queue item (src/server/jobs). */
export interface PdfChunksTable {
  id: Generated<number>;
  job_id: number;
  position: number;
  first_row: number;
  last_row: number;
  status: 'ready' | 'converting' | 'done' | 'failed';
  run_after: string;
  attempts: Count;
  claimed_by: string | null;
  claimed_at: string | null;
  docx: Buffer;
  pdf: Buffer | null;
  outcome: string | null;
  /** Pages of the chunk's PDF, once converted (the job's progress). */
  pages: number | null;
}
