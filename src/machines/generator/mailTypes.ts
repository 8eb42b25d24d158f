// The e-mail outputs' types of the generator machine (docs/delivery.md, "The page"): the choices,
// the hand-over's state, what the send actor takes and sends back. Re-exported by types.ts.
import type { RowMail } from '../../domain/delivery/mailRows';
import type { GeneratorContext } from './types';

/** What the page words when a hand-over failed: the server's coded refusal, a count mismatch, a text. */
export type MailError =
  | {
      readonly kind: 'refused';
      readonly code?: string;
      readonly params?: Readonly<Record<string, string | number>>;
      readonly text: string;
    }
  | { readonly kind: 'mismatch'; readonly made: number; readonly mails: number }
  | { readonly kind: 'text'; readonly text: string };

/** Where the hand-over is: the worker making the attachments, the server converting them, the request. */
export type MailProgress =
  | { readonly step: 'making'; readonly done: number; readonly total: number }
  | { readonly step: 'converting' };

/** The server took the job but left some invoices out: how many it queued, and which it did not. */
export interface MailHandedOver {
  readonly queued: number;
  /** `key (row)` of each invoice not queued (sent before for the period, or refused). */
  readonly left: readonly string[];
}

/**
 * The e-mail outputs' choices and the hand-over's state (docs/delivery.md, "The page"): kept in the
 * machine so they survive the steps and a new sheet (a chosen column that is gone falls back to
 * its default).
 */
export interface MailState {
  /** The Send to column chosen; null: the one auto-picked (most cells hold addresses). */
  readonly sendTo: string | null;
  /** The Invoice key column chosen; null: the default (a Nomor-like column, or the group key). */
  readonly keyColumn: string | null;
  /** The subject written; null: the default `Tagihan {key}`. */
  readonly subject: string | null;
  readonly message: string;
  readonly replyTo: string;
  /** The delivery period ('' until the page knows the periods). */
  readonly period: string;
  /** The confirmation naming the count, the period and the sender is open. */
  readonly confirming: boolean;
  /** The hand-over in progress, or null. */
  readonly sending: MailProgress | null;
  readonly error: MailError | null;
  readonly handedOver: MailHandedOver | null;
}

/** One mail to hand over: its mail and the table index of its row (grouped: its group's first row). */
export interface MailToSend {
  readonly mail: RowMail;
  readonly index: number;
}

/** What the send actor takes: the context it makes the documents from, and the job. */
export interface SendMailsInput {
  readonly context: GeneratorContext;
  readonly period: string;
  readonly replyTo: string;
  readonly attachment: 'pdf' | 'docx';
  readonly mails: readonly MailToSend[];
}

/** The settings the user edits (MailState without the hand-over's state). */
export type MailSettingsEdit = Pick<
  MailState,
  'sendTo' | 'keyColumn' | 'subject' | 'message' | 'replyTo' | 'period'
>;

/** Events the send actor sends back while it hands the mails over. */
export type SendMailsActorEvent =
  | { type: 'generator.mailProgress'; progress: MailProgress }
  /** The server took the job: everything was queued (left empty), or some invoices were not. */
  | { type: 'generator.mailsHandedOver'; queued: number; left: readonly string[] }
  | { type: 'generator.mailsFailed'; error: MailError };

/** What the machine emits when the server queued every mail (the page opens Pengiriman). */
export interface MailsQueued {
  readonly type: 'generator.mailsQueued';
  readonly period: string;
}
